import { sql, type SQL } from 'drizzle-orm';
import { executeRows } from '../../db/database.ts';
import { creditDecisions, creditManualReviews, dashboardDaily, ledgerEntries, ledgerLines, loanInstalments, loanOrders, loanRepayments } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export type DashboardRow = typeof dashboardDaily.$inferSelect;

/** A day's flows: what happened on it (orders, decisions, payouts, repayments). */
export interface DayFlows {
  applications: number;
  applicationAmount: bigint;
  approved: number;
  rejected: number;
  calm: number;
  manual: number;
  queued: number;
  payouts: number;
  payoutAmount: bigint;
  payoutPrincipal: bigint;
  repayments: number;
  repaymentAmount: bigint;
}

const DAY_MS = 86_400_000;
/** A Vietnam business date's first instant (UTC+7 all year: Vietnam keeps no daylight saving). */
const startOf = (date: string) => new Date(`${date}T00:00:00+07:00`);
const endOf = (date: string) => new Date(startOf(date).getTime() + DAY_MS);

/** Decisions that are not reviews: the raises and boosts stored as decisions (decision 051, 076). */
const NOT_A_REVIEW = ['personalInfoBoost', 'onTimeSettlement'];

/**
 * The flows of each business date from `from` to `to` (one row per date, columns as
 * DashboardRow's), each from its source: orders created (by apply date), review decisions (by
 * time, the raises and boosts left out), cases sent to people, and the ledger's principal-moving
 * entries (the partial index by business date, which the daily accrual's entries never enter).
 */
function flowsBetween(from: string, to: string): SQL {
  const start = startOf(from).toISOString();
  const end = endOf(to).toISOString();
  const vietnamDay = (column: SQL) => sql`((${column} at time zone 'UTC') + interval '7 hours')::date`;
  return sql`
    select days.d,
           coalesce(apps.n, 0)::int as applications, coalesce(apps.amount, 0)::bigint as application_amount,
           coalesce(dec.approved, 0)::int as approved, coalesce(dec.rejected, 0)::int as rejected, coalesce(dec.calm, 0)::int as calm,
           coalesce(dec.manual, 0)::int as manual, coalesce(queued.n, 0)::int as queued,
           coalesce(money.payouts, 0)::int as payouts, coalesce(money.payout_amount, 0)::bigint as payout_amount,
           coalesce(money.payout_principal, 0)::bigint as payout_principal, coalesce(money.repayments, 0)::int as repayments,
           coalesce(money.repayment_amount, 0)::bigint as repayment_amount
      from (select g::date as d from generate_series(${from}::date, ${to}::date, interval '1 day') g) days
      left join (select ${loanOrders.applyDate} as d, count(*) as n, sum(${loanOrders.principal}) as amount
                   from ${loanOrders} where ${loanOrders.applyDate} between ${from}::date and ${to}::date group by 1) apps on apps.d = days.d
      left join (select ${vietnamDay(sql`${creditDecisions.createdAt}`)} as d,
                        count(*) filter (where ${creditDecisions.outcome} = 'approve') as approved,
                        count(*) filter (where ${creditDecisions.outcome} = 'reject') as rejected,
                        count(*) filter (where ${creditDecisions.outcome} = 'calm') as calm,
                        count(*) filter (where ${creditDecisions.decidedBy} is not null) as manual
                   from ${creditDecisions}
                  where ${creditDecisions.createdAt} >= ${start}::timestamptz and ${creditDecisions.createdAt} < ${end}::timestamptz
                    and not (${creditDecisions.reasons} @> ${JSON.stringify([NOT_A_REVIEW[0]])}::jsonb or ${creditDecisions.reasons} @> ${JSON.stringify([NOT_A_REVIEW[1]])}::jsonb)
                  group by 1) dec on dec.d = days.d
      left join (select ${vietnamDay(sql`${creditManualReviews.requestedAt}`)} as d, count(*) as n from ${creditManualReviews}
                  where ${creditManualReviews.requestedAt} >= ${start}::timestamptz and ${creditManualReviews.requestedAt} < ${end}::timestamptz
                  group by 1) queued on queued.d = days.d
      left join (select e.business_date as d,
                        count(distinct e.id) filter (where e.event = 'disbursement') as payouts,
                        sum(l.credit) filter (where e.event = 'disbursement' and l.account_code = 'disbursement_bank') as payout_amount,
                        sum(l.debit) filter (where e.event = 'disbursement' and l.account_code = 'loan_principal') as payout_principal,
                        count(distinct e.id) filter (where e.event = 'repayment') as repayments,
                        sum(l.debit) filter (where e.event = 'repayment' and l.account_code = 'collection_bank') as repayment_amount
                   from ${ledgerEntries} e join ${ledgerLines} l on l.entry_id = e.id
                  where e.business_date between ${from}::date and ${to}::date and e.event in ('disbursement', 'repayment', 'write_off')
                  group by 1) money on money.d = days.d`;
}

/**
 * The book at the end of each business date from `from` to `to`, from the orders and their
 * repayments, in one pass over the loans rather than one per date. A loan paid out owes its
 * principal less what was repaid; between two of its repayment dates that stays the same, and so
 * does the due date of its oldest instalment whose principal is not covered (instalments are paid
 * oldest first, decision 076), so on those days it is past due by (day − that due date). Each such
 * stretch adds its principal to the outstanding figure and to each days-past-due bucket over a
 * range of days: +principal where the range starts, −principal after it ends; summing those
 * changes day by day gives every day's figures. One row per date: outstanding principal and the
 * overdue loans and principal per bucket. Loans settled before the range are passed by.
 */
function bookBetween(from: string, to: string): SQL {
  const settledBefore = new Date(startOf(from).getTime() - DAY_MS).toISOString();
  const bucket = (index: number) => sql.raw(`${index}`);
  const amount = (index: number) => sql`sum(coalesce(sum(c.amount) filter (where c.bucket = ${bucket(index)}), 0)) over (order by days.d)`;
  const loans = (index: number) => sql`sum(coalesce(sum(c.loans) filter (where c.bucket = ${bucket(index)}), 0)) over (order by days.d)`;
  return sql`
    with loans as (
      select o.id, o.principal from ${loanOrders} o
       where o.start_date <= ${to}::date and (o.settled_at is null or o.settled_at >= ${settledBefore}::timestamptz)
    ), points as (
      select o.id as order_id, o.start_date as t, 0::bigint as p from ${loanOrders} o join loans on loans.id = o.id
      union all
      select r.order_id, r.business_date, r.principal from ${loanRepayments} r join loans on loans.id = r.order_id where r.business_date <= ${to}::date
    ), stretch as (
      select order_id, t, sum(p) over w as paid, lead(t) over w as t_next
        from (select order_id, t, sum(p)::bigint as p from points group by 1, 2) q
      window w as (partition by order_id order by t)
    ), due as (
      select i.order_id, i.due_date, sum(i.principal) over (partition by i.order_id order by i.plan_part) as through
        from ${loanInstalments} i join loans on loans.id = i.order_id
    ), owing as (
      select s.order_id, s.t, s.t_next, loans.principal - s.paid as outstanding, min(d.due_date) as first_due
        from stretch s join loans on loans.id = s.order_id join due d on d.order_id = s.order_id and d.through > s.paid
       where loans.principal > s.paid and (s.t_next is null or s.t_next > ${from}::date)
       group by s.order_id, s.t, s.t_next, loans.principal, s.paid
    ), spans as (
      -- bucket 0: owing at all; 1–5: 1–10, 11–30, 31–90, 91–180, over 180 days past due. y is exclusive (null: still so).
      select b.bucket, s.outstanding,
             case when b.lo is null then s.t else greatest(s.t, s.first_due + b.lo) end as x,
             case when b.hi is null then s.t_next else least(coalesce(s.t_next, 'infinity'::date), s.first_due + b.hi + 1) end as y
        from owing s cross join (values (0, null::int, null::int), (1, 1, 10), (2, 11, 30), (3, 31, 90), (4, 91, 180), (5, 181, null)) b(bucket, lo, hi)
    ), changes as (
      select bucket, greatest(x, ${from}::date) as d, outstanding as amount, 1 as loans from spans
       where x < coalesce(y, 'infinity'::date) and x <= ${to}::date and coalesce(y, 'infinity'::date) > ${from}::date
      union all
      select bucket, y, -outstanding, -1 from spans
       where x < y and y > ${from}::date and y <= ${to}::date
    )
    select days.d,
           ${amount(0)}::bigint as outstanding_principal,
           ${loans(1)}::int as overdue_1_10_loans, ${amount(1)}::bigint as overdue_1_10,
           ${loans(2)}::int as overdue_11_30_loans, ${amount(2)}::bigint as overdue_11_30,
           ${loans(3)}::int as overdue_31_90_loans, ${amount(3)}::bigint as overdue_31_90,
           ${loans(4)}::int as overdue_91_180_loans, ${amount(4)}::bigint as overdue_91_180,
           ${loans(5)}::int as overdue_over_180_loans, ${amount(5)}::bigint as overdue_over_180
      from (select g::date as d from generate_series(${from}::date, ${to}::date, interval '1 day') g) days
      left join changes c on c.d = days.d
     group by days.d`;
}

const FIGURES = [
  'applications',
  'application_amount',
  'approved',
  'rejected',
  'calm',
  'manual',
  'queued',
  'payouts',
  'payout_amount',
  'payout_principal',
  'repayments',
  'repayment_amount',
  'outstanding_principal',
  'overdue_1_10_loans',
  'overdue_1_10',
  'overdue_11_30_loans',
  'overdue_11_30',
  'overdue_31_90_loans',
  'overdue_31_90',
  'overdue_91_180_loans',
  'overdue_91_180',
  'overdue_over_180_loans',
  'overdue_over_180',
] as const;
const figureList = sql.raw(FIGURES.join(', '));

/** The dashboard's aggregates (decision 096): written set-based per business date, read by range. */
export class DashboardRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * Writes the rows of every business date from `from` to `to` in one statement (INSERT … SELECT …
   * ON CONFLICT DO UPDATE). A re-run writes the same figures, and leaves a row untouched (its
   * computed_at too) when none of them changed. Answers how many rows were written or changed.
   */
  async aggregate(from: string, to: string, now: Date): Promise<number> {
    const changed = sql.raw(FIGURES.map((figure) => `${figure} = excluded.${figure}`).join(', '));
    const current = sql.raw(`(${FIGURES.map((figure) => `dashboard_daily.${figure}`).join(', ')})`);
    const incoming = sql.raw(`(${FIGURES.map((figure) => `excluded.${figure}`).join(', ')})`);
    const [row] = await executeRows<{ written: number }>(
      this.uow.db,
      sql`with written as (
            insert into ${dashboardDaily} (business_date, ${figureList}, computed_at)
            select flows.d, ${figureList}, ${now.toISOString()}::timestamptz
              from (${flowsBetween(from, to)}) flows join (${bookBetween(from, to)}) book using (d)
            on conflict (business_date) do update set ${changed}, computed_at = excluded.computed_at
            where ${current} is distinct from ${incoming}
            returning 1
          )
          select count(*)::int as written from written`,
    );
    return row?.written ?? 0;
  }

  /** The last aggregated business date, or null. */
  async lastDate(): Promise<string | null> {
    const [row] = await executeRows<{ last: string | null }>(this.uow.db, sql`select max(${dashboardDaily.businessDate})::text as last from ${dashboardDaily}`);
    return row?.last ?? null;
  }

  /** The first business date with any activity (an order or a ledger entry), or null. */
  async firstActivityDate(): Promise<string | null> {
    const [row] = await executeRows<{ first: string | null }>(
      this.uow.db,
      sql`select least((select min(${loanOrders.applyDate}) from ${loanOrders}),
                       (select min(${ledgerEntries.businessDate}) from ${ledgerEntries} where ${ledgerEntries.event} in ('disbursement', 'repayment', 'write_off')))::text as first`,
    );
    return row?.first ?? null;
  }

  /** The stored days between two dates (inclusive), oldest first. */
  async range(from: string, to: string): Promise<DashboardRow[]> {
    return this.uow.db
      .select()
      .from(dashboardDaily)
      .where(sql`${dashboardDaily.businessDate} between ${from}::date and ${to}::date`)
      .orderBy(dashboardDaily.businessDate);
  }

  /**
   * Today so far, in one statement: the day's flows, the last aggregated day before it (for the
   * book's figures), and the principal the ledger moved after that day through today.
   */
  async live(today: string): Promise<{ flows: DayFlows; last: DashboardRow | null; principalSince: bigint }> {
    const [row] = await executeRows<Record<string, unknown>>(
      this.uow.db,
      sql`with last as (
            select * from ${dashboardDaily} where ${dashboardDaily.businessDate} < ${today}::date order by ${dashboardDaily.businessDate} desc limit 1
          )
          select flows.*, (select to_jsonb(last) from last) as last,
                 (select coalesce(sum(l.debit - l.credit), 0)::bigint
                    from ${ledgerEntries} e join ${ledgerLines} l on l.entry_id = e.id
                   where e.event in ('disbursement', 'repayment', 'write_off') and l.account_code = 'loan_principal'
                     and e.business_date <= ${today}::date
                     and e.business_date > coalesce((select business_date from last), '-infinity'::date)) as principal_since
            from (${flowsBetween(today, today)}) flows`,
    );
    const last = row!.last as Record<string, unknown> | null;
    return {
      flows: {
        applications: Number(row!.applications),
        applicationAmount: BigInt(row!.application_amount as string),
        approved: Number(row!.approved),
        rejected: Number(row!.rejected),
        calm: Number(row!.calm),
        manual: Number(row!.manual),
        queued: Number(row!.queued),
        payouts: Number(row!.payouts),
        payoutAmount: BigInt(row!.payout_amount as string),
        payoutPrincipal: BigInt(row!.payout_principal as string),
        repayments: Number(row!.repayments),
        repaymentAmount: BigInt(row!.repayment_amount as string),
      },
      last: last ? rowFromJson(last) : null,
      principalSince: BigInt(row!.principal_since as string),
    };
  }
}

/** A dashboard_daily row read back from to_jsonb (snake_case keys; numbers for bigints). */
function rowFromJson(json: Record<string, unknown>): DashboardRow {
  const big = (key: string) => BigInt(String(json[key] ?? 0));
  const int = (key: string) => Number(json[key] ?? 0);
  return {
    businessDate: String(json.business_date),
    applications: int('applications'),
    applicationAmount: big('application_amount'),
    approved: int('approved'),
    rejected: int('rejected'),
    calm: int('calm'),
    manual: int('manual'),
    queued: int('queued'),
    payouts: int('payouts'),
    payoutAmount: big('payout_amount'),
    payoutPrincipal: big('payout_principal'),
    repayments: int('repayments'),
    repaymentAmount: big('repayment_amount'),
    outstandingPrincipal: big('outstanding_principal'),
    overdue1To10Loans: int('overdue_1_10_loans'),
    overdue1To10: big('overdue_1_10'),
    overdue11To30Loans: int('overdue_11_30_loans'),
    overdue11To30: big('overdue_11_30'),
    overdue31To90Loans: int('overdue_31_90_loans'),
    overdue31To90: big('overdue_31_90'),
    overdue91To180Loans: int('overdue_91_180_loans'),
    overdue91To180: big('overdue_91_180'),
    overdueOver180Loans: int('overdue_over_180_loans'),
    overdueOver180: big('overdue_over_180'),
    computedAt: new Date(String(json.computed_at)),
  };
}
