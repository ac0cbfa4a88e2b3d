import { daysBetween } from './calendar.ts';
import type { Vnd } from './money.ts';
import { buildSchedule, type LoanTerms, type Schedule } from './schedule.ts';

/**
 * The annual percentage rate including fees (docs/decisions/056-apr-and-rounding.md).
 *
 * Google Play's financial-services policy asks personal-loan apps to disclose the APR: the yearly
 * cost of the credit, interest plus fees. We compute it from the borrower's real cash flows: the
 * amount received on day 0 (principal less any fee taken out of the payout) and each instalment
 * paid on its due date. The daily internal rate of return d solves
 *
 *   Σ cashFlow_k / (1 + d)^(day_k) = 0
 *
 * and the APR is d × 365 (a nominal yearly rate, the way a daily rate is quoted as yearly); the
 * effective annual rate (1 + d)^365 − 1 is given too. Rates are floating point: they are figures
 * shown to people, never amounts of money.
 */

export interface CashFlow {
  /** Days after the loan starts (day 0 = payout). */
  day: number;
  /** Positive to the borrower, negative from the borrower. */
  amount: Vnd;
}

export interface AnnualRate {
  /** The daily IRR as a fraction. */
  dailyRate: number;
  /** dailyRate × 365, a fraction (0.1825 = 18.25 %). */
  apr: number;
  /** (1 + dailyRate)^365 − 1, a fraction. */
  effectiveAnnualRate: number;
  /** The APR in percent, rounded up to 0.01 so that what is shown is never below the real rate. */
  aprPercent: number;
}

export const DAYS_PER_YEAR = 365;

/**
 * Google Play does not allow apps promoting personal loans that must be repaid in full in 60 days
 * or less from the date the loan is issued ("short-term personal loans"): a product's term must be
 * at least 61 days.
 */
export const PLAY_MIN_TERM_DAYS = 61;

/** Whether a term makes a loan a short-term personal loan in Google Play's sense. */
export function isShortTermLoan(termDays: number): boolean {
  return termDays < PLAY_MIN_TERM_DAYS;
}

/** The borrower's cash flows of a schedule: the payout, then every instalment on its due date. */
export function scheduleCashFlows(schedule: Schedule): CashFlow[] {
  return [
    { day: 0, amount: schedule.totals.disbursed },
    ...schedule.instalments.map((row) => ({ day: daysBetween(schedule.terms.startDate, row.dueDate), amount: -row.total })),
  ];
}

/** The net present value in đồng (a float) of cash flows at a daily rate. */
export function netPresentValue(flows: readonly CashFlow[], dailyRate: number): number {
  let sum = 0;
  for (const flow of flows) sum += Number(flow.amount) / Math.pow(1 + dailyRate, flow.day);
  return sum;
}

/**
 * The daily IRR of flows that start with money received and then only pay it back (one sign
 * change, so there is exactly one root): bisection, to the precision of a double.
 */
export function dailyInternalRate(flows: readonly CashFlow[]): number {
  const received = flows.filter((flow) => flow.amount > 0n).reduce((sum, flow) => sum + flow.amount, 0n);
  const repaid = flows.filter((flow) => flow.amount < 0n).reduce((sum, flow) => sum - flow.amount, 0n);
  if (received <= 0n || repaid <= 0n) throw new RangeError('Cash flows need money received and money repaid');
  if (flows.some((flow) => !Number.isSafeInteger(flow.day) || flow.day < 0)) throw new RangeError('Days must be whole and not negative');
  if (flows.some((flow) => flow.amount > 0n && flow.day !== 0)) throw new RangeError('Money is received on day 0 only');
  if (repaid === received) return 0;
  let low: number;
  let high: number;
  if (repaid > received) {
    // NPV is negative at 0 and rises towards the amount received as the rate grows.
    low = 0;
    high = 1e-3;
    while (netPresentValue(flows, high) < 0) {
      high *= 2;
      if (high > 1e6) throw new RangeError('No rate repays these flows');
    }
  } else {
    // Less repaid than received: a negative rate, between −1 and 0.
    low = -0.5;
    high = 0;
    while (netPresentValue(flows, low) > 0) {
      low = (low - 1) / 2;
      if (low <= -1 + 1e-12) throw new RangeError('No rate repays these flows');
    }
  }
  for (let step = 0; step < 200; step += 1) {
    const middle = (low + high) / 2;
    if (middle === low || middle === high) break;
    if (netPresentValue(flows, middle) < 0) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

export function annualRateOf(flows: readonly CashFlow[]): AnnualRate {
  const dailyRate = dailyInternalRate(flows);
  const apr = dailyRate * DAYS_PER_YEAR;
  return {
    dailyRate,
    apr,
    effectiveAnnualRate: Math.pow(1 + dailyRate, DAYS_PER_YEAR) - 1,
    aprPercent: roundUpToHundredths(apr * 100),
  };
}

/** The APR of a schedule (interest and every fee included). */
export function scheduleApr(schedule: Schedule): AnnualRate {
  return annualRateOf(scheduleCashFlows(schedule));
}

function roundUpToHundredths(percent: number): number {
  // Tolerate the last bits of floating point: 18.25000000001 shows as 18.25, not 18.26.
  return Math.ceil(percent * 100 - 1e-7) / 100;
}

/** The lowest and highest APR (in percent, as `aprPercent`) over loans of these terms; null for none (the visitor home's range). */
export function aprRange(loans: readonly LoanTerms[]): { minPercent: number; maxPercent: number } | null {
  if (loans.length === 0) return null;
  const rates = loans.map((terms) => scheduleApr(buildSchedule(terms)).aprPercent);
  return { minPercent: Math.min(...rates), maxPercent: Math.max(...rates) };
}
