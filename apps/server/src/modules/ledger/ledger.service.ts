import { assertBalanced, sumComponents, type AccountRef, type Components, type Posting } from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import { BUILT_IN_CHECKS, runLedgerChecks, type LedgerCheck, type LedgerCheckReport } from './ledger-checks.ts';
import { LedgerRepository, type StoredLine } from './ledger.repository.ts';

export interface PostResult {
  key: string;
  entryId: number;
  /** false when the same event had been posted before (the first entry stands). */
  created: boolean;
}

/** The same key was posted before with other lines: two different events under one name, a bug. */
export class PostingConflictError extends Error {
  override name = 'PostingConflictError';
}

/** A loan's receivables as positive amounts (what the borrower owes by component) and the total. */
export interface LoanBalances extends Components {
  total: bigint;
}

function lineSignature(lines: ReadonlyArray<{ accountCode: string; ownerId: string | null; debit: bigint; credit: bigint }>): string {
  return lines
    .map((line) => `${line.accountCode}|${line.ownerId ?? ''}|${line.debit}|${line.credit}`)
    .sort()
    .join(';');
}

/**
 * Writes domain postings (packages/domain ledger.ts) into the ledger, inside the caller's unit of
 * work: the money change and its posting commit or roll back together. Refuses an unbalanced
 * posting before it reaches the database (which refuses it again, migrations 0012 and 0022). Posting the
 * same key twice is a no-op that answers the first entry; the same key with other lines throws.
 */
export class LedgerService {
  private readonly repository: LedgerRepository;
  private readonly checks: LedgerCheck[] = [...BUILT_IN_CHECKS];

  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {
    this.repository = new LedgerRepository(uow);
  }

  /** Posts one money event (null postings, i.e. nothing to post, are skipped by postMany). */
  async post(posting: Posting): Promise<PostResult> {
    const [result] = await this.postMany([posting]);
    return result!;
  }

  /** Posts many events with one INSERT per table (a sweep's batch); answers in the input order. */
  async postMany(postings: ReadonlyArray<Posting | null>): Promise<PostResult[]> {
    this.uow.requireTransaction('LedgerService.post');
    const list = postings.filter((posting): posting is Posting => posting !== null);
    const byKey = new Map<string, Posting>();
    for (const posting of list) {
      assertBalanced(posting);
      const earlier = byKey.get(posting.key);
      if (earlier && lineSignature(toStoredLines(earlier, 0)) !== lineSignature(toStoredLines(posting, 0))) {
        throw new PostingConflictError(`Posting ${posting.key} appears twice with different lines`);
      }
      byKey.set(posting.key, posting);
    }
    // In key order, so two units inserting overlapping keys take the unique index's locks in the
    // same order and cannot deadlock.
    const unique = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const inserted = await this.repository.insertEntries(unique);
    const insertedIds = new Map(inserted.map((entry) => [entry.key, entry.id]));
    const lines = unique.flatMap((posting) => {
      const id = insertedIds.get(posting.key);
      return id === undefined ? [] : toStoredLines(posting, id);
    });
    await this.repository.insertLines(lines);

    const existingKeys = unique.filter((posting) => !insertedIds.has(posting.key)).map((posting) => posting.key);
    const existing = await this.repository.entriesByKeys(existingKeys);
    const existingIds = new Map(existing.map((entry) => [entry.key, entry.id]));
    if (existing.length > 0) {
      const storedLines = await this.repository.linesOfEntries(existing.map((entry) => entry.id));
      for (const entry of existing) {
        const posting = byKey.get(entry.key)!;
        const stored = storedLines.filter((line) => line.entryId === entry.id);
        const same =
          entry.event === posting.event &&
          entry.loanId === posting.loanId &&
          entry.borrowerId === posting.borrowerId &&
          lineSignature(stored) === lineSignature(toStoredLines(posting, entry.id));
        if (!same) throw new PostingConflictError(`Posting ${entry.key} was posted before with other lines`);
      }
    }
    return list.map((posting) => {
      const created = insertedIds.get(posting.key);
      return { key: posting.key, entryId: created ?? existingIds.get(posting.key)!, created: created !== undefined };
    });
  }

  /** The balance (debit − credit) of one account. */
  balance(account: AccountRef): Promise<bigint> {
    return this.repository.balance(account);
  }

  /** What a loan's borrower owes, by component, from the loan's accounts. */
  async loanBalances(loanId: string): Promise<LoanBalances> {
    const balances = await this.repository.balancesOfOwner(loanId);
    const parts: Components = {
      overdueFee: balances.get('loan_overdue_fee') ?? 0n,
      fee: balances.get('loan_fee') ?? 0n,
      interest: balances.get('loan_interest') ?? 0n,
      principal: balances.get('loan_principal') ?? 0n,
    };
    return { ...parts, total: sumComponents(parts) };
  }

  /** The overpayment held for a borrower (a positive amount to refund). */
  async borrowerCredit(borrowerId: string): Promise<bigint> {
    return -(await this.repository.balance({ code: 'borrower_credit', owner: borrowerId }));
  }

  /** A loan's entries in order. */
  entriesOfLoan(loanId: string) {
    return this.repository.entriesOfLoan(loanId);
  }

  /**
   * A borrower's latest `limit` entries with their lines, newest first (the back office's borrower
   * page, decision 097): their entries other than daily accruals through the borrower's partial
   * index, and the daily accruals named by `accrualKeys` (the caller knows its loans' accrued days;
   * decision 083), each a lookup by key. Nothing here scans the ledger.
   */
  async latestOfBorrower(borrowerId: string, accrualKeys: readonly string[], limit: number) {
    const [events, accruals] = await Promise.all([this.repository.latestEventsOfBorrower(borrowerId, limit), this.repository.entriesWithKeys(accrualKeys, limit)]);
    const entries = [...events, ...accruals].sort((a, b) => b.id - a.id).slice(0, limit);
    const lines = await this.repository.linesOfEntries(entries.map((entry) => entry.id));
    return entries.map((entry) => ({ ...entry, lines: lines.filter((line) => line.entryId === entry.id) }));
  }

  /** Adds a check to the ledger check (e.g. the order module's order-level checks). */
  addCheck(check: LedgerCheck): void {
    if (this.checks.some((known) => known.name === check.name)) throw new Error(`ledger check ${check.name} is already registered`);
    this.checks.push(check);
  }

  get checkNames(): string[] {
    return this.checks.map((check) => check.name);
  }

  /** Runs every check and answers the report with the totals. */
  check(): Promise<LedgerCheckReport> {
    return runLedgerChecks(this.uow.root, this.checks, this.clock());
  }
}

function toStoredLines(posting: Posting, entryId: number): StoredLine[] {
  return posting.lines.map((line) => ({ entryId, accountCode: line.account.code, ownerId: line.account.owner, debit: line.debit, credit: line.credit }));
}
