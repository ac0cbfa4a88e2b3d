import { addVietnamDays, type IsoDate } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { executeRows } from '../db/database.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';

/**
 * The daily accrual of every loan being repaid (issue 12; docs/decisions/070, 074 and 083), set-based.
 *
 * For one business date D, each batch of loans accrued through D − 1 is one transaction of two
 * statements:
 * 1. the claim: the next loans being repaid by id, locked FOR UPDATE SKIP LOCKED where
 *    accrued_through is exactly D − 1, their accrued_through moved to D;
 * 2. the accrual, under a snapshot taken after those locks (so a repayment that committed while the
 *    claim waited is seen, and none can commit until this one does): ONE statement does what the
 *    domain's `accrueNextDay` (packages/domain repayment.ts) does for each loan — the same
 *    definition, held to it by test/loan-accrual.test.ts to the đồng:
 *    - an instalment whose period holds D (period_start < D ≤ due_date) accrues interest on the
 *      principal not yet repaid of it and every later instalment (a window sum), exactly, in
 *      millionths of a đồng; it is charged the whole đồng of that;
 *    - an instalment past its due date accrues the overdue fee on its own unpaid principal;
 *    - the day's whole-đồng increases are posted per loan as ONE entry with the domain builder's key
 *      and lines (dailyAccrualPosting: accrual:<D>:<order>, interest and overdue-fee lines).
 * A repeat, a crash or a second instance never accrues a loan twice for a day: the claim takes only
 * loans at D − 1, and a repayment that accrued a loan itself (LoanService.accrueAndPost) moved its
 * accrued_through and posted under the same key. Missed dates are caught up one at a time, oldest first.
 */

/** Loans per transaction: large enough that statement overhead vanishes, small enough to keep locks short. */
export const ACCRUAL_BATCH = 25_000;

export interface AccrualResult {
  /** Loan-days accrued. */
  loans: number;
  /** Ledger entries written (one per loan and day with anything to post). */
  entries: number;
  /** Business dates worked on. */
  dates: number;
  /** True when loans were left because another instance holds them (it will finish them). */
  contended: boolean;
}

/** The loans one batch claimed, as columns (they travel back to the database as array parameters). */
interface Claim {
  /** The last candidate id looked at (the next claim starts after it); null when none was left. */
  lastId: number | null;
  ids: string[];
  borrowers: string[];
  rates: string[];
  overdueRates: string[];
}

/**
 * Where the next claim of a date starts, shared by the workers of one sweep. Claims run one at a
 * time (each is short), so every worker claims the next range of loans instead of racing the
 * others through ranges they already hold; the long accrual statements still run side by side.
 */
class ClaimCursor {
  private after = 0;
  private done = false;
  private turn: Promise<unknown> = Promise.resolve();

  /** Runs `claim` from the cursor when it is this caller's turn; null once no loans are left. */
  next(claim: (after: number) => Promise<Claim>): Promise<Claim | null> {
    const mine = this.turn.then(async () => {
      if (this.done) return null;
      const claimed = await claim(this.after);
      if (claimed.lastId === null) this.done = true;
      else this.after = claimed.lastId;
      return claimed;
    });
    // A failed claim leaves the cursor where it was; its worker reports the error.
    this.turn = mine.catch(() => undefined);
    return mine;
  }
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
      const cursor = new ClaimCursor();
      const done = await Promise.all(Array.from({ length: this.workers }, () => this.accrueDate(date, cursor)));
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

  /** One worker's share of a date: batch after batch from the shared cursor until none is left. */
  private async accrueDate(date: IsoDate, cursor: ClaimCursor): Promise<{ loans: number; entries: number }> {
    let loans = 0;
    let entries = 0;
    for (;;) {
      const batch = await this.accrueBatch(date, cursor);
      if (batch === null) return { loans, entries };
      loans += batch.loans;
      entries += batch.entries;
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

  /** One batch in one transaction: the next claim from the cursor, then its accrual. Null when no loans are left. */
  private async accrueBatch(date: IsoDate, cursor: ClaimCursor): Promise<{ loans: number; entries: number } | null> {
    return this.uow.transaction(async () => {
      // - A batch of tens of thousands of loans outlives the pool's per-statement limit.
      // - Its commit need not wait for the disk: a batch lost in a crash is lost whole
      //   (accrued_through with it) and redone.
      // - Every table access is a key or address lookup; after yesterday's sweep the statistics of
      //   accrued_through are stale and a planner trusting them scans millions of rows.
      // - The statements' estimated cost is high enough for PostgreSQL to compile them to machine
      //   code (JIT) on every batch, which took longer than running them (decision 083).
      // - The accrual's working rows (a few MB a batch) fit in memory instead of temporary files.
      await this.uow.db.execute(
        sql`select set_config('statement_timeout', '0', true), set_config('synchronous_commit', 'off', true), set_config('enable_seqscan', 'off', true),
                   set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`,
      );
      const claim = await cursor.next((after) => this.claim(date, after));
      if (claim === null) return null;
      if (claim.ids.length === 0) return { loans: 0, entries: 0 };
      return { loans: claim.ids.length, entries: await this.accrue(date, claim) };
    });
  }

  /**
   * Claims the next `batchSize` loans being repaid after id `after` that are still at D − 1 and
   * not held by another transaction, and moves their accrued_through to D.
   */
  private async claim(date: IsoDate, after: number): Promise<Claim> {
    const [row] = await executeRows<{ last_id: string | null; ids: string[] | null; borrowers: string[] | null; rates: string[] | null; overdue_rates: string[] | null }>(
      this.uow.db,
      sql`
      with
      -- The next loans being repaid by id (the partial index on id), then those of them still a day behind.
      candidates as (
        select id from loan_orders where state = 'repaying' and id > ${after} order by id limit ${this.batchSize}
      ),
      -- Each candidate looked up by its key and locked, skipping those another transaction holds (a
      -- repayment, another instance: decision 074). A lateral lookup: no plan can turn it into a scan
      -- and a sort, whatever the statistics say of accrued_through after yesterday's sweep.
      claimed as (
        select o.tid, o.id, o.user_id, o.rate, o.overdue_rate
          from candidates c
         cross join lateral (
           select l.ctid as tid, l.id, l.user_id, l.daily_rate_ppm as rate, l.overdue_rate_ppm as overdue_rate
             from loan_orders l
            where l.id = c.id and l.state = 'repaying' and l.accrued_through = ${date}::date - 1
              for update skip locked
         ) o
      ),
      -- By physical address (ctid), read in this statement with the row locked: never a join plan
      -- that reads the table. All addresses in one list, because a TID scan per row would ask the
      -- operating system for the table's size once per row (an lseek, ~9 % of the sweep's CPU).
      moved as (
        update loan_orders o set accrued_through = ${date}::date
          from claimed c
         where o.ctid = any (array(select tid from claimed)) and o.ctid = c.tid
      )
      select (select max(id)::text from candidates) as last_id,
             array_agg(id::text order by id) as ids, array_agg(user_id::text order by id) as borrowers,
             array_agg(rate::text order by id) as rates, array_agg(overdue_rate::text order by id) as overdue_rates
        from claimed`,
    );
    return {
      lastId: row?.last_id ? Number(row.last_id) : null,
      ids: row?.ids ?? [],
      borrowers: row?.borrowers ?? [],
      rates: row?.rates ?? [],
      overdueRates: row?.overdue_rates ?? [],
    };
  }

  /** Accrues day `date` for the claimed loans: instalments and one ledger entry per loan. Answers the entries written. */
  private async accrue(date: IsoDate, claim: Claim): Promise<number> {
    const [row] = await executeRows<{ entries: number }>(
      this.uow.db,
      sql`
      with
      batch as (
        select * from unnest(${sql.param(claim.ids)}::bigint[], ${sql.param(claim.borrowers)}::text[], ${sql.param(claim.rates)}::bigint[], ${sql.param(claim.overdueRates)}::bigint[])
               as b(id, user_id, rate, overdue_rate)
      ),
      -- Per loan, its instalments by the primary key (a lateral lookup, whatever the plan would make of a join).
      calc as (
        select b.id as order_id, i.tid, i.old_im, i.old_om, i.old_ic, i.old_oc,
               case when ${date}::date > i.period_start and ${date}::date <= i.due_date then i.old_im + i.unpaid_from_here * b.rate else i.old_im end as new_im,
               case when ${date}::date > i.due_date and i.unpaid > 0 then i.old_om + i.unpaid * b.overdue_rate else i.old_om end as new_om
          from batch b
         cross join lateral (
           select l.ctid as tid, l.period_start, l.due_date, l.interest_micro as old_im, l.overdue_fee_micro as old_om,
                  l.interest_charged as old_ic, l.overdue_fee_charged as old_oc, l.principal - l.paid_principal as unpaid,
                  (sum(l.principal - l.paid_principal) over (order by l.plan_part desc))::bigint as unpaid_from_here
             from loan_instalments l
            where l.order_id = b.id
         ) i
      ),
      -- Rows are updated by their physical address (ctid), read under this statement's snapshot with
      -- their order locked (every writer of instalments locks the order first): one list of addresses,
      -- as in the claim, never a join plan that reads the table.
      changed as (
        select * from calc where new_im <> old_im or new_om <> old_om
      ),
      instalments_written as (
        update loan_instalments i
           set interest_micro = c.new_im, interest_charged = c.new_im / 1000000,
               overdue_fee_micro = c.new_om, overdue_fee_charged = c.new_om / 1000000
          from changed c
         where i.ctid = any (array(select tid from changed)) and i.ctid = c.tid
      ),
      -- One posting per loan with anything to post; it takes its entry id here, so its lines need no
      -- join back to the inserted entries. The sequence is looked up once (a subquery), not per row.
      postings as (
        select nextval((select pg_get_serial_sequence('ledger_entries', 'id')::regclass)) as entry_id, p.order_id, b.user_id, p.interest, p.overdue_fee
          from (select c.order_id, sum(c.new_im / 1000000 - c.old_ic)::bigint as interest, sum(c.new_om / 1000000 - c.old_oc)::bigint as overdue_fee
                  from calc c group by c.order_id) p
          join batch b on b.id = p.order_id
         where p.interest > 0 or p.overdue_fee > 0
      ),
      -- domain dailyAccrualPosting: the same event, key, memo and lines (a zero line left out).
      -- No ON CONFLICT: the claim makes a loan-day's posting impossible twice; if it ever happened,
      -- the unique key fails the batch loudly instead of posting lines to nothing.
      entries as (
        insert into ledger_entries (id, event, key, loan_id, borrower_id, business_date, memo) overriding system value
        select entry_id, 'daily_accrual', 'accrual:' || ${date} || ':' || order_id, order_id::text, user_id, ${date}::date, 'Interest and overdue fee accrued'
          from postings
        returning 1
      ),
      lines as (
        insert into ledger_lines (entry_id, account_code, owner_id, debit, credit)
        select p.entry_id, l.account_code, l.owner_id, l.debit, l.credit
          from postings p
         cross join lateral (values ('loan_interest', p.order_id::text, p.interest, 0::bigint), ('interest_income', null, 0::bigint, p.interest),
                                    ('loan_overdue_fee', p.order_id::text, p.overdue_fee, 0::bigint), ('overdue_fee_income', null, 0::bigint, p.overdue_fee))
               as l(account_code, owner_id, debit, credit)
         where l.debit > 0 or l.credit > 0
      )
      select count(*)::int as entries from entries`,
    );
    return row?.entries ?? 0;
  }
}
