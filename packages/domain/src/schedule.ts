import { addVietnamDays, assertIsoDate, type IsoDate } from './calendar.ts';
import { dailyInterest, PPM } from './interest.ts';
import type { Vnd } from './money.ts';
import { ratio, roundVnd, type RoundingMode } from './rounding.ts';

/**
 * Repayment schedules (issue 11). One rounding rule for every split: each part is the whole
 * amount divided evenly and rounded down to a whole đồng, and the last part takes the remainder,
 * so the parts always add up to the whole exactly. Interest is the one exception by nature: it is
 * computed per period on the principal outstanding in that period (interest.ts, rounded down once
 * per period), and the schedule's total interest is the sum of the periods'.
 */

/** How the service fee is collected. */
export type FeeTiming =
  /** Taken out of the payout: the borrower receives principal − fee and repays the principal (the family's `actualAmount`). */
  | 'deducted'
  /** Repaid with the instalments, split by the rounding rule (the family's `repayAfterHandleAmount`). */
  | 'instalments';

/** How a product prices its service fee. */
export type ServiceFeeRule =
  | { kind: 'fixed'; amount: Vnd }
  /** A share of the principal in ppm (100,000 ppm = 10 %), rounded down. */
  | { kind: 'rate'; ppm: bigint };

export const FEE_ROUNDING: RoundingMode = 'down';

/** The service fee a rule charges on `principal`. */
export function serviceFeeFor(rule: ServiceFeeRule, principal: Vnd): Vnd {
  if (principal < 0n) throw new RangeError('Principal must not be negative');
  if (rule.kind === 'fixed') {
    if (rule.amount < 0n) throw new RangeError('Fee must not be negative');
    return rule.amount;
  }
  if (rule.ppm < 0n) throw new RangeError('Fee rate must not be negative');
  return roundVnd(ratio(principal * rule.ppm, PPM), FEE_ROUNDING);
}

/**
 * Splits `total` into `parts` parts by the house rule: each part is total / parts rounded down,
 * the last takes the remainder (so it is the largest, by less than `parts` đồng).
 */
export function splitEvenly(total: Vnd, parts: number): Vnd[] {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`Not a number of parts: ${parts}`);
  if (total < 0n) throw new RangeError('Cannot split a negative amount');
  const each = total / BigInt(parts);
  const split = Array.from({ length: parts }, () => each);
  split[parts - 1] = total - each * BigInt(parts - 1);
  return split;
}

/** Splits `termDays` into `parts` periods the same way: equal periods, the last takes the extra days. */
export function splitDays(termDays: number, parts: number): number[] {
  if (!Number.isSafeInteger(termDays) || termDays < 1) throw new RangeError(`Not a term in days: ${termDays}`);
  if (parts > termDays) throw new RangeError(`${parts} instalments do not fit in ${termDays} days`);
  return splitEvenly(BigInt(termDays), parts).map(Number);
}

export interface LoanTerms {
  /** The amount borrowed (the family's `loanAmount`). */
  principal: Vnd;
  /** Interest per day on the outstanding principal, in ppm (300 = 0.03 %/day). */
  dailyRatePpm: bigint;
  /** The whole term in days (the family's `timeLimit`). */
  termDays: number;
  /** Instalments (the family's `planNums`); 1 is a single payment at the end of the term. */
  planNums: number;
  /** The service fee in đồng (serviceFeeFor). */
  serviceFee: Vnd;
  feeTiming: FeeTiming;
  /** The Vietnam calendar date the money is paid out; day 0 of the loan. */
  startDate: IsoDate;
}

export interface Instalment {
  /** 1-based (the family's `planPart`). */
  planPart: number;
  /** The period runs from the day after `periodStart` through `dueDate`: `days` days of interest. */
  periodStart: IsoDate;
  dueDate: IsoDate;
  days: number;
  /** Principal outstanding during this period (before this instalment's principal is repaid). */
  openingPrincipal: Vnd;
  principal: Vnd;
  interest: Vnd;
  fee: Vnd;
  /** principal + interest + fee (the family's `totalRepayment`). */
  total: Vnd;
}

export interface ScheduleTotals {
  principal: Vnd;
  interest: Vnd;
  /** The whole service fee, however it is collected. */
  serviceFee: Vnd;
  /** The part of the fee taken out of the payout (feeTiming 'deducted'), else 0. */
  deductedFee: Vnd;
  /** The part of the fee repaid with the instalments. */
  instalmentFee: Vnd;
  /** What the borrower receives: principal − deducted fee (the family's `actualAmount`). */
  disbursed: Vnd;
  /** The sum of the instalments: what the borrower repays (the family's `actualNeedRepayAmount`). */
  repayable: Vnd;
  /** The cost of the credit: repayable − disbursed = interest + the whole fee. */
  cost: Vnd;
}

export interface Schedule {
  terms: LoanTerms;
  instalments: Instalment[];
  totals: ScheduleTotals;
}

export function checkTerms(terms: LoanTerms): void {
  if (terms.principal <= 0n) throw new RangeError('Principal must be positive');
  if (terms.dailyRatePpm < 0n) throw new RangeError('Rate must not be negative');
  if (!Number.isSafeInteger(terms.planNums) || terms.planNums < 1) throw new RangeError(`Not a number of instalments: ${terms.planNums}`);
  splitDays(terms.termDays, terms.planNums);
  if (terms.serviceFee < 0n) throw new RangeError('Fee must not be negative');
  if (terms.feeTiming === 'deducted' && terms.serviceFee >= terms.principal) {
    throw new RangeError('A fee taken out of the payout must leave the borrower something');
  }
  assertIsoDate(terms.startDate);
}

/**
 * The repayment schedule of a loan: `planNums` instalments over `termDays` days, equal principal
 * parts (declining balance), each period's interest on the principal outstanding in it, the fee
 * spread over the instalments or taken out of the payout. Due dates are Vietnam calendar dates.
 */
export function buildSchedule(terms: LoanTerms): Schedule {
  checkTerms(terms);
  const days = splitDays(terms.termDays, terms.planNums);
  const principalParts = splitEvenly(terms.principal, terms.planNums);
  const instalmentFee = terms.feeTiming === 'instalments' ? terms.serviceFee : 0n;
  const feeParts = splitEvenly(instalmentFee, terms.planNums);
  const instalments: Instalment[] = [];
  let outstanding = terms.principal;
  let elapsed = 0;
  for (let index = 0; index < terms.planNums; index += 1) {
    const periodDays = days[index]!;
    const principal = principalParts[index]!;
    const fee = feeParts[index]!;
    const interest = dailyInterest(outstanding, terms.dailyRatePpm, periodDays);
    instalments.push({
      planPart: index + 1,
      periodStart: addVietnamDays(terms.startDate, elapsed),
      dueDate: addVietnamDays(terms.startDate, elapsed + periodDays),
      days: periodDays,
      openingPrincipal: outstanding,
      principal,
      interest,
      fee,
      total: principal + interest + fee,
    });
    outstanding -= principal;
    elapsed += periodDays;
  }
  const deductedFee = terms.feeTiming === 'deducted' ? terms.serviceFee : 0n;
  const interest = instalments.reduce((sum, row) => sum + row.interest, 0n);
  const repayable = instalments.reduce((sum, row) => sum + row.total, 0n);
  const disbursed = terms.principal - deductedFee;
  return {
    terms,
    instalments,
    totals: {
      principal: terms.principal,
      interest,
      serviceFee: terms.serviceFee,
      deductedFee,
      instalmentFee,
      disbursed,
      repayable,
      cost: repayable - disbursed,
    },
  };
}
