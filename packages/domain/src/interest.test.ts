import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAILY_INTEREST_RATES_PPM,
  INTEREST_ROUNDING,
  dailyInterest,
  dailyRatePpmFromFraction,
  interestAccruedOnDay,
} from './interest.ts';
import { ROUNDING_MODES } from './rounding.ts';

const principal = fc.bigInt({ min: 0n, max: 10n ** 12n });
const ratePpm = fc.bigInt({ min: 0n, max: 20_000n });
const days = fc.integer({ min: 0, max: 3650 });

describe('daily rates', () => {
  it('are the spec rates 0.03 % and 0.04 % in ppm', () => {
    // SPEC.md §9 and @sen/contract DAILY_INTEREST_RATES = [0.0003, 0.0004].
    expect([0.0003, 0.0004].map(dailyRatePpmFromFraction)).toEqual([...DAILY_INTEREST_RATES_PPM]);
    expect(DAILY_INTEREST_RATES_PPM).toEqual([300n, 400n]);
  });

  it('converts fractions exactly despite floating point', () => {
    expect(dailyRatePpmFromFraction(0.00035)).toBe(350n);
    expect(dailyRatePpmFromFraction(0.001)).toBe(1000n);
    expect(dailyRatePpmFromFraction(0)).toBe(0n);
  });

  it.each([0.00000015, -0.0003, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (fraction) => {
    expect(() => dailyRatePpmFromFraction(fraction)).toThrow(RangeError);
  });
});

describe('dailyInterest', () => {
  it('computes principal × rate × days exactly', () => {
    expect(dailyInterest(1_000_000n, 300n, 30)).toBe(9_000n);
    expect(dailyInterest(2_000_000n, 400n, 7)).toBe(5_600n);
    expect(dailyInterest(1_000_000n, 300n, 0)).toBe(0n);
    expect(dailyInterest(0n, 400n, 30)).toBe(0n);
  });

  it('rounds once, at the end, down by default', () => {
    // 1,234,567 × 400 × 14 / 1,000,000 = 6,913.5752
    expect(INTEREST_ROUNDING).toBe('down');
    expect(dailyInterest(1_234_567n, 400n, 14)).toBe(6_913n);
    expect(dailyInterest(1_234_567n, 400n, 14n, 'half-up')).toBe(6_914n);
    // 1,234,567 × 300 × 1 / 1,000,000 = 370.3701: fourteen separately rounded days would give 5,180.
    expect(dailyInterest(1_234_567n, 300n, 14)).toBe(5_185n);
  });

  it.each([
    [-1n, 300n, 1],
    [1n, -300n, 1],
    [1n, 300n, -1],
    [1n, 300n, 1.5],
  ])('refuses principal %s, rate %s, days %s', (p, r, d) => {
    expect(() => dailyInterest(p, r, d)).toThrow(RangeError);
  });

  it('never exceeds the exact amount in the default mode and is within one đồng of it', () => {
    fc.assert(
      fc.property(principal, ratePpm, days, (p, r, d) => {
        const exactTimesMillion = p * r * BigInt(d);
        const interest = dailyInterest(p, r, d);
        expect(interest * 1_000_000n <= exactTimesMillion).toBe(true);
        expect(exactTimesMillion - interest * 1_000_000n < 1_000_000n).toBe(true);
      }),
    );
  });

  it('grows with the principal, the rate and the days', () => {
    fc.assert(
      fc.property(principal, ratePpm, days, (p, r, d) => {
        const base = dailyInterest(p, r, d);
        expect(dailyInterest(p + 1000n, r, d) >= base).toBe(true);
        expect(dailyInterest(p, r + 1n, d) >= base).toBe(true);
        expect(dailyInterest(p, r, d + 1) >= base).toBe(true);
      }),
    );
  });
});

describe('interestAccruedOnDay', () => {
  it('posts the difference of the running totals', () => {
    // 370.3701 a day: 370, 370, 370 then 371 when the fractions add up past a whole đồng.
    const postings = [1, 2, 3, 4].map((day) => interestAccruedOnDay(1_234_567n, 300n, day));
    expect(postings.slice(0, 2)).toEqual([370n, 370n]);
    expect(postings.reduce((sum, value) => sum + value, 0n)).toBe(dailyInterest(1_234_567n, 300n, 4));
  });

  it('refuses day 0', () => {
    expect(() => interestAccruedOnDay(1_000n, 300n, 0)).toThrow(RangeError);
  });

  it('adds up to the period interest exactly, in every rounding mode', () => {
    fc.assert(
      fc.property(principal, ratePpm, fc.integer({ min: 1, max: 120 }), fc.constantFrom(...ROUNDING_MODES), (p, r, n, m) => {
        let sum = 0n;
        for (let day = 1; day <= n; day += 1) {
          const posting = interestAccruedOnDay(p, r, day, m);
          expect(posting >= 0n).toBe(true);
          sum += posting;
        }
        expect(sum).toBe(dailyInterest(p, r, n, m));
      }),
      { numRuns: 50 },
    );
  });
});
