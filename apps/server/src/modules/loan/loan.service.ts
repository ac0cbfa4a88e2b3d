import {
  accrueThrough,
  buildSchedule,
  dailyAccrualPosting,
  disbursementPosting,
  feeChargedPosting,
  sumComponents,
  type IsoDate,
  type LoanState,
} from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { LedgerService } from '../ledger/index.ts';
import { instalmentBalances, instalmentPaid, orderLoanTerms, toLoanState, type InstalmentRow, type OrderRow } from './loan-state.ts';
import { OrderRepository } from './order.repository.ts';

/** A paid-out loan as the services work on it: the order, its instalment rows and its domain state. */
export interface LoadedLoan {
  order: OrderRow;
  instalments: InstalmentRow[];
  state: LoanState;
}

/**
 * The loan's life after commit, shared by the payout job, the repayment module and the sweeps
 * (docs/decisions/070-orders-and-loans.md): paying out (re-dating the schedule, the disbursement
 * postings), loading a loan into the domain's LoanState and writing a changed state back. Every
 * method runs in the caller's unit of work, so the money change and its ledger posting commit
 * together.
 */
export class LoanService {
  readonly orders: OrderRepository;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ledger: LedgerService,
  ) {
    this.orders = new OrderRepository(uow);
  }

  /**
   * The payout succeeded on `payoutDate` (Vietnam business date): day 0 of the loan is that date,
   * the schedule's dates move with it (amounts do not change), the order is being repaid, and the
   * fee and the disbursement are posted (keys fee:<id>, disbursement:<id>: a repeat posts nothing).
   * Returns false, changing nothing, when the order is not paying (already disbursed).
   */
  async disburse(orderId: number, payoutDate: IsoDate, now: Date): Promise<boolean> {
    this.uow.requireTransaction('LoanService.disburse');
    const [order] = await this.orders.lock([orderId]);
    if (!order || (order.state !== 'paying' && order.state !== 'pending')) return false;
    const schedule = buildSchedule(orderLoanTerms(order, payoutDate));
    await this.orders.redate(orderId, schedule);
    await this.orders.update(orderId, { state: 'repaying', startDate: payoutDate, accruedThrough: payoutDate, disbursedAt: now });
    const context = { loanId: String(orderId), borrowerId: order.userId, businessDate: payoutDate };
    const deductedFee = order.feeTiming === 'deducted' ? order.serviceFee : 0n;
    await this.ledger.postMany([feeChargedPosting(context, order.serviceFee), disbursementPosting(context, order.principal, deductedFee)]);
    return true;
  }

  /** A paid-out loan with its rows locked (FOR UPDATE on the order) for a change; null when not found. */
  async lockLoan(orderId: number): Promise<LoadedLoan | null> {
    const [order] = await this.orders.lock([orderId]);
    if (!order || !order.startDate) return null;
    const instalments = await this.orders.instalments(orderId);
    return { order, instalments, state: toLoanState(order, instalments) };
  }

  /** A paid-out loan, read only (no lock). */
  async readLoan(orderId: number): Promise<LoadedLoan | null> {
    const order = await this.orders.findById(orderId);
    if (!order || !order.startDate) return null;
    const instalments = await this.orders.instalments(orderId);
    return { order, instalments, state: toLoanState(order, instalments) };
  }

  /**
   * Accrues a loan through `date` day by day (domain accrueThrough) and posts each day's interest
   * and overdue fee as the daily sweep does: one entry per day under its key (accrual:<date>:<id>,
   * decision 083), so a repayment that accrues before the sweep ran and the sweep itself post each
   * day once. Returns the accrued state; the caller saves it (saveLoan) in the same unit of work.
   */
  async accrueAndPost(loan: LoadedLoan, date: IsoDate): Promise<LoanState> {
    this.uow.requireTransaction('LoanService.accrueAndPost');
    const { state, days } = accrueThrough(loan.state, date);
    const postings = days.map((day) => dailyAccrualPosting({ loanId: String(loan.order.id), borrowerId: loan.order.userId, businessDate: day.date }, day));
    await this.ledger.postMany(postings);
    return state;
  }

  /**
   * Writes a changed domain state back: every instalment whose balances changed (and when it was
   * settled), the order's accrual date and the credit held for the borrower.
   */
  async saveLoan(loan: LoadedLoan, state: LoanState, now: Date): Promise<void> {
    this.uow.requireTransaction('LoanService.saveLoan');
    for (const next of state.instalments) {
      const before = loan.instalments.find((row) => row.planPart === next.planPart)!;
      const balances = instalmentBalances(next);
      const changed = (Object.keys(balances) as Array<keyof typeof balances>).some((key) => balances[key] !== before[key]);
      // A written-off instalment owes nothing but was not paid: it is never marked settled (decision 100).
      const settledAt = before.settledAt ?? (instalmentPaid(next) && sumComponents(next.writtenOff) === 0n ? now : null);
      if (changed || settledAt !== before.settledAt) await this.orders.updateInstalment(loan.order.id, next.planPart, { ...balances, settledAt });
    }
    if (state.accruedThrough !== loan.order.accruedThrough || state.credit !== loan.order.creditHeld || state.recovered !== loan.order.recovered) {
      await this.orders.update(loan.order.id, { accruedThrough: state.accruedThrough, creditHeld: state.credit, recovered: state.recovered });
    }
  }
}
