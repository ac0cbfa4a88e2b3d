import type { Vnd } from './money.ts';
import { ratio, roundVnd, type RoundingMode } from './rounding.ts';

/**
 * Interest rates are integers in parts per million (ppm) per day: 1 ppm = 0.0001 %. SPEC.md §9's
 * daily rates of 0.03 % and 0.04 % (@sen/contract DAILY_INTEREST_RATES = [0.0003, 0.0004]) are
 * 300 ppm and 400 ppm. Basis points (0.01 %) would make those 3 and 4 and could not express
 * 0.035 %; ppm can, and stays an exact integer.
 */
export const PPM = 1_000_000n;
export const DAILY_INTEREST_RATES_PPM = [300n, 400n] as const;

/**
 * How interest is rounded: down, so a borrower is never charged a fraction of a đồng more than
 * the exact amount.
 */
export const INTEREST_ROUNDING: RoundingMode = 'down';

/** A rate given as a fraction per day (0.0003 for 0.03 %) as ppm; refuses rates finer than 1 ppm. */
export function dailyRatePpmFromFraction(fraction: number): bigint {
  const scaled = fraction * 1_000_000;
  const whole = Math.round(scaled);
  if (!Number.isFinite(scaled) || fraction < 0 || Math.abs(scaled - whole) > 1e-6) {
    throw new RangeError(`Not a daily rate in whole ppm: ${fraction}`);
  }
  return BigInt(whole);
}

function checkInputs(principal: Vnd, dailyRatePpm: bigint, days: bigint): void {
  if (principal < 0n) throw new RangeError('Principal must not be negative');
  if (dailyRatePpm < 0n) throw new RangeError('Rate must not be negative');
  if (days < 0n) throw new RangeError('Days must not be negative');
}

function toDays(days: number | bigint): bigint {
  if (typeof days === 'number' && !Number.isSafeInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return BigInt(days);
}

/**
 * Simple interest on `principal` for `days` days at `dailyRatePpm`, computed exactly and rounded
 * once: principal × rate × days / 1,000,000. E.g. 1,000,000 ₫ at 300 ppm for 30 days is 9,000 ₫.
 */
export function dailyInterest(
  principal: Vnd,
  dailyRatePpm: bigint,
  days: number | bigint,
  mode: RoundingMode = INTEREST_ROUNDING,
): Vnd {
  const dayCount = toDays(days);
  checkInputs(principal, dailyRatePpm, dayCount);
  return roundVnd(ratio(principal * dailyRatePpm * dayCount, PPM), mode);
}

/**
 * The interest to post for day `day` (1-based) of a loan: the rounded total through that day less
 * the rounded total through the day before. Daily postings therefore add up to exactly
 * dailyInterest(principal, rate, n) after n days, with no rounding drift.
 */
export function interestAccruedOnDay(
  principal: Vnd,
  dailyRatePpm: bigint,
  day: number | bigint,
  mode: RoundingMode = INTEREST_ROUNDING,
): Vnd {
  const dayNumber = toDays(day);
  if (dayNumber < 1n) throw new RangeError('Days are counted from 1');
  return dailyInterest(principal, dailyRatePpm, dayNumber, mode) - dailyInterest(principal, dailyRatePpm, dayNumber - 1n, mode);
}
