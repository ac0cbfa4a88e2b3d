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
 * The flows of one business date as a one-row select (columns as DashboardRow's), each from its
 * source: orders created (by apply date), review decisions (by time, raises and boosts left out),
 * cases sent to people, and the ledger's principal-moving entries of the day (the partial index by
 * business date, which the daily accrual's entries never enter).
 */
function flowsOf(date: string): SQL {
  const start = startOf(date).toISOString();
  const end = endOf(date).toISOString();
  return sql`
    select apps.n as applications, apps.amount as application_amount,
           dec.approved, dec.rejected, dec.calm, dec.manual, queued.n as queued,
           money.payouts, money.payout_amount, money.payout_principal, money.repayments, money.repayment_amount
    from (select count(*)::int as n, coalesce(sum(${loanOrders.principal}), 0)::bigint as amount
            from ${loanOrders} where ${loanOrders.applyDate} = ${date}::date) apps,
         (select count(*) filter (where ${creditDecisions.outcome} = 'approve')::int as approved,
                 count(*) filter (where ${creditDecisions.outcome} = 'reject')::int as rejected,
                 count(*) filter (where ${creditDecisions.outcome} = 'calm')::int as calm,
                 count(*) filter (where ${creditDecisions.decidedBy} is not null)::int as manual
            from ${creditDecisions}
           where ${creditDecisions.createdAt} >= ${start}::timestamptz and ${creditDecisions.createdAt} < ${end}::timestamptz
             and not (${creditDecisions.reasons} @> ${JSON.stringify([NOT_A_REVIEW[0]])}::jsonb or ${creditDecisions.reasons} @> ${JSON.stringify([NOT_A_REVIEW[1]])}::jsonb)) dec,
         (select count(*)::int as n from ${creditManualReviews}
           where ${creditManualReviews.requestedAt} >= ${start}::timestamptz and ${creditManualReviews.requestedAt} < ${end}::timestamptz) queued,
         (select count(distinct e.id) filter (where e.event = 'disbursement')::int as payouts,
                 coalesce(sum(l.credit) filter (where e.event = 'disbursement' and l.account_code = 'disbursement_bank'), 0)::bigint as payout_amount,
                 coalesce(sum(l.debit) filter (where e.event = 'disbursement' and l.account_code = 'loan_principal'), 0)::bigint as payout_principal,
                 count(distinct e.id) filter (where e.event = 'repayment')::int as repayments,
                 coalesce(sum(l.debit) filter (where e.event = 'repayment' and l.account_code = 'collection_bank'), 0)::bigint as repayment_amount
            from ${ledgerEntries} e join ${ledgerLines} l on l.entry_id = e.id
           where e.business_date = ${date}::date and e.event in ('disbursement', 'repayment', 'write_off')) money`;
}

/**
 * The book at the end of a business date, per loan, from the orders and their repayments: a loan
 * paid out by then owes its principal less the principal repaid by then; it is past due by the
 * days since the due date of its oldest instalment whose principal is not covered by what was
 * repaid (instalments are paid oldest first, decision 076). One row: outstanding principal and the
 * overdue loans and principal per bucket.
 */
function bookOf(date: string): SQL {
  return sql`
    with paid as (
      select ${loanRepayments.orderId} as order_id, sum(${loanRepayments.principal}) as paid
        from ${loanRepayments} where ${loanRepayments.businessDate} <= ${date}::date group by 1
    ), book as (
      select o.id, o.principal - coalesce(p.paid, 0) as outstanding, coalesce(p.paid, 0) as paid
        from ${loanOrders} o left join paid p on p.order_id = o.id
       where o.start_date <= ${date}::date and o.principal > coalesce(p.paid, 0)
    ), due as (
      select ${loanInstalments.orderId} as order_id, ${loanInstalments.dueDate} as due_date,
             sum(${loanInstalments.principal}) over (partition by ${loanInstalments.orderId} order by ${loanInstalments.planPart}) as through
        from ${loanInstalments} where ${loanInstalments.dueDate} < ${date}::date
    ), late as (
      select b.id, b.outstanding, ${date}::date - min(d.due_date) as dpd
        from book b join due d on d.order_id = b.id
       where d.through > b.paid
       group by b.id, b.outstanding
    )
    select (select coalesce(sum(outstanding), 0)::bigint from book) as outstanding_principal,
           count(*) filter (where dpd between 1 and 10)::int as overdue_1_10_loans,
           coalesce(sum(outstanding) filter (where dpd between 1 and 10), 0)::bigint as overdue_1_10,
           count(*) filter (where dpd between 11 and 30)::int as overdue_11_30_loans,
           coalesce(sum(outstanding) filter (where dpd between 11 and 30), 0)::bigint as overdue_11_30,
           count(*) filter (where dpd between 31 and 90)::int as overdue_31_90_loans,
           coalesce(sum(outstanding) filter (where dpd between 31 and 90), 0)::bigint as overdue_31_90,
           count(*) filter (where dpd between 91 and 180)::int as overdue_91_180_loans,
           coalesce(sum(outstanding) filter (where dpd between 91 and 180), 0)::bigint as overdue_91_180,
           count(*) filter (where dpd > 180)::int as overdue_over_180_loans,
           coalesce(sum(outstanding) filter (where dpd > 180), 0)::bigint as overdue_over_180
      from late`;
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
   * Writes one business date's row in one statement (INSERT … SELECT … ON CONFLICT DO UPDATE). A
   * re-run writes the same figures, and leaves the row untouched (its computed_at too) when none
   * changed. True when the row was written or changed.
   */
  async aggregate(date: string, now: Date): Promise<boolean> {
    const changed = sql.raw(FIGURES.map((figure) => `${figure} = excluded.${figure}`).join(', '));
    const current = sql.raw(`(${FIGURES.map((figure) => `dashboard_daily.${figure}`).join(', ')})`);
    const incoming = sql.raw(`(${FIGURES.map((figure) => `excluded.${figure}`).join(', ')})`);
    const rows = await executeRows<{ business_date: string }>(
      this.uow.db,
      sql`insert into ${dashboardDaily} (business_date, ${figureList}, computed_at)
          select ${date}::date, ${figureList}, ${now.toISOString()}::timestamptz
            from (${flowsOf(date)}) flows, (${bookOf(date)}) book
          on conflict (business_date) do update set ${changed}, computed_at = excluded.computed_at
          where ${current} is distinct from ${incoming}
          returning business_date`,
    );
    return rows.length > 0;
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
            from (${flowsOf(today)}) flows`,
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
