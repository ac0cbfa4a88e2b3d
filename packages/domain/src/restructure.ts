import { annualRateOf, type AnnualRate, type CashFlow } from './apr.ts';
import { addVietnamDays, daysBetween, type IsoDate } from './calendar.ts';
import { PPM } from './interest.ts';
import type { Vnd } from './money.ts';
import { instalmentOutstanding, loanOutstanding, sumComponents, ZERO, type Components, type InstalmentState, type LoanState } from './repayment.ts';
import { buildSchedule, splitEvenly } from './schedule.ts';

/**
 * Restructuring a loan in hardship (issue 23 item 5; docs/decisions/117-restructuring-and-hardship.md).
 * Pure: from a loan accrued through the restructure date, the old schedule's open instalments are
 * closed (what each owed leaves it), the overdue fee and the overdue interest the collector waived
 * leave the loan, and what is left is carried into a new schedule of `planNums` instalments every
 * `periodDays` days from that date:
 * - the principal still owed is scheduled again by `buildSchedule` (equal parts, interest at the
 *   loan's own daily rate on the principal outstanding, accrued day by day as before);
 * - the unpaid fee, interest and overdue fee that were not waived are split evenly over the new
 *   instalments (the house rounding rule) as amounts already charged: no interest is ever charged on
 *   them (no interest on interest or fees);
 * - an old instalment closed keeps what was paid of it (its charge becomes what was paid) and its
 *   period ends on the restructure date, so it accrues nothing after.
 * Re-ageing (a settlement plan that keeps the amount and moves the dates) is the same operation
 * with no waiver.
 */

/** The rules an offer must keep (decision 117): data, so a change is reviewed and tested in one place. */
export interface RestructureRules {
  maxInstalments: number;
  minPeriodDays: number;
  maxPeriodDays: number;
  /** The new plan's whole term, from the restructure date. */
  maxTermDays: number;
  /** The new last due date at most this many days after the old schedule's last due date. */
  maxExtensionDays: number;
  /** Share of the overdue fee owed that may be waived, percent. */
  maxOverdueFeeWaiverPercent: bigint;
  /** Share of the interest owed on instalments past their due date that may be waived, percent. */
  maxOverdueInterestWaiverPercent: bigint;
  /** A borrower may ask for help while overdue or with an instalment due within these days. */
  requestWindowDays: number;
  /** Days an approved offer stays open for the borrower to accept. */
  offerValidDays: number;
  /** Days after acceptance in which the loan is watched and the borrower cannot borrow anew. */
  watchDays: number;
}

export const RESTRUCTURE_RULES: RestructureRules = Object.freeze({
  maxInstalments: 12,
  minPeriodDays: 7,
  maxPeriodDays: 31,
  maxTermDays: 365,
  maxExtensionDays: 180,
  maxOverdueFeeWaiverPercent: 100n,
  maxOverdueInterestWaiverPercent: 50n,
  requestWindowDays: 7,
  offerValidDays: 7,
  watchDays: 90,
});

export interface RestructureTerms {
  planNums: number;
  periodDays: number;
  /** VND of the overdue fee owed to waive (at most what is owed when applied). */
  waiveOverdueFee: Vnd;
  /** VND of the interest owed on instalments past due to waive. */
  waiveInterest: Vnd;
}

export const RESTRUCTURE_VIOLATIONS = ['nothingOwed', 'instalments', 'period', 'term', 'extension', 'overdueFeeWaiver', 'interestWaiver'] as const;
export type RestructureViolation = (typeof RESTRUCTURE_VIOLATIONS)[number];

/** What a borrower may be offered to waive today: the overdue fee owed and the interest owed on instalments past due. */
export function waivable(state: LoanState, date: IsoDate): { overdueFee: Vnd; overdueInterest: Vnd } {
  let overdueFee = 0n;
  let overdueInterest = 0n;
  for (const instalment of state.instalments) {
    const owed = instalmentOutstanding(instalment);
    overdueFee += owed.overdueFee;
    if (instalment.dueDate < date) overdueInterest += owed.interest;
  }
  return { overdueFee, overdueInterest };
}

/** The caps of the rules on today's amounts. */
export function waiverCaps(state: LoanState, date: IsoDate, rules: RestructureRules = RESTRUCTURE_RULES): { overdueFee: Vnd; interest: Vnd } {
  const owed = waivable(state, date);
  return {
    overdueFee: (owed.overdueFee * rules.maxOverdueFeeWaiverPercent) / 100n,
    interest: (owed.overdueInterest * rules.maxOverdueInterestWaiverPercent) / 100n,
  };
}

/** Whether the borrower may ask for help today: a loan being repaid, overdue or with an instalment due within the window. */
export function mayAskForHelp(state: LoanState, date: IsoDate, rules: RestructureRules = RESTRUCTURE_RULES): boolean {
  const horizon = addVietnamDays(date, rules.requestWindowDays);
  return state.instalments.some((instalment) => sumComponents(instalmentOutstanding(instalment)) > 0n && instalment.dueDate <= horizon);
}

/** Which rules an offer breaks for a loan accrued through `date` (empty: allowed). */
export function restructureViolations(state: LoanState, date: IsoDate, terms: RestructureTerms, rules: RestructureRules = RESTRUCTURE_RULES): RestructureViolation[] {
  const found: RestructureViolation[] = [];
  const owed = loanOutstanding(state);
  if (owed.principal <= 0n) found.push('nothingOwed');
  if (!Number.isSafeInteger(terms.planNums) || terms.planNums < 1 || terms.planNums > rules.maxInstalments) found.push('instalments');
  if (!Number.isSafeInteger(terms.periodDays) || terms.periodDays < rules.minPeriodDays || terms.periodDays > rules.maxPeriodDays) found.push('period');
  const termDays = terms.planNums * terms.periodDays;
  if (!found.includes('instalments') && !found.includes('period')) {
    if (termDays > rules.maxTermDays) found.push('term');
    const oldLast = state.instalments.reduce((last, instalment) => (instalment.dueDate > last ? instalment.dueDate : last), date);
    if (daysBetween(oldLast, addVietnamDays(date, termDays)) > rules.maxExtensionDays) found.push('extension');
  }
  const caps = waiverCaps(state, date, rules);
  if (terms.waiveOverdueFee < 0n || terms.waiveOverdueFee > caps.overdueFee) found.push('overdueFeeWaiver');
  if (terms.waiveInterest < 0n || terms.waiveInterest > caps.interest) found.push('interestWaiver');
  return found;
}

export class RestructureRefused extends RangeError {
  override name = 'RestructureRefused';
  constructor(readonly violations: RestructureViolation[]) {
    super(`Restructure refused: ${violations.join(', ')}`);
  }
}

/** One instalment of the new plan as the borrower is shown it. */
export interface RestructuredInstalment {
  planPart: number;
  periodStart: IsoDate;
  dueDate: IsoDate;
  principal: Vnd;
  /** The period's interest at the loan's rate (paid on time) plus its share of the interest carried. */
  interest: Vnd;
  /** Its share of the fee carried. */
  fee: Vnd;
  /** Its share of the overdue fee carried (not waived). */
  overdueFee: Vnd;
  total: Vnd;
}

export interface RestructurePlan {
  date: IsoDate;
  terms: RestructureTerms;
  /** What the old schedule's open instalments owed, closed. */
  closed: Components;
  /** What left the loan (overdue fee and interest only). */
  waived: Components;
  /** closed − waived: what the new schedule opens with (interest and fees as already charged). */
  carried: Components;
  /** The plan parts of the old instalments closed. */
  closedParts: number[];
  instalments: RestructuredInstalment[];
  /** The interest the new plan charges on the principal (paid on time). */
  newInterest: Vnd;
  /** Everything the borrower repays under the new plan, paid on time: carried + newInterest. */
  totalRepayable: Vnd;
  /** The cost of the new plan against what is refinanced (the carried amount on day 0), interest and every fee included. */
  annualRate: AnnualRate;
  /** The loan after the restructure: the old instalments closed, the new ones open. */
  state: LoanState;
}

function minus(a: Components, b: Components): Components {
  return { overdueFee: a.overdueFee - b.overdueFee, fee: a.fee - b.fee, interest: a.interest - b.interest, principal: a.principal - b.principal };
}

/**
 * Restructures a loan accrued through `date` (the caller accrues first, as a repayment does).
 * Waivers above what is owed today are lowered to it (a payment between the approval and the
 * acceptance can only lower the amounts); any other broken rule throws RestructureRefused.
 */
export function restructureLoan(state: LoanState, date: IsoDate, terms: RestructureTerms, rules: RestructureRules = RESTRUCTURE_RULES): RestructurePlan {
  if (state.writtenOffOn !== null) throw new RestructureRefused(['nothingOwed']);
  if (state.accruedThrough !== date) throw new RangeError(`The loan must be accrued through ${date} (it is through ${state.accruedThrough})`);
  const caps = waiverCaps(state, date, rules);
  const clamped: RestructureTerms = {
    ...terms,
    waiveOverdueFee: terms.waiveOverdueFee > caps.overdueFee ? caps.overdueFee : terms.waiveOverdueFee,
    waiveInterest: terms.waiveInterest > caps.interest ? caps.interest : terms.waiveInterest,
  };
  const violations = restructureViolations(state, date, clamped, rules);
  if (violations.length > 0) throw new RestructureRefused(violations);

  const closed = loanOutstanding(state);
  const waived: Components = { ...ZERO, overdueFee: clamped.waiveOverdueFee, interest: clamped.waiveInterest };
  const carried = minus(closed, waived);

  // The old schedule: every instalment not yet finished is closed on `date`.
  const closedParts: number[] = [];
  const old = state.instalments.map((instalment): InstalmentState => {
    const open = sumComponents(instalmentOutstanding(instalment)) > 0n || instalment.dueDate > date;
    if (!open) return instalment;
    closedParts.push(instalment.planPart);
    const charged: Components = {
      principal: instalment.paid.principal + instalment.writtenOff.principal,
      fee: instalment.paid.fee + instalment.writtenOff.fee,
      interest: instalment.paid.interest + instalment.writtenOff.interest,
      overdueFee: instalment.paid.overdueFee + instalment.writtenOff.overdueFee,
    };
    return {
      ...instalment,
      periodStart: instalment.periodStart < date ? instalment.periodStart : date,
      dueDate: instalment.dueDate < date ? instalment.dueDate : date,
      charged,
      paid: { ...instalment.paid },
      writtenOff: { ...instalment.writtenOff },
      interestMicro: charged.interest * PPM,
      overdueFeeMicro: charged.overdueFee * PPM,
    };
  });

  // The new schedule: the principal scheduled again, the rest split evenly as already charged.
  const schedule = buildSchedule({
    principal: carried.principal,
    dailyRatePpm: state.dailyRatePpm,
    termDays: terms.planNums * terms.periodDays,
    planNums: terms.planNums,
    serviceFee: 0n,
    feeTiming: 'instalments',
    startDate: date,
  });
  const firstPart = state.instalments.reduce((max, instalment) => Math.max(max, instalment.planPart), 0) + 1;
  const feeParts = splitEvenly(carried.fee, terms.planNums);
  const interestParts = splitEvenly(carried.interest, terms.planNums);
  const overdueParts = splitEvenly(carried.overdueFee, terms.planNums);
  const instalments: RestructuredInstalment[] = [];
  const opened: InstalmentState[] = schedule.instalments.map((row, index) => {
    const planPart = firstPart + index;
    const fee = feeParts[index]!;
    const interest = interestParts[index]!;
    const overdueFee = overdueParts[index]!;
    instalments.push({
      planPart,
      periodStart: row.periodStart,
      dueDate: row.dueDate,
      principal: row.principal,
      interest: row.interest + interest,
      fee,
      overdueFee,
      total: row.principal + row.interest + interest + fee + overdueFee,
    });
    return {
      planPart,
      periodStart: row.periodStart,
      dueDate: row.dueDate,
      charged: { principal: row.principal, fee, interest, overdueFee },
      paid: { ...ZERO },
      writtenOff: { ...ZERO },
      interestMicro: interest * PPM,
      overdueFeeMicro: overdueFee * PPM,
    };
  });
  const totalRepayable = instalments.reduce((sum, row) => sum + row.total, 0n);
  const flows: CashFlow[] = [{ day: 0, amount: sumComponents(carried) }, ...instalments.map((row) => ({ day: daysBetween(date, row.dueDate), amount: -row.total }))];
  return {
    date,
    terms: clamped,
    closed,
    waived,
    carried,
    closedParts,
    instalments,
    newInterest: schedule.totals.interest,
    totalRepayable,
    annualRate: annualRateOf(flows),
    state: { ...state, instalments: [...old, ...opened] },
  };
}
