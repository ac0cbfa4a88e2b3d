import type { DomainEvents, EventRecorder } from '../../events/domain-events.ts';
import {
  accrueThrough,
  applyRepayment,
  instalmentOutstanding,
  isSettled,
  loanOutstanding,
  recoverable,
  repaymentPosting,
  sumComponents,
  vietnamDate,
  ZERO,
  type Allocation,
  type IsoDate,
  type LoanState,
} from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CreditService } from '../credit/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { LoadedLoan, LoanService } from '../loan/index.ts';
import type { MessageService } from '../message/index.ts';
import type { RepaymentRepository } from './repayment.repository.ts';

/** Money received for a borrower's loans: a bank transfer or an approved receipt. */
export interface MoneyReceived {
  /** loan_repayments.source: 'transfer:<bank_transfers.id>' or 'receipt:<repayment_receipts.id>'. */
  source: string;
  /** The ledger reference: 'transfer-<id>' or 'receipt-<id>'; each loan's posting is repayment:<reference>:<orderId>. */
  reference: string;
  userId: string;
  amount: bigint;
  /** When the money reached the collection account (the bank's time; a receipt's upload). */
  receivedAt: Date;
  /** The orders it is for (a request's orders, or the order its content or receipt names). */
  orderIds: readonly number[];
}

/** What one loan got of the money. */
export interface AppliedToLoan {
  orderId: number;
  orderNo: string;
  amount: bigint;
  allocation: Allocation;
  /** What the loan still owes after it (accrued through the payment date). */
  remaining: bigint;
  /** The loan was repaid in full by this money. */
  settled: boolean;
  /** Settled with no instalment paid after its due date. */
  onTime: boolean;
}

/** Raised as `loan.settled` in the settling transaction (apply/again borrows again on it). */
export type LoanSettledEvent = DomainEvents['loan.settled'];

export interface CollectionDeps {
  uow: UnitOfWork;
  repository: RepaymentRepository;
  loans: LoanService;
  ledger: LedgerService;
  credit: CreditService;
  messages: MessageService;
  clock: Clock;
  /** CREDIT_RAISE_ON_TIME_PERCENT. */
  raiseOnTimePercent: number;
  events: EventRecorder;
}

/**
 * Whether a loan was repaid on time: no instalment owed anything at the end of its due date.
 * Replays the loan from its schedule with the domain (accrue through each date, apply that day's
 * payments in order) over its repayment history, so an instalment paid early that later owed the
 * rest of its period's interest counts by when that was paid. `start` is the loan as paid out.
 */
export function repaidOnTime(start: LoanState, payments: ReadonlyArray<{ date: IsoDate; amount: bigint }>): boolean {
  if (payments.length === 0) return false;
  const last = payments.reduce((latest, payment) => (payment.date > latest ? payment.date : latest), start.startDate);
  const dates = [...new Set([...payments.map((payment) => payment.date), ...start.instalments.map((instalment) => instalment.dueDate).filter((date) => date <= last)])].sort();
  let state = start;
  for (const date of dates) {
    if (date > state.accruedThrough) state = accrueThrough(state, date).state;
    for (const payment of payments) if (payment.date === date) state = applyRepayment(state, payment.amount).state;
    if (state.instalments.some((instalment) => instalment.dueDate === date && sumComponents(instalmentOutstanding(instalment)) > 0n)) return false;
  }
  return true;
}

/** A loan's state as it was paid out: its schedule, nothing accrued, nothing paid. */
function asPaidOut(state: LoanState): LoanState {
  return {
    ...state,
    accruedThrough: state.startDate,
    instalments: state.instalments.map((instalment) => ({
      ...instalment,
      charged: { ...ZERO, principal: instalment.charged.principal, fee: instalment.charged.fee },
      paid: { ...ZERO },
      writtenOff: { ...ZERO },
      interestMicro: 0n,
      overdueFeeMicro: 0n,
    })),
    credit: 0n,
    received: 0n,
    refunded: 0n,
    writtenOffOn: null,
    recovered: 0n,
  };
}

/** The oldest due date still owed (a settled loan sorts last). */
function oldestDueOwed(state: LoanState): IsoDate | '9999-12-31' {
  return state.instalments.find((instalment) => sumComponents(instalmentOutstanding(instalment)) > 0n)?.dueDate ?? '9999-12-31';
}

const owedOf = (state: LoanState) => sumComponents(loanOutstanding(state));

/**
 * What a loan can take of a payment: what its receivables owe, and on a written-off loan what may
 * still be recovered (decision 100: its receivables are closed, but the written-off amount less
 * what was recovered is still the borrower's to repay; decision 111).
 */
const payableOf = (state: LoanState) => owedOf(state) + recoverable(state);

/**
 * The order money is spread over a borrower's loans (decision 111): loans still being repaid (or
 * settled) first, oldest due first, so live receivables that still accrue interest and overdue
 * fee are cleared before anything goes to recovery; then written-off loans, oldest first (by id).
 */
function spreadOrder(a: { loan: LoadedLoan; state: LoanState }, b: { loan: LoadedLoan; state: LoanState }): number {
  const writtenOff = (entry: { state: LoanState }) => (entry.state.writtenOffOn === null ? 0 : 1);
  return writtenOff(a) - writtenOff(b) || oldestDueOwed(a.state).localeCompare(oldestDueOwed(b.state)) || a.loan.order.id - b.loan.order.id;
}

/**
 * Applies money received to a borrower's loans (docs/decisions/070, 076), in the caller's
 * transaction: the orders locked in id order; each loan accrued and posted through the payment
 * date; the loans taken oldest due first and written-off loans after them (spreadOrder), each given
 * what it owes or may still recover (payableOf; the domain's applyRepayment
 * allocates within it: oldest instalment first, overdue fee → fee → interest → principal) and the
 * last one everything left, so an overpayment stays as that loan's credit (toCredit, posted to the
 * borrower's credit account); each loan's repayment posted, its state saved and a loan_repayments
 * row written; the principal repaid released from the credit limit; a loan that owes nothing
 * settled, and one settled on time raises the limit; the borrower messaged.
 */
export class CollectionService {
  constructor(private readonly deps: CollectionDeps) {}

  /** The money applied to these orders, with its allocation, newest first (the back office's borrower page). */
  repaymentsOf(orderIds: readonly number[]) {
    return this.deps.repository.repaymentsOfOrders(orderIds);
  }

  async apply(money: MoneyReceived): Promise<AppliedToLoan[]> {
    const { uow, loans, ledger, repository } = this.deps;
    uow.requireTransaction('CollectionService.apply');
    if (money.amount <= 0n) throw new RangeError('money received must be positive');
    const now = this.deps.clock();
    // A bank's clock slightly ahead of ours must not date a payment in the future.
    const receivedAt = money.receivedAt.getTime() > now.getTime() ? now : money.receivedAt;
    const paymentDate = vietnamDate(receivedAt);

    const locked = await loans.orders.lock([...new Set(money.orderIds)]);
    const mine = locked.filter((order) => order.userId === money.userId && order.startDate !== null);
    if (mine.length === 0) throw new Error(`${money.source}: none of the orders ${money.orderIds.join(',')} is a paid-out loan of its borrower`);

    const accrued: Array<{ loan: LoadedLoan; state: LoanState }> = [];
    for (const order of mine) {
      const loan = (await loans.lockLoan(order.id))!;
      accrued.push({ loan, state: await loans.accrueAndPost(loan, paymentDate) });
    }
    accrued.sort(spreadOrder);

    const applied: AppliedToLoan[] = [];
    let left = money.amount;
    let principalRepaid = 0n;
    for (const [index, { loan, state }] of accrued.entries()) {
      const last = index === accrued.length - 1;
      const owed = payableOf(state);
      const take = last ? left : owed < left ? owed : left;
      if (take === 0n) {
        // Nothing for this loan, but its accrual through the payment date was posted: keep the rows equal to the ledger.
        await loans.saveLoan(loan, state, receivedAt);
        continue;
      }
      const { state: next, allocation } = applyRepayment(state, take);
      const order = loan.order;
      const context = { loanId: String(order.id), borrowerId: order.userId, businessDate: paymentDate };
      await ledger.post(repaymentPosting(context, `${money.reference}:${order.id}`, allocation));
      await loans.saveLoan(loan, next, receivedAt);
      await repository.insertRepayment({
        orderId: order.id,
        userId: order.userId,
        source: money.source,
        amount: take,
        principal: allocation.totals.principal,
        fee: allocation.totals.fee,
        interest: allocation.totals.interest,
        overdueFee: allocation.totals.overdueFee,
        toCredit: allocation.toCredit,
        recovered: allocation.toRecovery,
        businessDate: paymentDate,
      });
      principalRepaid += allocation.totals.principal;
      left -= take;

      const settled = order.state === 'repaying' && isSettled(next);
      // A restructured loan (decision 117) was not repaid on its terms: no raise for it.
      const onTime = settled && order.restructuredOn === null && repaidOnTime(asPaidOut(loan.state), (await repository.repaymentsOf(order.id)).map((row) => ({ date: row.businessDate, amount: row.amount })));
      if (settled) await loans.orders.update(order.id, { state: 'settled', settledAt: receivedAt });
      // A written-off loan owes nothing in its receivables, but what was written off may still be repaid (decision 100).
      applied.push({ orderId: order.id, orderNo: order.orderNo, amount: take, allocation, remaining: payableOf(next), settled, onTime });
    }

    if (principalRepaid > 0n) await this.deps.credit.release(money.userId, principalRepaid);
    await this.afterApplied(money, applied, accrued, receivedAt);
    return applied;
  }

  /** Limit raises, messages and settlement listeners, still in the transaction (they commit with the money). */
  private async afterApplied(money: MoneyReceived, applied: AppliedToLoan[], accrued: Array<{ loan: LoadedLoan }>, settledAt: Date): Promise<void> {
    const { messages, credit } = this.deps;
    for (const result of applied) {
      const eventKey = `${money.source}:${result.orderId}`;
      const toLoan = result.amount - result.allocation.toCredit;
      if (result.settled) {
        await messages.notify(money.userId, 'loanSettled', { orderNo: result.orderNo, amount: result.amount }, { eventKey: `loan-settled:${result.orderId}` });
      } else if (toLoan > 0n) {
        await messages.notify(money.userId, 'repaymentReceived', { orderNo: result.orderNo, amount: result.amount, remaining: result.remaining }, { eventKey: `repayment:${eventKey}` });
      }
      if (result.allocation.toCredit > 0n) {
        await messages.notify(money.userId, 'repaymentCreditHeld', { orderNo: result.orderNo, amount: result.allocation.toCredit }, { eventKey: `credit-held:${eventKey}` });
      }
      if (result.onTime) {
        const raised = await credit.raiseOnTimeSettlement(money.userId, { percent: this.deps.raiseOnTimePercent, eventKey: `order:${result.orderId}` });
        if (raised) await messages.notify(money.userId, 'creditLimitRaised', { creditLimit: raised.creditLimit }, { eventKey: `credit-raise:${result.orderId}` });
      }
      if (result.settled) {
        const order = accrued.find((entry) => entry.loan.order.id === result.orderId)!.loan.order;
        const event: LoanSettledEvent = {
          userId: money.userId,
          orderId: order.id,
          orderNo: order.orderNo,
          productId: order.productId,
          onTime: result.onTime,
          settledAt,
          reloanSign: order.reloanSign,
        };
        await this.deps.events.record('loan.settled', event);
      }
    }
  }
}
