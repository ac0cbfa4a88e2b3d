import { scheduleApr, type AnnualRate } from './apr.ts';
import type { IsoDate } from './calendar.ts';
import { dailyInterest } from './interest.ts';
import type { Vnd } from './money.ts';
import { buildSchedule, type LoanTerms, type Schedule } from './schedule.ts';

/**
 * The cost disclosure shown before a borrower commits (issue 11: "the full cost table"): every
 * instalment, the amount received, the interest, the fee, the total to repay, the cost of the
 * credit and the APR. It is read off the schedule, never computed a second way, so what the
 * borrower is shown is what the loan will ask for.
 */
export interface CostRow {
  planPart: number;
  dueDate: IsoDate;
  principal: Vnd;
  interest: Vnd;
  fee: Vnd;
  total: Vnd;
}

export interface CostTable {
  rows: CostRow[];
  principal: Vnd;
  /** What reaches the borrower's account. */
  received: Vnd;
  interest: Vnd;
  serviceFee: Vnd;
  /** The fee taken out of the payout (0 when it is repaid with the instalments). */
  deductedFee: Vnd;
  totalRepayable: Vnd;
  /** totalRepayable − received. */
  costOfCredit: Vnd;
  firstRepayment: Vnd;
  firstDueDate: IsoDate;
  finalDueDate: IsoDate;
  /** Interest of one day on the whole principal (the family's `dailyAmount`). */
  dailyInterestOnPrincipal: Vnd;
  annualRate: AnnualRate;
}

export function costTable(schedule: Schedule): CostTable {
  const { instalments, totals, terms } = schedule;
  const first = instalments[0]!;
  const last = instalments[instalments.length - 1]!;
  return {
    rows: instalments.map(({ planPart, dueDate, principal, interest, fee, total }) => ({ planPart, dueDate, principal, interest, fee, total })),
    principal: totals.principal,
    received: totals.disbursed,
    interest: totals.interest,
    serviceFee: totals.serviceFee,
    deductedFee: totals.deductedFee,
    totalRepayable: totals.repayable,
    costOfCredit: totals.cost,
    firstRepayment: first.total,
    firstDueDate: first.dueDate,
    finalDueDate: last.dueDate,
    dailyInterestOnPrincipal: dailyInterest(terms.principal, terms.dailyRatePpm, 1),
    annualRate: scheduleApr(schedule),
  };
}

/** The schedule and its cost table in one call. */
export function quoteLoan(terms: LoanTerms): { schedule: Schedule; cost: CostTable } {
  const schedule = buildSchedule(terms);
  return { schedule, cost: costTable(schedule) };
}
