import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annualRateOf, aprRange, isShortTermLoan, netPresentValue, scheduleApr, scheduleCashFlows } from './apr.ts';
import { buildSchedule } from './schedule.ts';
import { termsArbitrary } from './test-arbitraries.ts';

describe('APR', () => {
  it('is the daily rate × 365 for a single payment without fees (compounded daily)', () => {
    // 1,000,000 received, 1,000,000 × (1.001)^30 repaid on day 30: daily IRR exactly 0.1 %.
    const repaid = BigInt(Math.round(1_000_000 * Math.pow(1.001, 30)));
    const rate = annualRateOf([
      { day: 0, amount: 1_000_000n },
      { day: 30, amount: -repaid },
    ]);
    expect(rate.dailyRate).toBeCloseTo(0.001, 8);
    expect(rate.apr).toBeCloseTo(0.365, 5);
    expect(rate.effectiveAnnualRate).toBeCloseTo(Math.pow(1.001, 365) - 1, 4);
    expect(rate.aprPercent).toBe(36.5);
  });

  it('is zero when nothing but the principal is repaid, and negative when less is', () => {
    expect(annualRateOf([{ day: 0, amount: 500n }, { day: 10, amount: -500n }]).apr).toBe(0);
    expect(annualRateOf([{ day: 0, amount: 500n }, { day: 10, amount: -400n }]).apr < 0).toBe(true);
  });

  it('counts the fee: a fee taken out of the payout raises the APR above the interest rate alone', () => {
    const base = { principal: 2_000_000n, dailyRatePpm: 300n, termDays: 91, planNums: 1, startDate: '2026-03-15' } as const;
    const withoutFee = scheduleApr(buildSchedule({ ...base, serviceFee: 0n, feeTiming: 'deducted' }));
    const withFee = scheduleApr(buildSchedule({ ...base, serviceFee: 200_000n, feeTiming: 'deducted' }));
    expect(withoutFee.aprPercent).toBe(10.81);
    expect(withFee.apr > withoutFee.apr + 0.3).toBe(true);
  });

  it('knows Google Play’s short-term loans (repaid in full in 60 days or less)', () => {
    expect(isShortTermLoan(60)).toBe(true);
    expect(isShortTermLoan(61)).toBe(false);
    expect(isShortTermLoan(91)).toBe(false);
  });

  it('refuses flows without money both ways', () => {
    expect(() => annualRateOf([{ day: 0, amount: 100n }])).toThrow(RangeError);
    expect(() => annualRateOf([{ day: 0, amount: 100n }, { day: 5, amount: 10n }])).toThrow(RangeError);
  });

  it('round-trips: the schedule cash flows at the APR have zero NPV within rounding', () => {
    fc.assert(
      fc.property(termsArbitrary, (terms) => {
        const schedule = buildSchedule(terms);
        const flows = scheduleCashFlows(schedule);
        const rate = scheduleApr(schedule);
        expect(Math.abs(netPresentValue(flows, rate.dailyRate))).toBeLessThan(1);
        expect(rate.dailyRate * 365).toBeCloseTo(rate.apr, 12);
        // The rounded figure shown is never below the real rate, and within 0.01 % of it.
        expect(rate.aprPercent >= rate.apr * 100 - 1e-6).toBe(true);
        expect(rate.aprPercent - rate.apr * 100).toBeLessThan(0.0101);
        // A cost of credit gives a positive rate; none gives zero.
        if (schedule.totals.cost > 0n) expect(rate.apr > 0).toBe(true);
        else expect(rate.apr).toBe(0);
      }),
      { numRuns: 150 },
    );
  });
});

describe('aprRange', () => {
  const base = { principal: 5_000_000n, termDays: 90, planNums: 1, feeTiming: 'deducted' as const, startDate: '2026-11-26' };
  it('is the lowest and highest APR of the loans given, each with its fees (none given: null)', () => {
    const cheap = { ...base, dailyRatePpm: 300n, serviceFee: 0n };
    const dear = { ...base, dailyRatePpm: 400n, serviceFee: 150_000n };
    const range = aprRange([dear, cheap]);
    expect(range).toEqual({ minPercent: scheduleApr(buildSchedule(cheap)).aprPercent, maxPercent: scheduleApr(buildSchedule(dear)).aprPercent });
    // Fees count: the dearer loan's APR is above its interest rate alone (0.04 %/day = 14.6 %/year).
    expect(range!.maxPercent).toBeGreaterThan(14.6);
    expect(aprRange([])).toBeNull();
  });
});
