import { describe, expect, it } from 'vitest';
import { annualPercentOfDailyPpm, CIVIL_CODE_CAP, rateCapViolations } from './rate-cap.ts';

describe('rate caps (Civil Code art. 468)', () => {
  it.each([
    [300, 10.95],
    [400, 14.6],
    [548, 20.002],
  ])('%i ppm a day is %f %% a year', (ppm, percent) => {
    expect(annualPercentOfDailyPpm(ppm)).toBeCloseTo(percent, 3);
  });

  it('accepts the demo rates and the largest daily rate under 20 % a year', () => {
    expect(rateCapViolations({ dailyRatePpm: 300, overdueDailyRatePpm: 450 }, CIVIL_CODE_CAP)).toEqual([]);
    expect(rateCapViolations({ dailyRatePpm: 400, overdueDailyRatePpm: 600 }, CIVIL_CODE_CAP)).toEqual([]);
    // 547 ppm × 365 = 199,655 ≤ 200,000; 548 × 365 = 200,020 > 200,000
    expect(rateCapViolations({ dailyRatePpm: 547, overdueDailyRatePpm: 0 }, CIVIL_CODE_CAP)).toEqual([]);
    expect(rateCapViolations({ dailyRatePpm: 548, overdueDailyRatePpm: 0 }, CIVIL_CODE_CAP).map((v) => v.field)).toEqual(['dailyRatePpm']);
  });

  it('refuses an overdue rate above 150 % of the agreed rate', () => {
    expect(rateCapViolations({ dailyRatePpm: 400, overdueDailyRatePpm: 601 }, CIVIL_CODE_CAP)).toEqual([
      { field: 'overdueDailyRatePpm', overdueDailyRatePpm: 601, maxPpm: 600 },
    ]);
  });

  it('applies a configured credit-institution cap instead', () => {
    expect(rateCapViolations({ dailyRatePpm: 1000, overdueDailyRatePpm: 0 }, { annualPercent: 40, overdueMultiple: 1.5 })).toEqual([]);
    expect(rateCapViolations({ dailyRatePpm: 1100, overdueDailyRatePpm: 0 }, { annualPercent: 40, overdueMultiple: 1.5 })).toHaveLength(1);
  });
});
