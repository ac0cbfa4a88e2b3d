import { vietnamDate } from '@sen/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import {
  PayoutUnavailableError,
  payoutReference,
  type PayoutFailureCode,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutResult,
} from '../../providers/payout/payout-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { sideBySide } from '../../shared/side-by-side.ts';
import type { BankService } from '../bank/index.ts';
import type { CreditService } from '../credit/index.ts';
import type { MessageService } from '../message/index.ts';
import type { ProductService } from '../product/index.ts';
import type { OrderRow, PayoutAttemptRow } from './loan-state.ts';
import type { LoanService } from './loan.service.ts';

/** How long a claimed attempt is ours before another run may look at it (a process that died mid-call). */
export const CLAIM_MS = 60_000;
/** How soon a transfer the partner reports pending is asked about again. */
export const PENDING_RECHECK_MS = 2_000;
/**
 * How long one run goes on taking batch after batch while they come full (the job's lease is
 * renewed meanwhile; the next period's run starts when this one ends). Within it a backlog drains
 * instead of waiting 50 attempts per poll.
 */
export const RUN_BUDGET_MS = 30_000;
/** A bound on a run's batches whatever the clock says (a test's clock stands still). */
const MAX_BATCHES_PER_RUN = 200;

export interface PayoutDeps {
  uow: UnitOfWork;
  loans: LoanService;
  provider: PayoutProvider;
  credit: CreditService;
  product: ProductService;
  bank: BankService;
  messages: MessageService;
  /** The payout job's time (the app clock: the partner's delay runs on it). */
  clock: Clock;
  /** The loans' business clock: the payout's business date (day 0 of the loan). */
  businessClock: Clock;
  maxAttempts: number;
  retryMs: number;
  /** Attempts sent or asked about side by side (PAYOUT_CONCURRENCY; 1 when absent). */
  concurrency?: number;
  log: FastifyBaseLogger;
}

export interface PayoutRun {
  claimed: number;
  submitted: number;
  succeeded: number;
  failed: number;
  retried: number;
  pending: number;
  rejected: number;
  unknown: number;
}

/** An attempt claimed for this run and what to do with it. */
interface Claimed {
  attempt: PayoutAttemptRow;
  /** Ask the partner first: the attempt was sent before, or may have been (a crash, a timeout). */
  askFirst: boolean;
}

/**
 * The payout job (issue 11; docs/decisions/057, 073). Money for an order leaves only under a
 * reference stored before the call, and at most one attempt of an order is alive, so a crash or a
 * second instance can only delay a payout, never send it twice:
 * 1. claim due attempts (FOR UPDATE SKIP LOCKED) in a short transaction, mark them 'submitting' (or
 *    keep them for a status question), commit;
 * 2. outside any transaction ask the partner: `status(reference)` for anything that may have been
 *    sent, `submit` otherwise (and when the partner never got it);
 * 3. record the answer in one transaction: succeeded → the loan is paid out (schedule re-dated,
 *    fee and disbursement posted, the borrower told); failed for the borrower's account → the
 *    order fails, limit and quota restored ('Payment failed', 'Modify bank card'); failed otherwise
 *    → a new attempt with a new reference, up to PAYOUT_MAX_ATTEMPTS, then given up the same way;
 *    pending or unknown → asked again later.
 */
export class PayoutService {
  constructor(private readonly deps: PayoutDeps) {}

  /**
   * One run of the job: batches of at most `limit` due attempts, each batch's attempts sent or
   * asked about `concurrency` at a time, then the next batch while the last came full and the run's
   * budget lasts. (One batch per poll capped the job at 50 attempts per 5 s, about 5 payouts a
   * second with the partner's pending step, so a burst of commits left a backlog that grew; issue 24's soak.)
   */
  async runDue(limit = 50): Promise<PayoutRun> {
    const run: PayoutRun = { claimed: 0, submitted: 0, succeeded: 0, failed: 0, retried: 0, pending: 0, rejected: 0, unknown: 0 };
    const started = this.deps.clock().getTime();
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const rejectedBefore = run.rejected;
      const claimed = await this.claim(limit, run);
      run.claimed += claimed.length;
      await sideBySide(claimed, this.deps.concurrency ?? 1, (item) => this.processLogged(item, run));
      const due = claimed.length + run.rejected - rejectedBefore;
      if (due < limit || this.deps.clock().getTime() - started >= RUN_BUDGET_MS) break;
    }
    return run;
  }

  /** Steps 2 and 3 for one attempt; a failure is logged and leaves the attempt claimed. */
  private async processLogged(item: Claimed, run: PayoutRun): Promise<void> {
    try {
      await this.process(item, run);
    } catch (error) {
      // The attempt stays claimed until CLAIM_MS passes; the next run asks the partner first.
      this.deps.log.error({ err: error, reference: item.attempt.reference }, 'payout attempt not processed');
    }
  }

  /** Step 1: claims due attempts and marks them; refuses before any call what may no longer be paid. */
  async claim(limit: number, run: Pick<PayoutRun, 'rejected'> = { rejected: 0 }): Promise<Claimed[]> {
    const { uow, clock } = this.deps;
    return uow.transaction(async () => {
      const now = clock();
      const due = await this.deps.loans.orders.dueAttemptsForUpdate(now, limit);
      const claimed: Claimed[] = [];
      for (const attempt of due) {
        const [order] = await this.deps.loans.orders.lock([attempt.orderId]);
        if (!order) continue;
        if (attempt.state === 'created') {
          const refusal = await this.refusalBeforePayout(order, attempt);
          if (refusal) {
            await this.giveUp(order, attempt, { state: 'rejected', code: refusal, reason: refusal, now });
            run.rejected += 1;
            continue;
          }
          await this.deps.loans.orders.updateAttempt(attempt.id, { state: 'submitting', submittedAt: now, nextCheckAt: new Date(now.getTime() + CLAIM_MS) });
          if (order.state === 'pending') await this.deps.loans.orders.update(order.id, { state: 'paying' });
          claimed.push({ attempt: { ...attempt, state: 'submitting' }, askFirst: false });
        } else {
          await this.deps.loans.orders.updateAttempt(attempt.id, { nextCheckAt: new Date(now.getTime() + CLAIM_MS) });
          claimed.push({ attempt, askFirst: true });
        }
      }
      return claimed;
    });
  }

  /** Why an order may no longer be paid out (credit withdrawn, account gone), or null. */
  private async refusalBeforePayout(order: OrderRow, attempt: PayoutAttemptRow): Promise<string | null> {
    const credit = await this.deps.credit.account(order.userId);
    if (credit?.status !== 1) return 'CREDIT_NOT_APPROVED';
    if (!(await this.deps.bank.accountOf(order.userId, attempt.receivingAccountId))) return 'ACCOUNT_UNBOUND';
    return null;
  }

  /** Steps 2 and 3 for one attempt. */
  private async process({ attempt, askFirst }: Claimed, run: PayoutRun): Promise<void> {
    let result: PayoutResult | null;
    try {
      result = askFirst ? await this.deps.provider.status(attempt.reference) : null;
      if (result === null) {
        const request = await this.requestOf(attempt);
        if (request === null) {
          result = { reference: attempt.reference, state: 'failed', amount: attempt.amount, partnerTransactionId: null, failureCode: 'ACCOUNT_INVALID', failureReason: 'The account cannot receive transfers from our partner', completedAt: this.deps.clock() };
        } else {
          result = await this.deps.provider.submit(request);
          run.submitted += 1;
        }
      }
    } catch (error) {
      if (!(error instanceof PayoutUnavailableError)) throw error;
      // The outcome is unknown: the claim lapses and the next run asks the partner before anything else.
      run.unknown += 1;
      this.deps.log.warn({ reference: attempt.reference, err: error }, 'payout outcome unknown; will reconcile by reference');
      return;
    }
    await this.record(attempt, result, run);
  }

  /** The transfer of an attempt: the order's account (decrypted only here), amount and memo. */
  private async requestOf(attempt: PayoutAttemptRow): Promise<PayoutRequest | null> {
    const order = (await this.deps.loans.orders.findById(attempt.orderId))!;
    const account = await this.deps.bank.accountOf(order.userId, attempt.receivingAccountId);
    const number = await this.deps.bank.accountNumberForPayout(order.userId, attempt.receivingAccountId);
    // A wallet without a NAPAS BIN cannot take a NAPAS transfer: the borrower must pick a bank account.
    if (!account || !number || !/^\d{6}$/.test(account.bin)) return null;
    return {
      reference: attempt.reference,
      amount: attempt.amount,
      bankBin: account.bin,
      accountNumber: number,
      accountName: account.holderName || 'BORROWER',
      description: `${order.orderNo} giai ngan khoan vay`,
    };
  }

  /** Step 3: the partner's answer, in one transaction (unless another run recorded it first). */
  private async record(claimedAttempt: PayoutAttemptRow, result: PayoutResult, run: PayoutRun): Promise<void> {
    const { uow, clock, loans } = this.deps;
    await uow.transaction(async () => {
      const attempt = await loans.orders.lockAttempt(claimedAttempt.id);
      if (!attempt || attempt.state === 'succeeded' || attempt.state === 'failed') return;
      const [order] = await loans.orders.lock([attempt.orderId]);
      if (!order) return;
      const now = clock();
      if (result.state === 'pending') {
        await loans.orders.updateAttempt(attempt.id, { state: 'pending', partnerTransactionId: result.partnerTransactionId, nextCheckAt: new Date(now.getTime() + PENDING_RECHECK_MS) });
        if (order.state === 'pending') await loans.orders.update(order.id, { state: 'paying' });
        run.pending += 1;
        return;
      }
      const completedAt = result.completedAt ?? now;
      if (result.state === 'succeeded') {
        await loans.orders.updateAttempt(attempt.id, { state: 'succeeded', partnerTransactionId: result.partnerTransactionId, completedAt });
        if (await loans.disburse(order.id, vietnamDate(this.deps.businessClock()), completedAt)) {
          await this.deps.messages.notify(order.userId, 'loanDisbursed', { orderNo: order.orderNo, amount: order.disbursedAmount }, { eventKey: `loan-disbursed:${order.id}` });
        }
        run.succeeded += 1;
        return;
      }
      const code: PayoutFailureCode = result.failureCode ?? 'BANK_REJECTED';
      await loans.orders.updateAttempt(attempt.id, { state: 'failed', partnerTransactionId: result.partnerTransactionId, failureCode: code, failureReason: result.failureReason, completedAt });
      run.failed += 1;
      if (code !== 'ACCOUNT_INVALID' && attempt.attempt < this.deps.maxAttempts) {
        // Not the borrower's account: try again later under a new reference (the failed one is final).
        await loans.orders.insertAttempt({
          orderId: order.id,
          attempt: attempt.attempt + 1,
          reference: payoutReference(order.orderNo, attempt.attempt + 1),
          amount: attempt.amount,
          receivingAccountId: attempt.receivingAccountId,
          state: 'created',
          nextCheckAt: new Date(now.getTime() + this.deps.retryMs),
        });
        run.retried += 1;
        return;
      }
      await this.giveUp(order, { ...attempt, state: 'failed' }, { state: 'payout_failed', code, reason: result.failureReason ?? code, now });
    });
  }

  /**
   * The order will not be paid out: its state and reason, the attempt closed, the credit limit and
   * the product's quota of its apply date given back, the borrower told. In the caller's transaction.
   */
  private async giveUp(order: OrderRow, attempt: PayoutAttemptRow, outcome: { state: 'rejected' | 'payout_failed'; code: string; reason: string; now: Date }): Promise<void> {
    const { loans, credit, product, messages } = this.deps;
    if (attempt.state !== 'failed') {
      await loans.orders.updateAttempt(attempt.id, { state: 'failed', failureCode: outcome.code, failureReason: outcome.reason, completedAt: outcome.now });
    }
    await loans.orders.update(order.id, { state: outcome.state, closeReason: outcome.code, closedAt: outcome.now });
    await credit.release(order.userId, order.principal);
    await product.returnQuota(order.productId, order.applyDate);
    await messages.notify(order.userId, 'payoutFailed', { orderNo: order.orderNo, amount: order.disbursedAmount }, { eventKey: `payout-failed:${order.id}` });
  }

  /**
   * What an operator may do with an order's payout (decision 114): its attempt not yet at the
   * partner (`created`: the first, or the next after a bank refusal) may be cancelled; one the
   * partner holds (`submitting`, `pending`) may not, since the money may already be on its way.
   */
  async cancellable(orderId: number): Promise<{ order: OrderRow; attempt: PayoutAttemptRow }> {
    const { orders } = this.deps.loans;
    const order = await orders.findById(orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const attempt = await orders.liveAttempt(orderId);
    if (!attempt || (order.state !== 'pending' && order.state !== 'paying')) throw new AppError('PAYOUT_NOT_OPEN');
    if (attempt.state !== 'created') throw new AppError('PAYOUT_IN_FLIGHT');
    return { order, attempt };
  }

  /**
   * Cancels an order's payout on a second operator's approval (the `payout.cancel` proposal), in
   * the approval's transaction, exactly as the job gives one up: the attempt closed, the order
   * `payout_failed` (reason CANCELLED), the credit limit and the quota given back, the borrower
   * told. The attempt is locked before the order, as the job locks them, and checked again under
   * the lock: one the job claimed meanwhile is in flight and is not cancelled.
   */
  async cancel(orderId: number, now: Date): Promise<{ orderNo: string; state: 'payout_failed' }> {
    const { uow, loans } = this.deps;
    uow.requireTransaction('PayoutService.cancel');
    const { attempt: live } = await this.cancellable(orderId);
    const attempt = await loans.orders.lockAttempt(live.id);
    if (attempt?.state !== 'created') throw new AppError('PAYOUT_IN_FLIGHT');
    const [order] = await loans.orders.lock([orderId]);
    if (!order || (order.state !== 'pending' && order.state !== 'paying')) throw new AppError('PAYOUT_NOT_OPEN');
    await this.giveUp(order, attempt, { state: 'payout_failed', code: 'CANCELLED', reason: 'Cancelled by operators', now });
    return { orderNo: order.orderNo, state: 'payout_failed' };
  }

  /**
   * Asks the job to take an order's payout now (decision 114; one operator): an attempt waiting
   * for its retry time is sent on the next run, one the partner holds is asked about. No new
   * reference is made here: each attempt is stored before the job calls the partner.
   */
  async retryNow(orderId: number): Promise<{ orderNo: string; attempt: number; state: PayoutAttemptRow['state'] }> {
    const { uow, loans, clock } = this.deps;
    return uow.transaction(async () => {
      const order = await loans.orders.findById(orderId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      const live = await loans.orders.liveAttempt(orderId);
      if (!live || (order.state !== 'pending' && order.state !== 'paying')) throw new AppError('PAYOUT_NOT_OPEN');
      const attempt = await loans.orders.lockAttempt(live.id);
      // Claimed by a run this minute: it is being sent now.
      if (!attempt || attempt.state === 'submitting' || attempt.state === 'succeeded' || attempt.state === 'failed') throw new AppError('PAYOUT_IN_FLIGHT');
      await loans.orders.updateAttempt(attempt.id, { nextCheckAt: clock() });
      return { orderNo: order.orderNo, attempt: attempt.attempt, state: attempt.state };
    });
  }

  /**
   * bankErrorFlag (index/v3) and bankInfoPayOutFailSign (productInfo/detail): the borrower's latest
   * payout failed for their account, and they have neither changed their default account nor been
   * paid out since.
   */
  async bankError(userId: string): Promise<boolean> {
    const { orders } = this.deps.loans;
    const failed = await orders.latestAccountInvalidPayout(userId);
    if (!failed?.closedAt) return false;
    if (await orders.disbursedSince(userId, failed.closedAt)) return false;
    const current = await this.deps.bank.defaultAccount(userId);
    return current?.id === failed.accountId;
  }
}
