/**
 * Legal caps on a loan product's rates (docs/decisions/050-loan-products-as-data-and-rate-caps.md).
 *
 * - Civil Code 2015 art. 468(1): agreed interest may not exceed 20 % a year of the loan amount,
 *   unless another law provides otherwise; credit institutions follow the law on credit
 *   institutions (their cap is then configured, LENDER_LICENCE=credit-institution).
 * - Art. 468(2)/357 and Resolution 01/2019/NQ-HĐTP: interest on overdue principal is at most 150 %
 *   of the agreed rate.
 *
 * Rates are integers in parts per million per day (see interest.ts). A year counts 365 days.
 */
export interface RateCap {
  /** Highest nominal annual interest rate, in percent (20 for non-credit-institution lenders). */
  annualPercent: number;
  /** Highest overdue rate as a multiple of the agreed rate (1.5). */
  overdueMultiple: number;
}

export const CIVIL_CODE_CAP: RateCap = { annualPercent: 20, overdueMultiple: 1.5 };

export interface ProductRates {
  dailyRatePpm: number;
  /** Overdue charge per day on overdue principal, ppm. */
  overdueDailyRatePpm: number;
}

export type RateCapViolation =
  | { field: 'dailyRatePpm'; annualPercent: number; capPercent: number }
  | { field: 'overdueDailyRatePpm'; overdueDailyRatePpm: number; maxPpm: number };

/** The nominal annual rate in percent of a daily rate in ppm (365 × ppm / 10,000). */
export function annualPercentOfDailyPpm(dailyRatePpm: number): number {
  return (dailyRatePpm * 365) / 10_000;
}

/** What breaks the cap (empty when the product is lawful under it). Exact integer comparisons. */
export function rateCapViolations(rates: ProductRates, cap: RateCap): RateCapViolation[] {
  const violations: RateCapViolation[] = [];
  const capScaled = Math.round(cap.annualPercent * 10_000);
  // 1 % a year = 10,000 ppm a year, so ppm/day × 365 is compared with percent × 10,000.
  if (rates.dailyRatePpm * 365 > capScaled) {
    violations.push({ field: 'dailyRatePpm', annualPercent: annualPercentOfDailyPpm(rates.dailyRatePpm), capPercent: cap.annualPercent });
  }
  const maxOverdue = Math.floor(rates.dailyRatePpm * cap.overdueMultiple);
  if (rates.overdueDailyRatePpm > maxOverdue) {
    violations.push({ field: 'overdueDailyRatePpm', overdueDailyRatePpm: rates.overdueDailyRatePpm, maxPpm: maxOverdue });
  }
  return violations;
}
