import { DPD_BUCKETS, type DashboardDay, type DashboardReport, type DpdBucket } from '@sen/contract';

/** A day's figure, or null when the range has no figures for that day (not aggregated yet): a gap, never a zero. */
export type Point = number | null;

export interface DashboardTotals {
  applications: number;
  applicationAmount: number;
  approved: number;
  rejected: number;
  calm: number;
  manual: number;
  queued: number;
  /** approved / (approved + rejected + calm); null with no decision. */
  approvalRate: number | null;
  payouts: number;
  payoutAmount: number;
  repayments: number;
  repaymentAmount: number;
}

/** The book at the range's last day with figures. */
export interface DashboardLatest {
  date: string;
  outstandingPrincipal: number;
  overduePrincipal: number;
  overdueRatio: number;
  buckets: DashboardDay['overdue']['buckets'];
  /** When the last day is today (live): the day its overdue figures are of (a day behind, decision 096). */
  overdueAsOf: string | null;
}

/** What the dashboard draws: one value per calendar day of the range (up to today), totals over it, the latest book. */
export interface DashboardSeries {
  dates: string[];
  applications: Point[];
  approved: Point[];
  rejected: Point[];
  payoutAmount: Point[];
  repaymentAmount: Point[];
  outstandingPrincipal: Point[];
  overdueRatio: Point[];
  /** Each bucket's principal as a share of the day's outstanding principal (they add up to the overdue ratio). */
  bucketRatio: Record<DpdBucket, Point[]>;
  /** The days of the range with figures, oldest first (the stored days and today live). */
  days: DashboardDay[];
  /** Calendar days of the range (up to today) with no figures yet. */
  missingDays: number;
  totals: DashboardTotals;
  latest: DashboardLatest | null;
}

const DAY_MS = 86_400_000;

/** Every calendar day from `from` to `to` inclusive, as YYYY-MM-DD (UTC arithmetic on dates: no time zone enters). */
export function calendarDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); time <= end; time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/**
 * Shapes the dashboard's answer for the charts and the table: the stored days and today live in one
 * list (live replaces a stored row of the same date), every calendar day of the range up to today
 * with a value or a gap, the flows summed over the range and the book at its last day.
 */
export function shapeDashboard(report: DashboardReport): DashboardSeries {
  const byDate = new Map<string, DashboardDay>();
  for (const day of report.days) byDate.set(day.date, day);
  if (report.live) {
    const { overdueAsOf: _overdueAsOf, ...live } = report.live;
    byDate.set(live.date, live);
  }
  const last = report.to < report.today ? report.to : report.today;
  const dates = report.from <= last ? calendarDays(report.from, last) : [];
  const days = dates.flatMap((date) => {
    const day = byDate.get(date);
    return day ? [day] : [];
  });
  const series = (pick: (day: DashboardDay) => number): Point[] =>
    dates.map((date) => {
      const day = byDate.get(date);
      return day ? pick(day) : null;
    });
  const sum = (pick: (day: DashboardDay) => number) => days.reduce((total, day) => total + pick(day), 0);

  const approved = sum((day) => day.decisions.approved);
  const rejected = sum((day) => day.decisions.rejected);
  const calm = sum((day) => day.decisions.calm);
  const decided = approved + rejected + calm;
  const lastDay = days.at(-1) ?? null;

  const bucketRatio = Object.fromEntries(
    DPD_BUCKETS.map((bucket) => [bucket, series((day) => share(day.overdue.buckets.find((entry) => entry.bucket === bucket)?.principal ?? 0, day.outstandingPrincipal))]),
  ) as Record<DpdBucket, Point[]>;

  return {
    dates,
    applications: series((day) => day.applications.count),
    approved: series((day) => day.decisions.approved),
    rejected: series((day) => day.decisions.rejected),
    payoutAmount: series((day) => day.payouts.amount),
    repaymentAmount: series((day) => day.repayments.amount),
    outstandingPrincipal: series((day) => day.outstandingPrincipal),
    overdueRatio: series((day) => day.overdue.ratio),
    bucketRatio,
    days,
    missingDays: dates.length - days.length,
    totals: {
      applications: sum((day) => day.applications.count),
      applicationAmount: sum((day) => day.applications.amount),
      approved,
      rejected,
      calm,
      manual: sum((day) => day.decisions.manual),
      queued: sum((day) => day.decisions.queued),
      approvalRate: decided > 0 ? approved / decided : null,
      payouts: sum((day) => day.payouts.count),
      payoutAmount: sum((day) => day.payouts.amount),
      repayments: sum((day) => day.repayments.count),
      repaymentAmount: sum((day) => day.repayments.amount),
    },
    latest: lastDay
      ? {
          date: lastDay.date,
          outstandingPrincipal: lastDay.outstandingPrincipal,
          overduePrincipal: lastDay.overdue.principal,
          overdueRatio: lastDay.overdue.ratio,
          buckets: lastDay.overdue.buckets,
          overdueAsOf: report.live && report.live.date === lastDay.date ? report.live.overdueAsOf : null,
        }
      : null,
  };
}
