import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/database.ts';

/*
 * Set-based seeding shared by the benches that build a loan book on PostgreSQL (bench:sweep,
 * bench:admin): one statement per table, as the real postings would leave it.
 */

export async function run(database: Database, statement: ReturnType<typeof sql>): Promise<void> {
  await database.db.execute(statement);
}

/**
 * Every seeded order's payout postings on its start date, as the payout leaves them: the service
 * fee charged, and the disbursement with the fee taken out of what the bank sends. Balanced per entry.
 */
export async function postPayouts(database: Database): Promise<void> {
  await run(
    database,
    sql`with entries as (
          insert into ledger_entries (event, key, loan_id, borrower_id, business_date, memo)
          select e.event, e.prefix || ':' || o.id, o.id::text, o.user_id::text, o.start_date, e.memo
            from loan_orders o cross join (values ('fee_charged', 'fee', 'Service fee charged'), ('disbursement', 'disbursement', 'Loan paid out')) e(event, prefix, memo)
          returning id, event, loan_id
        )
        insert into ledger_lines (entry_id, account_code, owner_id, debit, credit)
        select en.id, l.code, l.owner, l.debit, l.credit
          from entries en join loan_orders o on o.id::text = en.loan_id
          cross join lateral (values
            ('fee_charged', 'loan_fee', o.id::text, o.service_fee, 0::bigint),
            ('fee_charged', 'fee_income', null, 0::bigint, o.service_fee),
            ('disbursement', 'loan_principal', o.id::text, o.principal, 0::bigint),
            ('disbursement', 'disbursement_bank', null, 0::bigint, o.disbursed_amount),
            ('disbursement', 'loan_fee', o.id::text, 0::bigint, o.service_fee)
          ) l(event, code, owner, debit, credit)
         where l.event = en.event`,
  );
}
