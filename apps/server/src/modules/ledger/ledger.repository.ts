import { accountKey, type AccountRef, type Posting } from '@sen/domain';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { executeRows } from '../../db/database.ts';
import { ledgerEntries, ledgerLines } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export interface StoredEntry {
  id: number;
  key: string;
}

export interface StoredLine {
  entryId: number;
  accountCode: string;
  ownerId: string | null;
  debit: bigint;
  credit: bigint;
}

/** An entry as a statement of account shows it. */
export interface EntryRow {
  id: number;
  event: string;
  key: string;
  loanId: string | null;
  businessDate: string;
  memo: string;
  createdAt: Date;
}

const entryColumns = {
  id: ledgerEntries.id,
  event: ledgerEntries.event,
  key: ledgerEntries.key,
  loanId: ledgerEntries.loanId,
  businessDate: ledgerEntries.businessDate,
  memo: ledgerEntries.memo,
  createdAt: ledgerEntries.createdAt,
};

/** How many rows one INSERT carries (each column travels as one array parameter). */
const ENTRIES_PER_STATEMENT = 5000;
const LINES_PER_STATEMENT = 20_000;

/**
 * The ledger tables: insert-only writes and balance reads (docs/decisions/055-ledger.md). No index
 * is keyed by loan or account (the daily accrual would pay one scattered insert per loan and day into
 * each, decision 083), so the reads of one loan or one account below scan the ledger: tests and checks
 * use them; a production view of one loan would read its accrual entries by key (083 says how).
 */
export class LedgerRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * Inserts the entries whose key is new and answers the id of each inserted one; an existing key
   * inserts nothing (ON CONFLICT DO NOTHING on the unique key index). One statement per chunk with
   * one array parameter per column (unnest), which keeps a sweep's batch of many thousand fast.
   */
  async insertEntries(postings: readonly Posting[]): Promise<StoredEntry[]> {
    const inserted: StoredEntry[] = [];
    for (let start = 0; start < postings.length; start += ENTRIES_PER_STATEMENT) {
      const chunk = postings.slice(start, start + ENTRIES_PER_STATEMENT);
      const column = (pick: (posting: Posting) => string | null) => sql.param(chunk.map(pick));
      const rows = await executeRows<{ id: number | string; key: string }>(
        this.uow.db,
        sql`insert into ${ledgerEntries} (event, key, loan_id, borrower_id, business_date, memo)
            select * from unnest(${column((p) => p.event)}::text[], ${column((p) => p.key)}::text[], ${column((p) => p.loanId)}::text[],
                                 ${column((p) => p.borrowerId)}::text[], ${column((p) => p.businessDate)}::date[], ${column((p) => p.memo)}::text[])
            on conflict (key) do nothing
            returning id, key`,
      );
      inserted.push(...rows.map((row) => ({ id: Number(row.id), key: row.key })));
    }
    return inserted;
  }

  /**
   * Inserts lines. The database checks, per statement, that every entry touched balances
   * (migrations 0012 and 0022: each statement's own lines per entry), so an entry's lines must all go
   * in one call; chunks never split an entry.
   */
  async insertLines(lines: readonly StoredLine[]): Promise<void> {
    let start = 0;
    while (start < lines.length) {
      let end = Math.min(start + LINES_PER_STATEMENT, lines.length);
      while (end < lines.length && lines[end]!.entryId === lines[end - 1]!.entryId) end += 1;
      const chunk = lines.slice(start, end);
      await this.uow.db.execute(
        sql`insert into ${ledgerLines} (entry_id, account_code, owner_id, debit, credit)
            select * from unnest(${sql.param(chunk.map((line) => String(line.entryId)))}::bigint[], ${sql.param(chunk.map((line) => line.accountCode))}::text[],
                                 ${sql.param(chunk.map((line) => line.ownerId))}::text[], ${sql.param(chunk.map((line) => line.debit.toString()))}::bigint[],
                                 ${sql.param(chunk.map((line) => line.credit.toString()))}::bigint[])`,
      );
      start = end;
    }
  }

  async entriesByKeys(keys: readonly string[]): Promise<Array<StoredEntry & { event: string; loanId: string | null; borrowerId: string | null; businessDate: string }>> {
    if (keys.length === 0) return [];
    return this.uow.db
      .select({ id: ledgerEntries.id, key: ledgerEntries.key, event: ledgerEntries.event, loanId: ledgerEntries.loanId, borrowerId: ledgerEntries.borrowerId, businessDate: ledgerEntries.businessDate })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.key, [...keys]));
  }

  /**
   * The back office's borrower page (decision 097): the borrower's latest entries other than daily
   * accruals (the partial index ledger_entries_borrower_events_idx, which the sweep never writes),
   * newest first.
   */
  async latestEventsOfBorrower(borrowerId: string, limit: number): Promise<EntryRow[]> {
    return this.uow.db
      .select(entryColumns)
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.borrowerId, borrowerId), ne(ledgerEntries.event, 'daily_accrual')))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  }

  /** Entries by their keys (each a lookup in the unique key index), newest first. */
  async entriesWithKeys(keys: readonly string[], limit: number): Promise<EntryRow[]> {
    if (keys.length === 0) return [];
    return this.uow.db
      .select(entryColumns)
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.key, [...keys]))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  }

  async linesOfEntries(entryIds: readonly number[]): Promise<StoredLine[]> {
    if (entryIds.length === 0) return [];
    return this.uow.db
      .select({ entryId: ledgerLines.entryId, accountCode: ledgerLines.accountCode, ownerId: ledgerLines.ownerId, debit: ledgerLines.debit, credit: ledgerLines.credit })
      .from(ledgerLines)
      .where(inArray(ledgerLines.entryId, [...entryIds]))
      .orderBy(ledgerLines.id);
  }

  /** The balance (debit − credit) of one account: the sum of its lines. */
  async balance(account: AccountRef): Promise<bigint> {
    const owner = account.owner === null ? isNull(ledgerLines.ownerId) : eq(ledgerLines.ownerId, account.owner);
    const [row] = await this.uow.db
      .select({ balance: sql<string>`coalesce(sum(${ledgerLines.debit} - ${ledgerLines.credit}), 0)::text` })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.accountCode, account.code), owner));
    return BigInt(row?.balance ?? '0');
  }

  /** Balances of every account owned by `ownerId` (a loan's or a borrower's), by account code. */
  async balancesOfOwner(ownerId: string): Promise<Map<string, bigint>> {
    const rows = await this.uow.db
      .select({ code: ledgerLines.accountCode, balance: sql<string>`sum(${ledgerLines.debit} - ${ledgerLines.credit})::text` })
      .from(ledgerLines)
      .where(eq(ledgerLines.ownerId, ownerId))
      .groupBy(ledgerLines.accountCode);
    return new Map(rows.map((row) => [row.code, BigInt(row.balance)]));
  }

  /** Every account's balance, keyed like domain accountKey ('code' or 'code:owner'). */
  async allBalances(): Promise<Map<string, { code: string; owner: string | null; balance: bigint }>> {
    const rows = await executeRows<{ code: string; owner: string | null; balance: string }>(
      this.uow.db,
      sql`select ${ledgerLines.accountCode} as code, ${ledgerLines.ownerId} as owner, sum(${ledgerLines.debit} - ${ledgerLines.credit})::text as balance
            from ${ledgerLines} group by 1, 2`,
    );
    return new Map(rows.map((row) => [accountKey({ code: row.code as AccountRef['code'], owner: row.owner }), { code: row.code, owner: row.owner, balance: BigInt(row.balance) }]));
  }

  /** Entries of a loan in order (for a statement of account). */
  async entriesOfLoan(loanId: string) {
    return this.uow.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(ledgerEntries.id);
  }
}
