import { DPD_BUCKETS, type DashboardDay, type DashboardReport } from '@sen/contract';
import { addDays, vietnamDate } from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import type { DashboardRepository, DashboardRow, DayFlows } from './dashboard.repository.ts';

/**
 * Days recomputed on every run besides the missing ones: a posting dated a few days back (a
 * receipt approved later is dated at its upload, decision 076) still reaches its day's row.
 */
export const RESTATE_DAYS = 7;
/** How far back the first run builds the history of an existing book (a little over the dashboard's 366 days). */
export const BACKFILL_DAYS = 400;

type Book = Pick<
  DashboardRow,
  | 'outstandingPrincipal'
  | 'overdue1To10Loans'
  | 'overdue1To10'
  | 'overdue11To30Loans'
  | 'overdue11To30'
  | 'overdue31To90Loans'
  | 'overdue31To90'
  | 'overdue91To180Loans'
  | 'overdue91To180'
  | 'overdueOver180Loans'
  | 'overdueOver180'
>;

const EMPTY_BOOK: Book = {
  outstandingPrincipal: 0n,
  overdue1To10Loans: 0,
  overdue1To10: 0n,
  overdue11To30Loans: 0,
  overdue11To30: 0n,
  overdue31To90Loans: 0,
  overdue31To90: 0n,
  overdue91To180Loans: 0,
  overdue91To180: 0n,
  overdueOver180Loans: 0,
  overdueOver180: 0n,
};

function dayOf(date: string, flows: DayFlows, book: Book): DashboardDay {
  const buckets: DashboardDay['overdue']['buckets'] = [
    { bucket: DPD_BUCKETS[0], loans: book.overdue1To10Loans, principal: Number(book.overdue1To10) },
    { bucket: DPD_BUCKETS[1], loans: book.overdue11To30Loans, principal: Number(book.overdue11To30) },
    { bucket: DPD_BUCKETS[2], loans: book.overdue31To90Loans, principal: Number(book.overdue31To90) },
    { bucket: DPD_BUCKETS[3], loans: book.overdue91To180Loans, principal: Number(book.overdue91To180) },
    { bucket: DPD_BUCKETS[4], loans: book.overdueOver180Loans, principal: Number(book.overdueOver180) },
  ];
  const overdue = buckets.reduce((sum, bucket) => sum + bucket.principal, 0);
  const outstanding = Number(book.outstandingPrincipal);
  return {
    date,
    applications: { count: flows.applications, amount: Number(flows.applicationAmount) },
    decisions: { approved: flows.approved, rejected: flows.rejected, calm: flows.calm, manual: flows.manual, queued: flows.queued },
    payouts: { count: flows.payouts, amount: Number(flows.payoutAmount), principal: Number(flows.payoutPrincipal) },
    repayments: { count: flows.repayments, amount: Number(flows.repaymentAmount) },
    outstandingPrincipal: outstanding,
    overdue: { buckets, principal: overdue, ratio: outstanding > 0 ? Math.round((overdue / outstanding) * 10_000) / 10_000 : 0 },
  };
}

/**
 * The dashboards (decision 096): daily aggregates of the book kept by the `dashboard-aggregates`
 * job, one set-based statement per run, and the report the back office reads.
 */
export class DashboardService {
  constructor(
    private readonly repository: DashboardRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * The job's work: every business date before `today` not aggregated yet (from the first activity,
   * at most BACKFILL_DAYS back, on the first run) and the last RESTATE_DAYS again, in one set-based
   * statement. Returns the dates computed and how many rows were written or changed.
   */
  async aggregateThrough(today: string): Promise<{ dates: number; changed: number }> {
    const yesterday = addDays(today, -1);
    const last = await this.repository.lastDate();
    let from: string;
    if (last) {
      const restate = addDays(today, -RESTATE_DAYS);
      const next = addDays(last, 1);
      from = next < restate ? next : restate;
    } else {
      const first = await this.repository.firstActivityDate();
      if (!first) return { dates: 0, changed: 0 };
      const earliest = addDays(today, -BACKFILL_DAYS);
      from = first > earliest ? first : earliest;
    }
    if (from > yesterday) return { dates: 0, changed: 0 };
    const changed = await this.uow.transaction(() => this.repository.aggregate(from, yesterday, this.clock()));
    return { dates: Math.round((Date.parse(yesterday) - Date.parse(from)) / 86_400_000) + 1, changed };
  }

  /** The stored days between `from` and `to`, and today live when the range reaches it. */
  async report(from: string, to: string): Promise<DashboardReport> {
    const today = vietnamDate(this.clock());
    const [rows, computedThrough] = [await this.repository.range(from, to), await this.repository.lastDate()];
    const days = rows.map((row) => dayOf(row.businessDate, row, row));
    let live: DashboardReport['live'] = null;
    if (from <= today && today <= to) {
      const { flows, last, principalSince } = await this.repository.live(today);
      const book = last ?? EMPTY_BOOK;
      live = { ...dayOf(today, flows, { ...book, outstandingPrincipal: book.outstandingPrincipal + principalSince }), overdueAsOf: last?.businessDate ?? null };
    }
    return { from, to, today, computedThrough, days, live };
  }
}
