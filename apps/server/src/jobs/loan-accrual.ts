import { addVietnamDays, type IsoDate } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { executeRows } from '../db/database.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';

/**
 * The daily accrual of every loan being repaid (issue 12; docs/decisions/070 and 074), set-based.
 *
 * For one business date D and a batch of loans accrued through D − 1, ONE statement does what the
 * domain's `accrueNextDay` (packages/domain repayment.ts) does for each loan — the same definition,
 * held to it by test/loan-accrual.test.ts to the đồng:
 * - an instalment whose period holds D (period_start < D ≤ due_date) accrues interest on the
 *   principal not yet repaid of it and every later instalment (a window sum), exactly, in
 *   millionths of a đồng; it is charged the whole đồng of that;
 * - an instalment past its due date accrues the overdue fee on its own unpaid principal;
 * - the day's whole-đồng increases are posted per loan with the domain builders' keys and lines
 *   (interest:<D>:<order>, overdue-fee:<D>:<order>), the instalments and `accrued_through` are
 *   written in the same statement.
 * Each batch is one transaction claiming its loans FOR UPDATE SKIP LOCKED where accrued_through is
 * exactly D − 1, so a repeat, a crash or a second instance never accrues a loan twice for a day;
 * a repayment that accrued a loan itself (LoanService.accrueAndPost) moved its accrued_through and
 * used the same keys. Missed dates are caught up one date at a time, oldest first.
 */

/** Loans per transaction: large enough that statement overhead vanishes, small enough to keep locks short. */
export const ACCRUAL_BATCH = 25_000;

export interface AccrualResult {
  /** Loan-days accrued. */
  loans: number;
  /** Ledger entries written (interest and overdue-fee postings). */
  entries: number;
  /** Business dates worked on. */
  dates: number;
  /** True when loans were left because another instance holds them (it will finish them). */
  contended: boolean;
}

export class LoanAccrual {
  /**
   * `workers`: batches run at once on separate connections (PostgreSQL: 2 keeps two cores busy;
   * PGlite has one session, so 1). They never share a loan: each claims with SKIP LOCKED.
   */
  constructor(
    private readonly uow: UnitOfWork,
    private readonly batchSize = ACCRUAL_BATCH,
    private readonly workers = 1,
  ) {}

  /** Accrues every loan being repaid through `today` (catching up missed dates), batch by batch. */
  async accrueThrough(today: IsoDate): Promise<AccrualResult> {
    const result: AccrualResult = { loans: 0, entries: 0, dates: 0, contended: false };
    for (;;) {
      const oldest = await this.oldestBehind(today);
      if (oldest === null) return result;
      const date = addVietnamDays(oldest, 1);
      result.dates += 1;
      const done = await Promise.all(Array.from({ length: this.workers }, () => this.accrueDate(date)));
      const accruedThisDate = done.reduce((sum, worker) => sum + worker.loans, 0);
      result.loans += accruedThisDate;
      result.entries += done.reduce((sum, worker) => sum + worker.entries, 0);
      // Loans still behind for this date but none claimable: another instance has them.
      if (accruedThisDate === 0) {
        result.contended = true;
        return result;
      }
    }
  }

  /** One worker's share of a date: batches in id order from its own cursor until none is left. */
  private async accrueDate(date: IsoDate): Promise<{ loans: number; entries: number }> {
    let after = 0;
    let loans = 0;
    let entries = 0;
    for (;;) {
      const batch = await this.accrueBatch(date, after);
      loans += batch.loans;
      entries += batch.entries;
      if (batch.lastId === null) return { loans, entries };
      after = batch.lastId;
    }
  }

  /** The oldest accrual date of a loan being repaid that is behind `today`, or null. */
  private async oldestBehind(today: IsoDate): Promise<IsoDate | null> {
    const [row] = await executeRows<{ oldest: string | null }>(
      this.uow.db,
      sql`select min(accrued_through)::text as oldest from loan_orders where state = 'repaying' and accrued_through < ${today}::date`,
    );
    return row?.oldest ?? null;
  }

  /**
   * Accrues day `date` for one batch of loans accrued through the day before whose id is above
   * `after`; one transaction. Answers the batch's last id (null when there was none).
   */
  async accrueBatch(date: IsoDate, after = 0): Promise<{ loans: number; entries: number; lastId: number | null }> {
    return this.uow.transaction(async () => {
      // A batch of tens of thousands of loans outlives the pool's per-statement limit. Its commit need
      // not wait for the disk: a batch lost in a crash is lost whole (accrued_through with it) and redone.
      await this.uow.db.execute(sql`set local statement_timeout = 0`);
      await this.uow.db.execute(sql`set local synchronous_commit = off`);
      // Every table access of the statement is a key or address lookup; after yesterday's sweep the
      // statistics of accrued_through are stale and a planner trusting them scans millions of rows.
      await this.uow.db.execute(sql`set local enable_seqscan = off`);
      const [row] = await executeRows<{ loans: number; entries: number; last_id: string | null }>(
        this.uow.db,
        sql`
        with
        -- The next loans being repaid by id (the partial index on id), then those of them still a day behind.
        candidates as (
          select id from loan_orders where state = 'repaying' and id > ${after} order by id limit ${this.batchSize}
        ),
        -- Each candidate looked up by its key (a lateral lookup: no plan can turn it into a scan,
        -- whatever the statistics say of accrued_through after yesterday's sweep).
        batch as (
          select o.id, o.tid, o.user_id, o.rate, o.overdue_rate
            from candidates c
           cross join lateral (
             select l.id, l.ctid as tid, l.user_id, l.daily_rate_ppm::bigint as rate, l.overdue_rate_ppm::bigint as overdue_rate
               from loan_orders l
              where l.id = c.id and l.state = 'repaying' and l.accrued_through = ${date}::date - 1
                for update skip locked
           ) o
        ),
        calc as (
          select i.order_id, i.plan_part, i.ctid as tid, i.interest_micro as old_im, i.overdue_fee_micro as old_om,
                 i.interest_charged as old_ic, i.overdue_fee_charged as old_oc,
                 case when ${date}::date > i.period_start and ${date}::date <= i.due_date
                      then i.interest_micro + (sum(i.principal - i.paid_principal) over later)::bigint * b.rate
                      else i.interest_micro end as new_im,
                 case when ${date}::date > i.due_date and i.principal > i.paid_principal
                      then i.overdue_fee_micro + (i.principal - i.paid_principal) * b.overdue_rate
                      else i.overdue_fee_micro end as new_om
            from loan_instalments i join batch b on b.id = i.order_id
          window later as (partition by i.order_id order by i.plan_part desc)
        ),
        -- Rows are updated by their physical address (ctid), read in this statement with their order
        -- locked (every writer of instalments locks the order first): a lookup, never a join plan.
        instalments_written as (
          update loan_instalments i
             set interest_micro = c.new_im, interest_charged = c.new_im / 1000000,
                 overdue_fee_micro = c.new_om, overdue_fee_charged = c.new_om / 1000000
            from calc c
           where i.ctid = c.tid and (c.new_im <> c.old_im or c.new_om <> c.old_om)
        ),
        orders_written as (
          update loan_orders o set accrued_through = ${date}::date from batch b where o.ctid = b.tid
        ),
        per_loan as (
          select c.order_id, sum(c.new_im / 1000000 - c.old_ic)::bigint as interest, sum(c.new_om / 1000000 - c.old_oc)::bigint as overdue_fee
            from calc c group by c.order_id
        ),
        -- Each posting takes its entry id here, so its lines need no join back to the inserted entries.
        postings as (
          select nextval(pg_get_serial_sequence('ledger_entries', 'id')) as entry_id, p.order_id, b.user_id, e.event, e.memo,
                 e.debit_account, e.credit_account, e.amount, e.key_prefix || ':' || ${date} || ':' || p.order_id as key
            from per_loan p join batch b on b.id = p.order_id
           cross join lateral (values
             ('interest_accrual', 'interest', 'Interest accrued', 'loan_interest', 'interest_income', p.interest),
             ('overdue_fee_accrual', 'overdue-fee', 'Overdue fee accrued', 'loan_overdue_fee', 'overdue_fee_income', p.overdue_fee)
           ) as e(event, key_prefix, memo, debit_account, credit_account, amount)
           where e.amount > 0
        ),
        -- No ON CONFLICT: the accrued_through claim makes a loan-day's posting impossible twice; if it
        -- ever happened, the unique key fails the batch loudly instead of posting lines to nothing.
        entries as (
          insert into ledger_entries (id, event, key, loan_id, borrower_id, business_date, memo) overriding system value
          select entry_id, event, key, order_id::text, user_id::text, ${date}::date, memo from postings
          returning 1
        ),
        lines as (
          insert into ledger_lines (entry_id, account_code, owner_id, debit, credit)
          select p.entry_id, l.account_code, l.owner_id, l.debit, l.credit
            from postings p
           cross join lateral (values (p.debit_account, p.order_id::text, p.amount, 0::bigint), (p.credit_account, null::text, 0::bigint, p.amount))
                 as l(account_code, owner_id, debit, credit)
          returning 1
        )
        select (select count(*)::int from batch) as loans, (select count(*)::int from entries) as entries, (select max(id)::text from candidates) as last_id`,
      );
      return { loans: row?.loans ?? 0, entries: row?.entries ?? 0, lastId: row?.last_id ? Number(row.last_id) : null };
    });
  }
}
