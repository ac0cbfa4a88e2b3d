import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/database.ts';
import { ledgerEntries, ledgerLines, loanOrders, loanRepayments, unidentifiedTransfers } from '../../db/schema.ts';
import type { LedgerCheck } from '../ledger/index.ts';

const LIMIT = 100;

/**
 * The repayment module's ledger checks (`npm run ledger:check`; docs/decisions/076): the money the
 * loans' rows say was received is the money the ledger says came in, and the overpayments the
 * orders hold for a borrower are the borrower's credit account.
 */
export const REPAYMENT_LEDGER_CHECKS: LedgerCheck[] = [
  {
    name: 'repayments-posted',
    description: 'Every repayment applied to a loan (loan_repayments) has its ledger entry, with the same amount into the collection account.',
    async run(db) {
      const rows = await executeRows<{ id: number; source: string; order_id: number; amount: string; posted: string }>(
        db,
        sql`select r.id, r.source, r.order_id, r.amount::text as amount, coalesce(sum(l.debit), 0)::text as posted
              from ${loanRepayments} r
              left join ${ledgerEntries} e on e.key = 'repayment:' || replace(r.source, ':', '-') || ':' || r.order_id
              left join ${ledgerLines} l on l.entry_id = e.id and l.account_code = 'collection_bank'
             group by r.id, r.source, r.order_id, r.amount
            having coalesce(sum(l.debit), 0) <> r.amount
             order by r.id limit ${LIMIT}`,
      );
      return rows.map((row) => ({
        check: 'repayments-posted',
        detail: `repayment ${row.id} (${row.source}, order ${row.order_id}) of ${row.amount} has ${row.posted} posted to the collection account`,
      }));
    },
  },
  {
    name: 'credit-held-posted',
    description: "What a borrower's orders hold as overpayments (credit_held) equals the borrower's credit account in the ledger.",
    async run(db) {
      const rows = await executeRows<{ borrower: string; held: string; posted: string }>(
        db,
        sql`with held as (select ${loanOrders.userId}::text as borrower, sum(${loanOrders.creditHeld}) as held from ${loanOrders} group by 1),
                 posted as (select owner_id as borrower, sum(credit - debit) as posted from ${ledgerLines} where account_code = 'borrower_credit' group by 1)
            select h.borrower, h.held::text as held, coalesce(p.posted, 0)::text as posted
              from held h left join posted p on p.borrower = h.borrower
             where h.held <> coalesce(p.posted, 0)
             order by h.borrower limit ${LIMIT}`,
      );
      return rows.map((row) => ({ check: 'credit-held-posted', detail: `borrower ${row.borrower}: orders hold ${row.held}, the ledger's credit account ${row.posted}` }));
    },
  },
  {
    name: 'unidentified-held',
    description: 'The unmatched queue holds in suspense what the ledger does: open and to-return transfers add up to the unidentified receipts account (decision 114).',
    async run(db) {
      const [row] = await executeRows<{ held: string; posted: string }>(
        db,
        sql`select (select coalesce(sum(amount), 0) from ${unidentifiedTransfers} where state in ('open', 'to_return'))::text as held,
                   (select coalesce(sum(credit - debit), 0) from ${ledgerLines} where account_code = 'unidentified_receipts')::text as posted`,
      );
      return row && row.held !== row.posted
        ? [{ check: 'unidentified-held', detail: `the unmatched queue holds ${row.held}, the ledger's unidentified receipts account ${row.posted}` }]
        : [];
    },
  },
];
