import type { DashboardDay, DashboardReport } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { calendarDays, shapeDashboard } from './dashboard-series.ts';

function day(date: string, figures: { applications?: number; approved?: number; rejected?: number; calm?: number; manual?: number; payout?: number; repaid?: number; outstanding?: number; overdue?: [number, number, number, number, number] }): DashboardDay {
  const overdue = figures.overdue ?? [0, 0, 0, 0, 0];
  const outstanding = figures.outstanding ?? 0;
  const principal = overdue.reduce((sum, value) => sum + value, 0);
  return {
    date,
    applications: { count: figures.applications ?? 0, amount: (figures.applications ?? 0) * 1_000_000 },
    decisions: { approved: figures.approved ?? 0, rejected: figures.rejected ?? 0, calm: figures.calm ?? 0, manual: figures.manual ?? 0, queued: 0 },
    payouts: { count: figures.payout ? 1 : 0, amount: figures.payout ?? 0, principal: figures.payout ?? 0 },
    repayments: { count: figures.repaid ? 1 : 0, amount: figures.repaid ?? 0 },
    outstandingPrincipal: outstanding,
    overdue: {
      buckets: (['1-10', '11-30', '31-90', '91-180', '180+'] as const).map((bucket, index) => ({ bucket, loans: overdue[index]! > 0 ? 1 : 0, principal: overdue[index]! })),
      principal,
      ratio: outstanding > 0 ? principal / outstanding : 0,
    },
  };
}

const report = (over: Partial<DashboardReport>): DashboardReport => ({ from: '2026-11-20', to: '2026-11-24', today: '2026-11-24', computedThrough: '2026-11-23', days: [], live: null, ...over });

describe('the dashboard data shaping', () => {
  it('lists every calendar day of a range, across a month end', () => {
    expect(calendarDays('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(calendarDays('2026-11-02', '2026-11-01')).toEqual([]);
  });

  it('gives a day without figures a gap, not a zero, and counts it as missing', () => {
    const shaped = shapeDashboard(report({ days: [day('2026-11-20', { applications: 3 }), day('2026-11-22', { applications: 5 })], to: '2026-11-22' }));
    expect(shaped.dates).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(shaped.applications).toEqual([3, null, 5]);
    expect(shaped.missingDays).toBe(1);
    expect(shaped.days.map((entry) => entry.date)).toEqual(['2026-11-20', '2026-11-22']);
  });

  it('stops at today: a range reaching into the future draws no empty days after it', () => {
    const shaped = shapeDashboard(report({ to: '2026-11-30', days: [day('2026-11-23', {})] }));
    expect(shaped.dates.at(-1)).toBe('2026-11-24');
    expect(shaped.dates).toHaveLength(5);
  });

  it('adds today live after the stored days, and live wins over a stored row of the same date', () => {
    const live = { ...day('2026-11-24', { applications: 7, outstanding: 9_000_000, overdue: [1_000_000, 0, 0, 0, 0] }), overdueAsOf: '2026-11-23' };
    const shaped = shapeDashboard(report({ days: [day('2026-11-23', { applications: 2, outstanding: 8_000_000 }), day('2026-11-24', { applications: 99 })], live }));
    expect(shaped.applications.slice(-2)).toEqual([2, 7]);
    expect(shaped.latest).toEqual({
      date: '2026-11-24',
      outstandingPrincipal: 9_000_000,
      overduePrincipal: 1_000_000,
      overdueRatio: 1 / 9,
      buckets: live.overdue.buckets,
      overdueAsOf: '2026-11-23',
    });
  });

  it('sums the flows over the range and gives the approval rate of all decisions', () => {
    const shaped = shapeDashboard(
      report({
        days: [day('2026-11-20', { applications: 4, approved: 2, rejected: 1, manual: 1, payout: 3_000_000, repaid: 500_000 }), day('2026-11-21', { applications: 1, approved: 1, calm: 1, payout: 2_000_000 })],
      }),
    );
    expect(shaped.totals).toMatchObject({ applications: 5, applicationAmount: 5_000_000, approved: 3, rejected: 1, calm: 1, manual: 1, payouts: 2, payoutAmount: 5_000_000, repayments: 1, repaymentAmount: 500_000 });
    expect(shaped.totals.approvalRate).toBeCloseTo(3 / 5);
    expect(shaped.latest?.overdueAsOf).toBeNull();
  });

  it('has no approval rate without decisions, and no latest book without days', () => {
    const shaped = shapeDashboard(report({}));
    expect(shaped.totals.approvalRate).toBeNull();
    expect(shaped.latest).toBeNull();
    expect(shaped.missingDays).toBe(5);
  });

  it('splits the overdue ratio by bucket: each share of the outstanding principal, adding up to the ratio', () => {
    const shaped = shapeDashboard(report({ to: '2026-11-20', days: [day('2026-11-20', { outstanding: 10_000_000, overdue: [1_000_000, 500_000, 0, 0, 250_000] })] }));
    expect(shaped.bucketRatio['1-10']).toEqual([0.1]);
    expect(shaped.bucketRatio['11-30']).toEqual([0.05]);
    expect(shaped.bucketRatio['180+']).toEqual([0.025]);
    const total = Object.values(shaped.bucketRatio).reduce((sum, values) => sum + (values[0] ?? 0), 0);
    expect(total).toBeCloseTo(shaped.overdueRatio[0]!);
    // An empty book has no ratio to split: zero, never a division by zero.
    expect(shapeDashboard(report({ to: '2026-11-20', days: [day('2026-11-20', {})] })).bucketRatio['1-10']).toEqual([0]);
  });
});
