import { refundPosting, vietnamDate } from '@sen/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { PayoutUnavailableError, type PayoutFailureCode, type PayoutProvider, type PayoutRequest, type PayoutResult } from '../../providers/payout/payout-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { BankService, ReceivingAccount } from '../bank/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessageService } from '../message/index.ts';
import type { OrderRow } from './loan-state.ts';
import type { LoanService } from './loan.service.ts';
import type { RefundAttemptRow, ServicingRepository } from './servicing.repository.ts';

/** How long a claimed attempt is ours before another run may look at it (a process that died mid-call). */
export const REFUND_CLAIM_MS = 60_000;
/** How soon a refund the partner reports pending is asked about again. */
export const REFUND_PENDING_RECHECK_MS = 2_000;

/** 'RF<orderNo>-<proposalId>-<attempt>': unique per attempt, the partner's idempotency key (at most 40 characters). */
export function refundReference(orderNo: string, proposalId: number, attempt: number): string {
  return `RF${orderNo}-${proposalId}-${attempt}`;
}

export interface RefundDeps {
  uow: UnitOfWork;
  loans: LoanService;
  ledger: LedgerService;
  repository: ServicingRepository;
  provider: PayoutProvider;
  bank: BankService;
  messages: MessageService;
  /** The job's time (the partner's delays run on it). */
  clock: Clock;
  /** The loans' business clock: the refund's business date. */
  businessClock: Clock;
  maxAttempts: number;
  retryMs: number;
  log: FastifyBaseLogger;
}

export interface RefundRun {
  claimed: number;
  submitted: number;
  succeeded: number;
  failed: number;
  retried: number;
  pending: number;
  unknown: number;
}

/** What a refund.issue proposal checks and shows. */
export interface RefundCheck {
  order: OrderRow;
  amount: bigint;
  account: ReceivingAccount;
}

/**
 * Refunds of an overpayment (issue 23; docs/decisions/100-refunds-write-off-and-recovery.md), sent
 * through the payout provider exactly as payouts are (decision 057): the approval of a refund.issue
 * proposal records an attempt under a new reference (nothing is sent in that transaction); the
 * refund job claims due attempts in a short transaction, asks the partner outside any transaction
 * (status first for anything that may have been sent), and records the answer in one transaction.
 * Only a succeeded attempt moves money in the ledger (borrower credit → disbursement bank) and
 * lowers the order's credit; a failure not the borrower's is retried under a new reference up to
 * PAYOUT_MAX_ATTEMPTS, then left failed and visible (the money stays held; a new proposal may follow).
 */
export class RefundService {
  constructor(private readonly deps: RefundDeps) {}

  /** The proposal's checks (when proposed and again when approved); throws the catalogued refusal. */
  async check(orderId: number, amount?: bigint): Promise<RefundCheck> {
    const order = await this.deps.loans.orders.findById(orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.creditHeld <= 0n || (amount !== undefined && (amount <= 0n || amount > order.creditHeld))) throw new AppError('REFUND_NOTHING_HELD');
    if (await this.deps.repository.live(orderId)) throw new AppError('REFUND_IN_PROGRESS');
    const account = await this.deps.bank.defaultAccount(order.userId);
    // A wallet without a NAPAS BIN cannot take a bank transfer.
    if (!account || !/^\d{6}$/.test(account.bin)) throw new AppError('REFUND_NO_ACCOUNT');
    return { order, amount: amount ?? order.creditHeld, account };
  }

  /** The approval: records the first attempt (sent by the job), in the approval's transaction. */
  async approve(payload: { orderId: number; amount: bigint }, proposalId: number): Promise<{ attemptId: number; reference: string; amount: string; accountId: number }> {
    const { uow, loans, repository } = this.deps;
    uow.requireTransaction('RefundService.approve');
    await loans.orders.lock([payload.orderId]);
    const { order, amount, account } = await this.check(payload.orderId, payload.amount);
    const attempt = await repository.insert({
      orderId: order.id,
      userId: order.userId,
      proposalId,
      attempt: 1,
      reference: refundReference(order.orderNo, proposalId, 1),
      amount,
      receivingAccountId: account.id,
      state: 'created',
      nextCheckAt: this.deps.clock(),
    });
    if (!attempt) throw new AppError('REFUND_IN_PROGRESS');
    return { attemptId: attempt.id, reference: attempt.reference, amount: String(amount), accountId: account.id };
  }

  async runDue(limit = 50): Promise<RefundRun> {
    const run: RefundRun = { claimed: 0, submitted: 0, succeeded: 0, failed: 0, retried: 0, pending: 0, unknown: 0 };
    const claimed = await this.claim(limit);
    run.claimed = claimed.length;
    for (const item of claimed) {
      try {
        await this.process(item, run);
      } catch (error) {
        // The claim lapses after REFUND_CLAIM_MS; the next run asks the partner first.
        this.deps.log.error({ err: error, reference: item.attempt.reference }, 'refund attempt not processed');
      }
    }
    return run;
  }

  /** Step 1: claims due attempts; a created one becomes 'submitting' before any call (its record exists first). */
  private async claim(limit: number): Promise<Array<{ attempt: RefundAttemptRow; askFirst: boolean }>> {
    const { uow, clock, repository } = this.deps;
    return uow.transaction(async () => {
      const now = clock();
      const due = await repository.dueForUpdate(now, limit);
      const claimed: Array<{ attempt: RefundAttemptRow; askFirst: boolean }> = [];
      for (const attempt of due) {
        const until = new Date(now.getTime() + REFUND_CLAIM_MS);
        if (attempt.state === 'created') {
          await repository.update(attempt.id, { state: 'submitting', submittedAt: now, nextCheckAt: until });
          claimed.push({ attempt: { ...attempt, state: 'submitting' }, askFirst: false });
        } else {
          await repository.update(attempt.id, { nextCheckAt: until });
          claimed.push({ attempt, askFirst: true });
        }
      }
      return claimed;
    });
  }

  /** Steps 2 and 3: ask or submit outside any transaction, then record the answer. */
  private async process({ attempt, askFirst }: { attempt: RefundAttemptRow; askFirst: boolean }, run: RefundRun): Promise<void> {
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
      run.unknown += 1;
      this.deps.log.warn({ reference: attempt.reference, err: error }, 'refund outcome unknown; will reconcile by reference');
      return;
    }
    await this.record(attempt, result, run);
  }

  private async requestOf(attempt: RefundAttemptRow): Promise<PayoutRequest | null> {
    const order = (await this.deps.loans.orders.findById(attempt.orderId))!;
    const account = await this.deps.bank.accountOf(order.userId, attempt.receivingAccountId);
    const number = await this.deps.bank.accountNumberForPayout(order.userId, attempt.receivingAccountId);
    if (!account || !number || !/^\d{6}$/.test(account.bin)) return null;
    return {
      reference: attempt.reference,
      amount: attempt.amount,
      bankBin: account.bin,
      accountNumber: number,
      accountName: account.holderName || 'BORROWER',
      description: `${order.orderNo} hoan tien thanh toan thua`,
    };
  }

  /** Step 3, in one transaction (unless another run recorded it first). */
  private async record(claimed: RefundAttemptRow, result: PayoutResult, run: RefundRun): Promise<void> {
    const { uow, clock, loans, repository, ledger, messages } = this.deps;
    await uow.transaction(async () => {
      const attempt = await repository.lock(claimed.id);
      if (!attempt || attempt.state === 'succeeded' || attempt.state === 'failed') return;
      const [order] = await loans.orders.lock([attempt.orderId]);
      if (!order) return;
      const now = clock();
      if (result.state === 'pending') {
        await repository.update(attempt.id, { state: 'pending', partnerTransactionId: result.partnerTransactionId, nextCheckAt: new Date(now.getTime() + REFUND_PENDING_RECHECK_MS) });
        run.pending += 1;
        return;
      }
      const completedAt = result.completedAt ?? now;
      if (result.state === 'succeeded') {
        await repository.update(attempt.id, { state: 'succeeded', partnerTransactionId: result.partnerTransactionId, completedAt });
        // One live attempt per order and nothing else spends the credit: it still holds the amount.
        if (order.creditHeld < attempt.amount) throw new Error(`refund ${attempt.reference}: order ${order.id} holds ${order.creditHeld}, less than ${attempt.amount}`);
        await ledger.post(refundPosting({ borrowerId: order.userId, loanId: String(order.id), businessDate: vietnamDate(this.deps.businessClock()) }, attempt.reference, attempt.amount));
        await loans.orders.update(order.id, { creditHeld: order.creditHeld - attempt.amount });
        const account = await this.deps.bank.accountRecord(order.userId, attempt.receivingAccountId);
        await messages.notify(order.userId, 'refundSent', { orderNo: order.orderNo, amount: attempt.amount, account: account?.maskedNumber || '—' }, { eventKey: `refund-sent:${attempt.reference}` });
        run.succeeded += 1;
        return;
      }
      const code: PayoutFailureCode = result.failureCode ?? 'BANK_REJECTED';
      await repository.update(attempt.id, { state: 'failed', partnerTransactionId: result.partnerTransactionId, failureCode: code, failureReason: result.failureReason, completedAt });
      run.failed += 1;
      if (code !== 'ACCOUNT_INVALID' && attempt.attempt < this.deps.maxAttempts) {
        const next = attempt.attempt + 1;
        await repository.insert({
          orderId: attempt.orderId,
          userId: attempt.userId,
          proposalId: attempt.proposalId,
          attempt: next,
          reference: refundReference(order.orderNo, attempt.proposalId ?? 0, next),
          amount: attempt.amount,
          receivingAccountId: attempt.receivingAccountId,
          state: 'created',
          nextCheckAt: new Date(now.getTime() + this.deps.retryMs),
        });
        run.retried += 1;
        return;
      }
      await messages.notify(order.userId, 'refundFailed', { orderNo: order.orderNo, amount: attempt.amount }, { eventKey: `refund-failed:${attempt.reference}` });
    });
  }

  /** The refunds of these orders as the borrower's order page shows them: one per proposal (its latest attempt), newest first. */
  async viewsOf(userId: string, orderIds: readonly number[]) {
    const byOrder = await this.deps.repository.ofOrders(orderIds);
    const views = new Map<number, Array<{ amount: number; state: 'processing' | 'succeeded' | 'failed'; createdAt: string; completedAt: string | null; maskedAccount: string }>>();
    for (const [orderId, attempts] of byOrder) {
      const seen = new Set<number | null>();
      const list = [];
      for (const attempt of attempts) {
        if (seen.has(attempt.proposalId)) continue;
        seen.add(attempt.proposalId);
        const account = await this.deps.bank.accountRecord(userId, attempt.receivingAccountId);
        list.push({
          amount: Number(attempt.amount),
          state: attempt.state === 'succeeded' ? ('succeeded' as const) : attempt.state === 'failed' ? ('failed' as const) : ('processing' as const),
          createdAt: attempt.createdAt.toISOString(),
          completedAt: attempt.completedAt?.toISOString() ?? null,
          maskedAccount: account?.maskedNumber ?? '',
        });
      }
      views.set(orderId, list);
    }
    return views;
  }
}
