import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/database.ts';
import type { LedgerCheck } from '../ledger/index.ts';

/**
 * The order module's part of the ledger check (docs/decisions/055, 070, 073): the orders' own
 * figures against their postings, so a loan paid out twice, paid out without a posting, or whose
 * instalment balances drifted from its accounts is reported by `npm run ledger:check`.
 */
const LIMIT = 100;

export const ORDER_LEDGER_CHECKS: LedgerCheck[] = [
  {
    name: 'orders-paid-out-once',
    description: 'Every order being repaid, settled or written off has exactly one disbursement entry and one succeeded payout attempt; no other order has either.',
    async run(db) {
      const rows = await executeRows<{ id: number; state: string; disbursements: number; succeeded: number }>(
        db,
        sql`select o.id, o.state,
                   (select count(*)::int from ledger_entries e where e.loan_id = o.id::text and e.event = 'disbursement') as disbursements,
                   (select count(*)::int from payout_attempts a where a.order_id = o.id and a.state = 'succeeded') as succeeded
              from loan_orders o
             where (o.state in ('repaying', 'settled', 'written_off')) <> exists (select 1 from ledger_entries e where e.loan_id = o.id::text and e.event = 'disbursement')
                or (select count(*) from ledger_entries e where e.loan_id = o.id::text and e.event = 'disbursement') > 1
                or (o.state in ('repaying', 'settled', 'written_off')) <> exists (select 1 from payout_attempts a where a.order_id = o.id and a.state = 'succeeded')
             order by o.id limit ${LIMIT}`,
      );
      return rows.map((row) => ({
        check: 'orders-paid-out-once',
        detail: `order ${row.id} (${row.state}): ${row.disbursements} disbursement entries, ${row.succeeded} succeeded payouts`,
      }));
    },
  },
  {
    name: 'orders-equal-their-accounts',
    description: "Every paid-out order's instalment balances (charged − paid − written off, per component) equal its loan accounts in the ledger.",
    async run(db) {
      const rows = await executeRows<{ id: number; component: string; rows_owe: string; ledger: string }>(
        db,
        sql`with owed as (
              select i.order_id,
                     sum(i.principal - i.paid_principal - i.written_off_principal) as principal, sum(i.fee - i.paid_fee - i.written_off_fee) as fee,
                     sum(i.interest_charged - i.paid_interest - i.written_off_interest) as interest,
                     sum(i.overdue_fee_charged - i.paid_overdue_fee - i.written_off_overdue_fee) as overdue_fee
                from loan_instalments i join loan_orders o on o.id = i.order_id
               where o.state in ('repaying', 'settled', 'written_off')
               group by i.order_id
            ),
            booked as (
              select owner_id,
                     sum(case when account_code = 'loan_principal' then debit - credit else 0 end) as principal,
                     sum(case when account_code = 'loan_fee' then debit - credit else 0 end) as fee,
                     sum(case when account_code = 'loan_interest' then debit - credit else 0 end) as interest,
                     sum(case when account_code = 'loan_overdue_fee' then debit - credit else 0 end) as overdue_fee
                from ledger_lines
               where account_code in ('loan_principal', 'loan_fee', 'loan_interest', 'loan_overdue_fee')
               group by owner_id
            ),
            -- Joined and filtered on its own (materialized): with the per-component VALUES in the same
            -- join the planner nested-looped owed × booked (27 s at 11,000 paid-out orders, past the
            -- statement timeout); apart it is one hash join (0.7 s).
            differing as materialized (
              select o.order_id, o.principal, o.fee, o.interest, o.overdue_fee,
                     coalesce(b.principal, 0) as booked_principal, coalesce(b.fee, 0) as booked_fee,
                     coalesce(b.interest, 0) as booked_interest, coalesce(b.overdue_fee, 0) as booked_overdue_fee
                from owed o left join booked b on b.owner_id = o.order_id::text
               where o.principal <> coalesce(b.principal, 0) or o.fee <> coalesce(b.fee, 0)
                  or o.interest <> coalesce(b.interest, 0) or o.overdue_fee <> coalesce(b.overdue_fee, 0)
            )
            select d.order_id as id, c.component, c.rows_owe::text, c.ledger::text
              from differing d
             cross join lateral (values ('principal', d.principal, d.booked_principal), ('fee', d.fee, d.booked_fee),
                                        ('interest', d.interest, d.booked_interest), ('overdue fee', d.overdue_fee, d.booked_overdue_fee))
                   as c(component, rows_owe, ledger)
             where c.rows_owe <> c.ledger
             order by d.order_id limit ${LIMIT}`,
      );
      return rows.map((row) => ({ check: 'orders-equal-their-accounts', detail: `order ${row.id}: ${row.component} owed ${row.rows_owe} by its instalments, ${row.ledger} in the ledger` }));
    },
  },
  {
    name: 'payouts-equal-disbursements',
    description: 'The money the succeeded payouts sent equals what the orders’ disbursement postings took out of the disbursement account.',
    async run(db) {
      const [row] = await executeRows<{ paid: string; posted: string }>(
        db,
        sql`select (select coalesce(sum(amount), 0) from payout_attempts where state = 'succeeded')::text as paid,
                   (select coalesce(sum(l.credit - l.debit), 0) from ledger_lines l join ledger_entries e on e.id = l.entry_id
                     join loan_orders o on o.id::text = e.loan_id
                     where e.event = 'disbursement' and l.account_code = 'disbursement_bank')::text as posted`,
      );
      return row && row.paid !== row.posted ? [{ check: 'payouts-equal-disbursements', detail: `payouts sent ${row.paid}, disbursements posted ${row.posted}` }] : [];
    },
  },
  {
    name: 'write-offs-posted',
    description:
      "Every written-off order has exactly one write-off entry whose lines equal its instalments' written-off amounts, and no other order has one; what it recovered equals its recovery income, its payments' recovered amounts, and at most what was written off; no other order has recovery income.",
    async run(db) {
      // Decision 111: recoveries (payments after a write-off) are part of the check, from three
      // sides: the order's `recovered`, the recovery_income the loan's entries posted, and the
      // loan_repayments rows' `recovered`; an order never written off must have none of them.
      const rows = await executeRows<{ id: number; state: string; entries: number; written_off: string; posted: string; recovered: string; recovery_posted: string; repayments_recovered: string }>(
        db,
        sql`with candidates as (
              select o.id::text as id from loan_orders o where o.state = 'written_off' or o.recovered <> 0
              union select e.loan_id from ledger_entries e where e.event = 'write_off'
              union select e.loan_id from ledger_entries e join ledger_lines l on l.entry_id = e.id where l.account_code = 'recovery_income' and e.loan_id is not null
              union select r.order_id::text from loan_repayments r where r.recovered <> 0
            ),
            -- Materialized: inlined, the planner filtered every order by the subqueries below before
            -- joining the candidates (minutes at 160,000 orders); apart they run per candidate only.
            facts as materialized (
              select o.id, o.state, o.recovered,
                     coalesce((select sum(i.written_off_principal + i.written_off_fee + i.written_off_interest + i.written_off_overdue_fee) from loan_instalments i where i.order_id = o.id), 0) as written_off,
                     (select count(*)::int from ledger_entries e where e.loan_id = o.id::text and e.event = 'write_off') as entries,
                     (select coalesce(sum(l.credit), 0) from ledger_entries e join ledger_lines l on l.entry_id = e.id where e.loan_id = o.id::text and e.event = 'write_off') as posted,
                     (select coalesce(sum(l.credit - l.debit), 0) from ledger_entries e join ledger_lines l on l.entry_id = e.id
                       where e.loan_id = o.id::text and l.account_code = 'recovery_income') as recovery_posted,
                     (select coalesce(sum(r.recovered), 0) from loan_repayments r where r.order_id = o.id) as repayments_recovered
                from loan_orders o join candidates c on c.id = o.id::text
            )
            select f.id, f.state, f.entries, f.written_off::text, f.posted::text, f.recovered::text, f.recovery_posted::text, f.repayments_recovered::text
              from facts f
             where (f.state = 'written_off') <> (f.entries = 1)
                or f.written_off <> f.posted
                or f.recovered <> f.recovery_posted
                or f.recovered <> f.repayments_recovered
                or f.recovered < 0 or f.recovered > f.written_off
                or (f.state <> 'written_off' and f.recovery_posted <> 0)
             order by f.id limit ${LIMIT}`,
      );
      return rows.map((row) => ({
        check: 'write-offs-posted',
        detail: `order ${row.id} (${row.state}): ${row.entries} write-off entries posting ${row.posted} for ${row.written_off} written off; recovered ${row.recovered}, recovery income ${row.recovery_posted}, payments' recovered ${row.repayments_recovered}`,
      }));
    },
  },
  {
    name: 'restructures-posted',
    description: 'Every accepted restructure has its one restructure entry on its loan, and no restructure entry is without an accepted restructure (decision 117).',
    async run(db) {
      const rows = await executeRows<{ key: string; accepted: boolean; posted: boolean }>(
        db,
        sql`with accepted as (select 'restructure:' || r.id as key, r.order_id::text as loan_id from loan_restructures r where r.state = 'accepted'),
                 posted as (select e.key, e.loan_id from ledger_entries e where e.event = 'restructure')
            select coalesce(a.key, p.key) as key, a.key is not null as accepted, p.key is not null as posted
              from accepted a full join posted p on p.key = a.key and p.loan_id = a.loan_id
             where a.key is null or p.key is null
             order by 1 limit ${LIMIT}`,
      );
      return rows.map((row) => ({ check: 'restructures-posted', detail: `${row.key}: ${row.accepted ? 'accepted without its entry' : 'an entry without an accepted restructure'}` }));
    },
  },
  {
    name: 'refunds-equal-postings',
    description: 'Every succeeded refund attempt has its refund entry of the same amount out of the disbursement account, and no refund entry is without one.',
    async run(db) {
      const rows = await executeRows<{ reference: string; sent: string; posted: string }>(
        db,
        sql`with sent as (select 'refund:' || reference as key, amount from refund_attempts where state = 'succeeded'),
                 posted as (select e.key, sum(l.credit - l.debit) as amount from ledger_entries e join ledger_lines l on l.entry_id = e.id
                             where e.event = 'refund' and l.account_code = 'disbursement_bank' group by e.key)
            select coalesce(s.key, p.key) as reference, coalesce(s.amount, 0)::text as sent, coalesce(p.amount, 0)::text as posted
              from sent s full join posted p on p.key = s.key
             where coalesce(s.amount, 0) <> coalesce(p.amount, 0)
             order by 1 limit ${LIMIT}`,
      );
      return rows.map((row) => ({ check: 'refunds-equal-postings', detail: `${row.reference}: sent ${row.sent}, posted ${row.posted}` }));
    },
  },
];
