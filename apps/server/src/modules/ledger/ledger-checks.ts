import { ACCOUNT_CODES, CHART_OF_ACCOUNTS, MONEY_EVENTS, balanceAllowed, isAccountCode } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/database.ts';
import { ledgerEntries, ledgerLines } from '../../db/schema.ts';

/**
 * The ledger check (`npm run ledger:check`, GET /api/admin/ledger/check) as a list of named
 * checks, each a query answering its violations. Modules add their own (the order module: "every
 * loan's balances equal its order's figures", "no order paid out without its disbursement entry")
 * with LedgerService.addCheck; the runner and the report stay the same.
 */
export interface LedgerViolation {
  check: string;
  detail: string;
}

export interface LedgerCheck {
  name: string;
  description: string;
  run(db: Db): Promise<LedgerViolation[]>;
}

const LIMIT = 100;

const lenderCodes = ACCOUNT_CODES.filter((code) => CHART_OF_ACCOUNTS[code].scope === 'lender');
const loanCodes = ACCOUNT_CODES.filter((code) => CHART_OF_ACCOUNTS[code].scope === 'loan');
const borrowerCodes = ACCOUNT_CODES.filter((code) => CHART_OF_ACCOUNTS[code].scope === 'borrower');
const debitOrZeroCodes = ACCOUNT_CODES.filter((code) => CHART_OF_ACCOUNTS[code].rule === 'debit-or-zero');
const creditOrZeroCodes = ACCOUNT_CODES.filter((code) => CHART_OF_ACCOUNTS[code].rule === 'credit-or-zero');
const textList = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

export const BUILT_IN_CHECKS: LedgerCheck[] = [
  {
    name: 'entries-balance',
    description: 'Every entry has at least two lines and its debits equal its credits.',
    async run(db) {
      const rows = await executeRows<{ id: number; key: string; debits: string; credits: string; lines: number }>(
        db,
        sql`select e.id, e.key, coalesce(sum(l.debit), 0)::text as debits, coalesce(sum(l.credit), 0)::text as credits, count(l.id)::int as lines
              from ${ledgerEntries} e left join ${ledgerLines} l on l.entry_id = e.id
             group by e.id, e.key
            having coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0) or count(l.id) < 2
             order by e.id limit ${LIMIT}`,
      );
      return rows.map((row) => ({ check: 'entries-balance', detail: `entry ${row.id} (${row.key}): ${row.lines} lines, debits ${row.debits}, credits ${row.credits}` }));
    },
  },
  {
    name: 'lines-well-formed',
    description: 'Every line names an account of the chart, owned by its entry’s loan or borrower (none for the lender’s accounts), and every entry a known event.',
    async run(db) {
      const rows = await executeRows<{ id: number; entry_id: number; account_code: string; owner_id: string | null }>(
        db,
        sql`select l.id, l.entry_id, l.account_code, l.owner_id
              from ${ledgerLines} l join ${ledgerEntries} e on e.id = l.entry_id
             where l.account_code not in (${textList(ACCOUNT_CODES)})
                or (l.account_code in (${textList(lenderCodes)}) and l.owner_id is not null)
                or (l.account_code in (${textList(loanCodes)}) and l.owner_id is distinct from e.loan_id)
                or (l.account_code in (${textList(borrowerCodes)}) and l.owner_id is distinct from e.borrower_id)
                or l.owner_id = ''
             order by l.id limit ${LIMIT}`,
      );
      const events = await executeRows<{ id: number; event: string }>(
        db,
        sql`select id, event from ${ledgerEntries} where event not in (${textList(MONEY_EVENTS)}) order by id limit ${LIMIT}`,
      );
      return [
        ...rows.map((row) => ({
          check: 'lines-well-formed',
          detail: `line ${row.id} of entry ${row.entry_id}: account ${row.account_code}${row.owner_id === null ? '' : `:${row.owner_id}`} ${isAccountCode(row.account_code) ? 'has the wrong owner' : 'is not in the chart'}`,
        })),
        ...events.map((row) => ({ check: 'lines-well-formed', detail: `entry ${row.id}: unknown event ${row.event}` })),
      ];
    },
  },
  {
    name: 'account-balances',
    description: 'Every account’s balance (the sum of its postings) is on the side its chart rule allows: no receivable below zero, no borrower credit overdrawn.',
    async run(db) {
      // Filtered in SQL: a ledger of a million loans has millions of accounts, and only the wrong ones come back.
      const rows = await executeRows<{ code: string; owner: string | null; balance: string }>(
        db,
        sql`select account_code as code, owner_id as owner, sum(debit - credit)::text as balance from ${ledgerLines}
             where account_code in (${textList(debitOrZeroCodes)}, ${textList(creditOrZeroCodes)})
             group by 1, 2
            having (account_code in (${textList(debitOrZeroCodes)}) and sum(debit - credit) < 0)
                or (account_code in (${textList(creditOrZeroCodes)}) and sum(debit - credit) > 0)
             order by 1, 2 limit ${LIMIT}`,
      );
      return rows
        .filter((row) => isAccountCode(row.code) && !balanceAllowed(row.code, BigInt(row.balance)))
        .map((row) => ({ check: 'account-balances', detail: `${row.code}${row.owner === null ? '' : `:${row.owner}`} has balance ${row.balance} (${CHART_OF_ACCOUNTS[row.code as keyof typeof CHART_OF_ACCOUNTS].rule})` }));
    },
  },
  {
    name: 'trial-balance',
    description: 'All debits equal all credits.',
    async run(db) {
      const [row] = await executeRows<{ debits: string; credits: string }>(
        db,
        sql`select coalesce(sum(debit), 0)::text as debits, coalesce(sum(credit), 0)::text as credits from ${ledgerLines}`,
      );
      return row && row.debits !== row.credits ? [{ check: 'trial-balance', detail: `debits ${row.debits} ≠ credits ${row.credits}` }] : [];
    },
  },
  {
    name: 'one-disbursement-per-loan',
    description: 'No loan (order) is paid out twice.',
    async run(db) {
      const rows = await executeRows<{ loan_id: string | null; entries: number }>(
        db,
        sql`select loan_id, count(*)::int as entries from ${ledgerEntries} where event = 'disbursement'
             group by loan_id having count(*) > 1 or loan_id is null order by loan_id limit ${LIMIT}`,
      );
      return rows.map((row) => ({ check: 'one-disbursement-per-loan', detail: row.loan_id === null ? `${row.entries} disbursements without a loan` : `loan ${row.loan_id} paid out ${row.entries} times` }));
    },
  },
];

/** What the check prints besides its verdict. */
export interface LedgerTotals {
  entries: number;
  lines: number;
  debits: string;
  credits: string;
  /** Per account code, the sum of the balances (debit − credit) of all its accounts, as text. */
  byAccount: Record<string, string>;
  /** Entries per event. */
  byEvent: Record<string, number>;
}

export async function ledgerTotals(db: Db): Promise<LedgerTotals> {
  const [counts] = await executeRows<{ entries: number; lines: number; debits: string; credits: string }>(
    db,
    sql`select (select count(*)::int from ${ledgerEntries}) as entries, count(*)::int as lines,
               coalesce(sum(debit), 0)::text as debits, coalesce(sum(credit), 0)::text as credits from ${ledgerLines}`,
  );
  const accounts = await executeRows<{ code: string; balance: string }>(
    db,
    sql`select account_code as code, sum(debit - credit)::text as balance from ${ledgerLines} group by 1 order by 1`,
  );
  const events = await executeRows<{ event: string; entries: number }>(db, sql`select event, count(*)::int as entries from ${ledgerEntries} group by 1 order by 1`);
  return {
    entries: counts?.entries ?? 0,
    lines: counts?.lines ?? 0,
    debits: counts?.debits ?? '0',
    credits: counts?.credits ?? '0',
    byAccount: Object.fromEntries(accounts.map((row) => [row.code, row.balance])),
    byEvent: Object.fromEntries(events.map((row) => [row.event, row.entries])),
  };
}

export interface LedgerCheckReport {
  ok: boolean;
  checkedAt: string;
  checks: Array<{ name: string; description: string; violations: number }>;
  violations: LedgerViolation[];
  totals: LedgerTotals;
}

/** Runs every check in one read-only snapshot (REPEATABLE READ), so concurrent postings cannot split it. */
export async function runLedgerChecks(db: Db, checks: readonly LedgerCheck[], now: Date): Promise<LedgerCheckReport> {
  return db.transaction(
    async (tx) => {
      const results: LedgerCheckReport['checks'] = [];
      const violations: LedgerViolation[] = [];
      for (const check of checks) {
        const found = await check.run(tx as Db);
        results.push({ name: check.name, description: check.description, violations: found.length });
        violations.push(...found);
      }
      return { ok: violations.length === 0, checkedAt: now.toISOString(), checks: results, violations, totals: await ledgerTotals(tx as Db) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
