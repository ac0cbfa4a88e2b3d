import { ORDER_STATUS, PLAN_STATUS, type LoanAmounts, type OrderStatusCode } from '@sen/contract';
import { borrowerAmounts, daysOverdue, instalmentOutstanding, recoverable, sumComponents, type Components, type InstalmentState, type IsoDate, type LoanState, type LoanTerms } from '@sen/domain';
import type { loanInstalments, loanOrders, payoutAttempts } from '../../db/schema.ts'; // row types only

/**
 * An order's rows ↔ the domain's LoanState (packages/domain repayment.ts). The instalment rows hold
 * exactly the domain's InstalmentState, so a loan is loaded, handed to the pure functions
 * (accrueThrough, applyRepayment) and written back without any figure computed twice; the daily
 * sweep does the same accrual in SQL over many loans at once (decision 070), and a test holds the
 * two to each other.
 */

export type OrderRow = typeof loanOrders.$inferSelect;
export type InstalmentRow = typeof loanInstalments.$inferSelect;
export type PayoutAttemptRow = typeof payoutAttempts.$inferSelect;

/** The instalment columns a state change writes (the schedule columns never change after payout). */
export type InstalmentBalances = Pick<
  InstalmentRow,
  | 'interestCharged'
  | 'overdueFeeCharged'
  | 'interestMicro'
  | 'overdueFeeMicro'
  | 'paidPrincipal'
  | 'paidFee'
  | 'paidInterest'
  | 'paidOverdueFee'
  | 'writtenOffPrincipal'
  | 'writtenOffFee'
  | 'writtenOffInterest'
  | 'writtenOffOverdueFee'
>;

export function toInstalmentState(row: InstalmentRow): InstalmentState {
  return {
    planPart: row.planPart,
    periodStart: row.periodStart,
    dueDate: row.dueDate,
    charged: { principal: row.principal, fee: row.fee, interest: row.interestCharged, overdueFee: row.overdueFeeCharged },
    paid: { principal: row.paidPrincipal, fee: row.paidFee, interest: row.paidInterest, overdueFee: row.paidOverdueFee },
    writtenOff: { principal: row.writtenOffPrincipal, fee: row.writtenOffFee, interest: row.writtenOffInterest, overdueFee: row.writtenOffOverdueFee },
    interestMicro: row.interestMicro,
    overdueFeeMicro: row.overdueFeeMicro,
  };
}

/**
 * The domain's terms of an order, scheduled from `startDate` (day 0): the commit's date for the
 * schedule and agreement as accepted, the payout's date once paid out. The terms were copied from
 * the product at commit, so the schedule never changes with the product.
 */
export function orderLoanTerms(order: Pick<OrderRow, 'principal' | 'dailyRatePpm' | 'termDays' | 'planNums' | 'serviceFee' | 'feeTiming'>, startDate: IsoDate): LoanTerms {
  return {
    principal: order.principal,
    dailyRatePpm: BigInt(order.dailyRatePpm),
    termDays: order.termDays,
    planNums: order.planNums,
    serviceFee: order.serviceFee,
    feeTiming: order.feeTiming,
    startDate,
  };
}

/** The domain state of a paid-out loan (its order must have a start date). */
export function toLoanState(order: OrderRow, instalments: readonly InstalmentRow[]): LoanState {
  if (!order.startDate || !order.accruedThrough) throw new Error(`order ${order.id} has not been paid out`);
  const sorted = [...instalments].sort((a, b) => a.planPart - b.planPart);
  return {
    startDate: order.startDate,
    dailyRatePpm: BigInt(order.dailyRatePpm),
    overdueRatePpm: BigInt(order.overdueRatePpm),
    accruedThrough: order.accruedThrough,
    instalments: sorted.map(toInstalmentState),
    credit: order.creditHeld,
    received: 0n,
    refunded: 0n,
    writtenOffOn: order.writtenOffOn,
    recovered: order.recovered,
  };
}

/** The columns of one instalment as the domain state has them (to write back). */
export function instalmentBalances(state: InstalmentState): InstalmentBalances {
  return {
    interestCharged: state.charged.interest,
    overdueFeeCharged: state.charged.overdueFee,
    interestMicro: state.interestMicro,
    overdueFeeMicro: state.overdueFeeMicro,
    paidPrincipal: state.paid.principal,
    paidFee: state.paid.fee,
    paidInterest: state.paid.interest,
    paidOverdueFee: state.paid.overdueFee,
    writtenOffPrincipal: state.writtenOff.principal,
    writtenOffFee: state.writtenOff.fee,
    writtenOffInterest: state.writtenOff.interest,
    writtenOffOverdueFee: state.writtenOff.overdueFee,
  };
}

/** Whether every component charged to an instalment is paid. */
export function instalmentPaid(state: InstalmentState): boolean {
  return sumComponents(instalmentOutstanding(state)) === 0n;
}

/**
 * The family's planStatus of an instalment on `today` (API-FAMILY.md §10). `toRecover` is, on a
 * written-off loan, what of the instalment's written-off amount is not yet recovered (domain
 * instalmentsRecoverable): such an instalment is 35, bad debt (decision 111), not settled.
 */
export function planStatusOf(state: InstalmentState, today: string, receiptPending: boolean, toRecover: Components | null = null): number {
  if (toRecover && sumComponents(toRecover) > 0n) return PLAN_STATUS.BAD_DEBTS;
  if (instalmentPaid(state)) return PLAN_STATUS.SETTLED;
  if (today > state.dueDate) return PLAN_STATUS.OVERDUE;
  return receiptPending ? PLAN_STATUS.PROCESSING : PLAN_STATUS.PENDING;
}

export interface StatusFacts {
  order: Pick<OrderRow, 'state' | 'closeReason'>;
  /** The order's live payout attempt, if any (state created/submitting/pending/succeeded). */
  attempt: Pick<PayoutAttemptRow, 'state'> | null;
  /** The loan state accrued through `today` (paid-out orders only; a written-off order's tells what is left to recover). */
  loan: LoanState | null;
  today: string;
  /** A repayment receipt of the order waits for an operator's review. */
  receiptPending: boolean;
}

/**
 * The family's status code of an order (API-FAMILY.md §10), derived from its real state
 * (docs/decisions/070-orders-and-loans.md):
 * pending 10; the payout job took it 11; the transfer is with the partner 24; the borrower's account
 * refused it 25; refused before payout 14; could not be paid out otherwise 22; closed 23; being
 * repaid 30, with a receipt under review 31, past a due date 34; repaid in full 40; written off 35,
 * the family's bad debt, while something of it is left to recover, then 40 (decisions 100, 111).
 */
export function orderStatusCode(facts: StatusFacts): OrderStatusCode {
  switch (facts.order.state) {
    case 'pending':
      return ORDER_STATUS.PENDING;
    case 'paying':
      return facts.attempt?.state === 'created' || facts.attempt === null ? ORDER_STATUS.PROCESSING : ORDER_STATUS.PAYING;
    case 'payout_failed':
      return facts.order.closeReason === 'ACCOUNT_INVALID' ? ORDER_STATUS.PAYOUT_FAILED : ORDER_STATUS.INVALID;
    case 'rejected':
      return ORDER_STATUS.REJECTED;
    case 'closed':
      return ORDER_STATUS.CLOSED;
    case 'settled':
      return ORDER_STATUS.SETTLED;
    case 'written_off':
      return facts.loan && recoverable(facts.loan) === 0n ? ORDER_STATUS.SETTLED : ORDER_STATUS.BAD_DEBTS;
    case 'repaying': {
      if (facts.loan && daysOverdue(facts.loan, facts.today) > 0) return ORDER_STATUS.OVERDUE;
      return facts.receiptPending ? ORDER_STATUS.REPAYMENT_PROCESSING : ORDER_STATUS.PENDING_REPAYMENT;
    }
    default: {
      const unknown: never = facts.order.state;
      throw new Error(`unknown order state ${String(unknown)}`);
    }
  }
}

/**
 * The borrower's vocabulary of amounts of a paid-out loan on `today` as the wire carries them
 * (decision 119): the domain's borrowerAmounts, the one computation every view shows.
 */
export function loanAmountsOf(state: LoanState, today: IsoDate): LoanAmounts {
  const amounts = borrowerAmounts(state, today);
  return {
    dueNow: Number(amounts.dueNow),
    duePlanParts: amounts.duePlanParts,
    nextInstalment: amounts.nextInstalment ? { planPart: amounts.nextInstalment.planPart, dueDate: amounts.nextInstalment.dueDate, amount: Number(amounts.nextInstalment.amount) } : null,
    settleToday: Number(amounts.settleToday),
    remainingPrincipal: Number(amounts.remainingPrincipal),
  };
}
