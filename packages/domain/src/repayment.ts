import { addVietnamDays, assertIsoDate, daysBetween, type IsoDate } from './calendar.ts';
import { PPM } from './interest.ts';
import type { Vnd } from './money.ts';
import type { Schedule } from './schedule.ts';

/**
 * A disbursed loan day by day (issue 12): interest accrues, instalments fall due and overdue, and
 * repayments are allocated. Pure: every function returns a new state.
 *
 * Conventions (docs/decisions/056-apr-and-rounding.md):
 * - Day n of the loan is the Vietnam calendar date startDate + n. Day n's interest accrues on the
 *   principal outstanding when the day begins; a repayment made on day n is applied after day n
 *   has accrued (`accrueThrough(state, n's date)` first), so the day of repayment counts as used
 *   and the day of payout does not.
 * - In-term interest of period k (periodStart_k < day ≤ dueDate_k) accrues on the principal not
 *   yet due (instalments k and later, less what was repaid of them) and belongs to instalment k.
 *   Repaying principal early therefore lowers every later day's interest: interest only for the
 *   days used. With no early principal, the accruals add up exactly to the schedule's interest.
 * - From the day after its due date, an instalment's unpaid principal accrues the overdue fee
 *   instead, at a daily rate capped at OverduePolicy.capPercent (150 %, Circular 39/2016) of the
 *   in-term rate; no interest on interest or on fees.
 * - Exact accrual: each instalment keeps its accrued interest in millionths of a đồng and is
 *   charged the whole đồng of it (rounded down), so daily charges never drift from the total.
 * - Allocation: oldest instalment first; within one, overdue fee → fee → interest → principal.
 *   What is left when nothing is owed is kept as a credit to refund (never lost).
 */

export interface OverduePolicy {
  /** The overdue fee per day on overdue principal, in ppm; undefined charges the cap. */
  dailyRatePpm?: bigint | undefined;
  /** The cap as a percentage of the in-term daily rate. */
  capPercent: bigint;
}

/** Circular 39/2016/TT-NHNN art. 13: interest on overdue principal at most 150 % of the in-term rate. */
export const DEFAULT_OVERDUE_CAP_PERCENT = 150n;
export const DEFAULT_OVERDUE_POLICY: OverduePolicy = { capPercent: DEFAULT_OVERDUE_CAP_PERCENT };

/** The overdue fee rate in ppm per day: the configured rate, never above the cap (rounded down). */
export function overdueRatePpm(inTermRatePpm: bigint, policy: OverduePolicy = DEFAULT_OVERDUE_POLICY): bigint {
  if (inTermRatePpm < 0n || policy.capPercent < 0n) throw new RangeError('Rates must not be negative');
  const cap = (inTermRatePpm * policy.capPercent) / 100n;
  if (policy.dailyRatePpm === undefined) return cap;
  if (policy.dailyRatePpm < 0n) throw new RangeError('Rates must not be negative');
  return policy.dailyRatePpm < cap ? policy.dailyRatePpm : cap;
}

/** The parts of what a borrower owes, in allocation order. */
export const ALLOCATION_ORDER = ['overdueFee', 'fee', 'interest', 'principal'] as const;
export type Component = (typeof ALLOCATION_ORDER)[number];
export type Components = Record<Component, Vnd>;

export const ZERO: Components = Object.freeze({ overdueFee: 0n, fee: 0n, interest: 0n, principal: 0n });

export function sumComponents(parts: Components): Vnd {
  return parts.overdueFee + parts.fee + parts.interest + parts.principal;
}

function add(a: Components, b: Components): Components {
  return { overdueFee: a.overdueFee + b.overdueFee, fee: a.fee + b.fee, interest: a.interest + b.interest, principal: a.principal + b.principal };
}

export interface InstalmentState {
  planPart: number;
  periodStart: IsoDate;
  dueDate: IsoDate;
  /** What has been charged so far: principal and fee in full from the start, interest and overdue fee as they accrue. */
  charged: Components;
  paid: Components;
  writtenOff: Components;
  /** Accrued interest and overdue fee in millionths of a đồng (exact); `charged` holds the whole đồng of them. */
  interestMicro: bigint;
  overdueFeeMicro: bigint;
}

export interface LoanState {
  startDate: IsoDate;
  dailyRatePpm: bigint;
  overdueRatePpm: bigint;
  /** The last date accrued (startDate before the first accrual). */
  accruedThrough: IsoDate;
  instalments: InstalmentState[];
  /** Money received beyond what was owed, held for the borrower (refundable). */
  credit: Vnd;
  /** Everything ever received. */
  received: Vnd;
  /** Everything ever refunded out of the credit. */
  refunded: Vnd;
  /** Set once the loan is written off; nothing accrues after. */
  writtenOffOn: IsoDate | null;
  /** Money received after the write-off and taken as recovery of what was written off (never more than that). */
  recovered: Vnd;
}

/** The state of a loan just paid out, from its schedule. */
export function openLoan(schedule: Schedule, policy: OverduePolicy = DEFAULT_OVERDUE_POLICY): LoanState {
  return {
    startDate: schedule.terms.startDate,
    dailyRatePpm: schedule.terms.dailyRatePpm,
    overdueRatePpm: overdueRatePpm(schedule.terms.dailyRatePpm, policy),
    accruedThrough: schedule.terms.startDate,
    instalments: schedule.instalments.map((row) => ({
      planPart: row.planPart,
      periodStart: row.periodStart,
      dueDate: row.dueDate,
      charged: { ...ZERO, principal: row.principal, fee: row.fee },
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

/** What is still owed of one instalment, by component (never negative). */
export function instalmentOutstanding(instalment: InstalmentState): Components {
  const owed = (part: Component) => instalment.charged[part] - instalment.paid[part] - instalment.writtenOff[part];
  return { overdueFee: owed('overdueFee'), fee: owed('fee'), interest: owed('interest'), principal: owed('principal') };
}

/** What is still owed of the whole loan as of its last accrual, by component. */
export function loanOutstanding(state: LoanState): Components {
  return state.instalments.reduce((sum, instalment) => add(sum, instalmentOutstanding(instalment)), { ...ZERO });
}

/** Totals of a component list over the loan (charged, paid, written off). */
export function loanTotals(state: LoanState): { charged: Components; paid: Components; writtenOff: Components } {
  let charged = { ...ZERO };
  let paid = { ...ZERO };
  let writtenOff = { ...ZERO };
  for (const instalment of state.instalments) {
    charged = add(charged, instalment.charged);
    paid = add(paid, instalment.paid);
    writtenOff = add(writtenOff, instalment.writtenOff);
  }
  return { charged, paid, writtenOff };
}

/** Settled: nothing owed and no principal left to accrue on (a written-off loan is closed, not settled). */
export function isSettled(state: LoanState): boolean {
  return state.writtenOffOn === null && sumComponents(loanOutstanding(state)) === 0n;
}

export interface DayAccrual {
  date: IsoDate;
  interest: Vnd;
  overdueFee: Vnd;
}

function cloneInstalment(instalment: InstalmentState): InstalmentState {
  return { ...instalment, charged: { ...instalment.charged }, paid: { ...instalment.paid }, writtenOff: { ...instalment.writtenOff } };
}

/** Accrues the one day after `state.accruedThrough`. */
export function accrueNextDay(state: LoanState): { state: LoanState; accrual: DayAccrual } {
  const date = addVietnamDays(state.accruedThrough, 1);
  if (state.writtenOffOn !== null) return { state: { ...state, accruedThrough: date }, accrual: { date, interest: 0n, overdueFee: 0n } };
  const instalments = state.instalments.map(cloneInstalment);
  const unpaidPrincipal = instalments.map((instalment) => instalmentOutstanding(instalment).principal);
  // notYetDue[k]: the unpaid principal of instalments k and later.
  const notYetDue = [...unpaidPrincipal];
  for (let index = notYetDue.length - 2; index >= 0; index -= 1) notYetDue[index]! += notYetDue[index + 1]!;
  let interest = 0n;
  let overdueFee = 0n;
  instalments.forEach((instalment, index) => {
    if (date > instalment.periodStart && date <= instalment.dueDate) {
      instalment.interestMicro += notYetDue[index]! * state.dailyRatePpm;
      const charged = instalment.interestMicro / PPM;
      interest += charged - instalment.charged.interest;
      instalment.charged.interest = charged;
    } else if (date > instalment.dueDate && unpaidPrincipal[index]! > 0n) {
      instalment.overdueFeeMicro += unpaidPrincipal[index]! * state.overdueRatePpm;
      const charged = instalment.overdueFeeMicro / PPM;
      overdueFee += charged - instalment.charged.overdueFee;
      instalment.charged.overdueFee = charged;
    }
  });
  return { state: { ...state, instalments, accruedThrough: date }, accrual: { date, interest, overdueFee } };
}

/** Accrues every day after `state.accruedThrough` through `date` (nothing when already there). */
export function accrueThrough(state: LoanState, date: IsoDate): { state: LoanState; days: DayAccrual[] } {
  assertIsoDate(date);
  const days: DayAccrual[] = [];
  let current = state;
  while (current.accruedThrough < date) {
    const next = accrueNextDay(current);
    current = next.state;
    days.push(next.accrual);
  }
  return { state: current, days };
}

export interface Allocation {
  /** Per instalment that received money, in the order it was applied. */
  byInstalment: Array<{ planPart: number } & Components>;
  /** The sum over instalments. */
  totals: Components;
  /** Kept as the borrower's credit (overpayment). */
  toCredit: Vnd;
  /** On a written-off loan: taken as recovery of what was written off (recovery income), never into the closed receivables. */
  toRecovery: Vnd;
}

/** What of a written-off loan may still be recovered: what was written off less what was recovered since (0 for a loan not written off). */
export function recoverable(state: LoanState): Vnd {
  if (state.writtenOffOn === null) return 0n;
  return sumComponents(loanTotals(state).writtenOff) - state.recovered;
}

/**
 * What of each instalment's written-off amount is not yet recovered, by component, in instalment
 * order (decision 111): the loan's `recovered` spread over the instalments oldest first and within
 * each in the allocation order (overdue fee → fee → interest → principal), as a payment would have
 * been. Recovery is kept per loan, not per instalment (decision 100); this is how the borrower's
 * order shows it per instalment, and its total is `recoverable`. All zero for a loan not written off.
 */
export function instalmentsRecoverable(state: LoanState): Components[] {
  if (state.writtenOffOn === null) return state.instalments.map(() => ({ ...ZERO }));
  let recovered = state.recovered;
  return state.instalments.map((instalment) => {
    const open = { ...ZERO };
    for (const part of ALLOCATION_ORDER) {
      const take = instalment.writtenOff[part] < recovered ? instalment.writtenOff[part] : recovered;
      recovered -= take;
      open[part] = instalment.writtenOff[part] - take;
    }
    return open;
  });
}

/**
 * Applies `amount` to what is owed as of the last accrual (accrue through the payment date
 * first): oldest instalment first, within it overdue fee → fee → interest → principal; the rest
 * becomes credit. On a written-off loan the receivables are closed: the money is recovery, up to
 * what was written off (recoverable), and the rest credit.
 */
export function applyRepayment(state: LoanState, amount: Vnd): { state: LoanState; allocation: Allocation } {
  if (amount <= 0n) throw new RangeError('A repayment must be positive');
  const instalments = state.instalments.map(cloneInstalment);
  let left = amount;
  const byInstalment: Allocation['byInstalment'] = [];
  let totals = { ...ZERO };
  if (state.writtenOffOn === null) {
    for (const instalment of instalments) {
      if (left === 0n) break;
      const owed = instalmentOutstanding(instalment);
      const applied = { ...ZERO };
      for (const part of ALLOCATION_ORDER) {
        const take = owed[part] < left ? owed[part] : left;
        applied[part] = take;
        instalment.paid[part] += take;
        left -= take;
      }
      if (sumComponents(applied) > 0n) {
        byInstalment.push({ planPart: instalment.planPart, ...applied });
        totals = add(totals, applied);
      }
    }
  }
  const toRecovery = state.writtenOffOn === null ? 0n : left < recoverable(state) ? left : recoverable(state);
  left -= toRecovery;
  return {
    state: { ...state, instalments, credit: state.credit + left, received: state.received + amount, recovered: state.recovered + toRecovery },
    allocation: { byInstalment, totals, toCredit: left, toRecovery },
  };
}

/** Pays part or all of the credit back to the borrower. */
export function refundCredit(state: LoanState, amount: Vnd): LoanState {
  if (amount <= 0n || amount > state.credit) throw new RangeError('A refund must be positive and within the credit');
  return { ...state, credit: state.credit - amount, refunded: state.refunded + amount };
}

/** What settles the loan if paid on `date` (interest only for the days used), less any credit. */
export function payoffAmount(state: LoanState, date: IsoDate): Vnd {
  const owed = sumComponents(loanOutstanding(accrueThrough(state, date).state));
  return owed > state.credit ? owed - state.credit : 0n;
}

/** What is due on `date`: everything owed of the instalments due on or before it (after accruing through it). */
export function amountDue(state: LoanState, date: IsoDate): Vnd {
  const accrued = accrueThrough(state, date).state;
  return accrued.instalments
    .filter((instalment) => instalment.dueDate <= date)
    .reduce((sum, instalment) => sum + sumComponents(instalmentOutstanding(instalment)), 0n);
}

export type InstalmentStatus = 'paid' | 'upcoming' | 'due' | 'overdue' | 'written-off';

/** Where an instalment stands on `date`. */
export function instalmentStatus(instalment: InstalmentState, date: IsoDate): InstalmentStatus {
  const owed = sumComponents(instalmentOutstanding(instalment));
  if (owed === 0n) return sumComponents(instalment.writtenOff) > 0n ? 'written-off' : 'paid';
  if (date < instalment.dueDate) return 'upcoming';
  return date === instalment.dueDate ? 'due' : 'overdue';
}

/** Days past the due date of the oldest unpaid instalment on `date` (0 when none is overdue). */
export function daysOverdue(state: LoanState, date: IsoDate): number {
  const oldest = state.instalments.find((instalment) => sumComponents(instalmentOutstanding(instalment)) > 0n && instalment.dueDate < date);
  return oldest ? daysBetween(oldest.dueDate, date) : 0;
}

/**
 * Days past due on `date` as the borrower's order shows them: `daysOverdue` for a loan being
 * repaid; for a written-off loan (whose receivables are closed, so `daysOverdue` is 0) the days
 * since the due date of the oldest instalment with something left to recover (decision 111), 0
 * once everything is recovered.
 */
export function daysPastDue(state: LoanState, date: IsoDate): number {
  if (state.writtenOffOn === null) return daysOverdue(state, date);
  const open = instalmentsRecoverable(state);
  const oldest = state.instalments.find((instalment, index) => sumComponents(open[index]!) > 0n && instalment.dueDate < date);
  return oldest ? daysBetween(oldest.dueDate, date) : 0;
}

/** Writes off everything still owed (as of the last accrual); returns what was written off. */
export function writeOff(state: LoanState, date: IsoDate): { state: LoanState; writtenOff: Components } {
  if (state.writtenOffOn !== null) throw new RangeError('Already written off');
  let total = { ...ZERO };
  const instalments = state.instalments.map((instalment) => {
    const copy = cloneInstalment(instalment);
    const owed = instalmentOutstanding(copy);
    copy.writtenOff = add(copy.writtenOff, owed);
    total = add(total, owed);
    return copy;
  });
  return { state: { ...state, instalments, writtenOffOn: date }, writtenOff: total };
}
