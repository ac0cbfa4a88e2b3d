import { randomUUID } from 'node:crypto';
import { ADMIN_PATHS, ERRORS, type LedgerCheckReportData } from '@sen/contract';
import {
  UnbalancedPostingError,
  accrueThrough,
  addVietnamDays,
  applyRepayment,
  buildSchedule,
  dailyAccrualPosting,
  disbursementPosting,
  feeChargedPosting,
  loanOutstanding,
  openLoan,
  repaymentPosting,
  type Posting,
} from '@sen/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/database.ts';
import { ledgerEntries, ledgerLines } from '../src/db/schema.ts';
import { PostingConflictError } from '../src/modules/ledger/index.ts';
import type { AdminBrowser, OperatorSession } from './helpers/operators.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let finance: OperatorSession;
beforeAll(async () => {
  t = await createTestApp();
  finance = await t.operatorSession('finance');
});
afterAll(async () => t?.close());

const inTransaction = <T>(work: () => Promise<T>) => t.database.uow.transaction(work);

function newLoan() {
  return { loanId: randomUUID(), borrowerId: randomUUID(), businessDate: '2026-03-15' };
}

/** The back office's ledger check (permission ledger.read), as a finance operator by default. */
async function checkReport(browser: AdminBrowser = finance.browser) {
  return browser.get<LedgerCheckReportData>(ADMIN_PATHS.ledgerCheck);
}

/** A database error's SQLSTATE, through drizzle's wrapping. */
function sqlState(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

describe('ledger postings', () => {
  it('posts a loan life in the caller’s transaction and derives the loan balances from it', async () => {
    const context = newLoan();
    const schedule = buildSchedule({ principal: 2_000_000n, dailyRatePpm: 300n, termDays: 30, planNums: 1, serviceFee: 200_000n, feeTiming: 'deducted', startDate: context.businessDate });
    let state = openLoan(schedule);
    await inTransaction(async () => {
      await t.services.ledger.postMany([feeChargedPosting(context, 200_000n), disbursementPosting(context, 2_000_000n, 200_000n)]);
    });
    // Accrue ten days, one posting per day, as the daily sweep will.
    const accrued = accrueThrough(state, addVietnamDays(context.businessDate, 10));
    state = accrued.state;
    await inTransaction(async () => {
      await t.services.ledger.postMany(accrued.days.map((day) => dailyAccrualPosting({ ...context, businessDate: day.date }, day)));
    });
    expect(await t.services.ledger.loanBalances(context.loanId)).toEqual({ overdueFee: 0n, fee: 0n, interest: 6_000n, principal: 2_000_000n, total: 2_006_000n });

    // Repay 1,000,000: interest first, then principal.
    const paid = applyRepayment(state, 1_000_000n);
    state = paid.state;
    await inTransaction(() => t.services.ledger.post(repaymentPosting(context, `transfer-${context.loanId}`, paid.allocation)));
    const balances = await t.services.ledger.loanBalances(context.loanId);
    const owed = loanOutstanding(state);
    expect(balances).toEqual({ ...owed, total: owed.principal + owed.interest + owed.fee + owed.overdueFee });
    expect(balances.principal).toBe(1_006_000n);
    expect(await t.services.ledger.balance({ code: 'collection_bank', owner: null })).toBeGreaterThanOrEqual(1_000_000n);

    // Overpay: the rest is the borrower's credit.
    const overpaid = applyRepayment(state, 1_100_000n);
    await inTransaction(() => t.services.ledger.post(repaymentPosting(context, `transfer2-${context.loanId}`, overpaid.allocation)));
    expect((await t.services.ledger.loanBalances(context.loanId)).total).toBe(0n);
    expect(await t.services.ledger.borrowerCredit(context.borrowerId)).toBe(94_000n);
    // A batch is written in key order (no deadlocks between overlapping batches).
    expect((await t.services.ledger.entriesOfLoan(context.loanId)).map((entry) => entry.event)).toEqual([
      'disbursement',
      'fee_charged',
      ...Array.from({ length: 10 }, () => 'daily_accrual'),
      'repayment',
      'repayment',
    ]);
  });

  it('refuses to post outside a unit of work', async () => {
    await expect(t.services.ledger.post(disbursementPosting(newLoan(), 1_000n))).rejects.toThrow(/open unit of work/);
  });

  it('refuses an unbalanced posting before the database, and the database refuses one too', async () => {
    const context = newLoan();
    const good = dailyAccrualPosting(context, { interest: 500n, overdueFee: 0n })!;
    const unbalanced: Posting = { ...good, lines: [good.lines[0]!, { ...good.lines[1]!, credit: 499n }] };
    await expect(inTransaction(() => t.services.ledger.post(unbalanced))).rejects.toThrow(UnbalancedPostingError);
    // Straight to the tables, past the service: the statement trigger refuses the entry.
    const attempt = inTransaction(async () => {
      const [entry] = await t.database.uow.db
        .insert(ledgerEntries)
        .values({ event: 'daily_accrual', key: `raw-${context.loanId}`, loanId: context.loanId, borrowerId: context.borrowerId, businessDate: '2026-03-15', memo: 'raw' })
        .returning({ id: ledgerEntries.id });
      await t.database.uow.db.insert(ledgerLines).values([
        { entryId: entry!.id, accountCode: 'loan_interest', ownerId: context.loanId, debit: 500n, credit: 0n },
        { entryId: entry!.id, accountCode: 'interest_income', ownerId: null, debit: 0n, credit: 499n },
      ]);
    });
    await expect(attempt).rejects.toSatisfy((error: unknown) => sqlState(error) === '23514');
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.key, `raw-${context.loanId}`))).toHaveLength(0);
  });

  it('refuses lines whose entry does not exist, and an entry balanced only across two statements', async () => {
    const context = newLoan();
    const orphan = inTransaction(() =>
      t.database.uow.db.insert(ledgerLines).values([
        { entryId: 987_654_321, accountCode: 'loan_interest', ownerId: context.loanId, debit: 500n, credit: 0n },
        { entryId: 987_654_321, accountCode: 'interest_income', ownerId: null, debit: 0n, credit: 500n },
      ]),
    );
    await expect(orphan).rejects.toSatisfy((error: unknown) => sqlState(error) === '23503');
    // Each statement's lines must balance per entry on their own: the ledger never holds a half-written entry.
    const split = inTransaction(async () => {
      const [entry] = await t.database.uow.db
        .insert(ledgerEntries)
        .values({ event: 'daily_accrual', key: `split-${context.loanId}`, loanId: context.loanId, borrowerId: context.borrowerId, businessDate: '2026-03-15', memo: 'split' })
        .returning({ id: ledgerEntries.id });
      await t.database.uow.db.insert(ledgerLines).values([
        { entryId: entry!.id, accountCode: 'loan_interest', ownerId: context.loanId, debit: 500n, credit: 0n },
        { entryId: entry!.id, accountCode: 'loan_overdue_fee', ownerId: context.loanId, debit: 300n, credit: 0n },
      ]);
      await t.database.uow.db.insert(ledgerLines).values([
        { entryId: entry!.id, accountCode: 'interest_income', ownerId: null, debit: 0n, credit: 500n },
        { entryId: entry!.id, accountCode: 'overdue_fee_income', ownerId: null, debit: 0n, credit: 300n },
      ]);
    });
    await expect(split).rejects.toSatisfy((error: unknown) => sqlState(error) === '23514');
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.key, `split-${context.loanId}`))).toHaveLength(0);
  });

  it('posts an event once: the same key again answers the first entry; other lines under it are refused', async () => {
    const context = newLoan();
    const posting = disbursementPosting(context, 1_500_000n);
    const first = await inTransaction(() => t.services.ledger.post(posting));
    const again = await inTransaction(() => t.services.ledger.post(posting));
    expect(first.created).toBe(true);
    expect(again).toEqual({ key: posting.key, entryId: first.entryId, created: false });
    await expect(inTransaction(() => t.services.ledger.post(disbursementPosting(context, 1_400_000n)))).rejects.toThrow(PostingConflictError);
    // Another key for the same loan's disbursement: the database refuses a second payout.
    await expect(inTransaction(() => t.services.ledger.post({ ...posting, key: `${posting.key}-again` }))).rejects.toSatisfy((error: unknown) => sqlState(error) === '23505');
    expect((await t.services.ledger.loanBalances(context.loanId)).principal).toBe(1_500_000n);
  });

  it('posts the same event from ten parallel units once', async () => {
    const context = newLoan();
    const posting = dailyAccrualPosting(context, { interest: 0n, overdueFee: 900n })!;
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => inTransaction(() => t.services.ledger.post(posting))));
    const fulfilled = results.filter((result) => result.status === 'fulfilled').map((result) => result.value);
    // On PostgreSQL a loser of the race waits for the winner's commit and then sees the key taken.
    expect(fulfilled.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(fulfilled.map((result) => result.entryId)).size).toBe(1);
    expect((await t.services.ledger.loanBalances(context.loanId)).overdueFee).toBe(900n);
  });

  it('posts overlapping batches from parallel units without deadlock, each event once', async () => {
    const loans = Array.from({ length: 40 }, () => newLoan());
    const postings = loans.map((context) => dailyAccrualPosting(context, { interest: 120n, overdueFee: 0n })!);
    const batches = Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? [...postings] : [...postings].reverse()));
    const results = await Promise.all(batches.map((batch) => inTransaction(() => t.services.ledger.postMany(batch))));
    const created = results.flat().filter((result) => result.created);
    expect(created).toHaveLength(40);
    for (const context of loans) expect((await t.services.ledger.loanBalances(context.loanId)).interest).toBe(120n);
  });

  it('posts a large batch (a sweep’s) with statements that never split an entry', async () => {
    // 5,100 entries of 2 and 4 lines: more than one statement's worth of entries and of lines, and a
    // statement's line limit falls inside an entry (the database refuses a statement's unbalanced part).
    const loans = Array.from({ length: 5100 }, () => newLoan());
    const postings = loans.map((context, index) => dailyAccrualPosting(context, { interest: 300n, overdueFee: index % 3 === 0 ? 0n : 450n }));
    const results = await inTransaction(() => t.services.ledger.postMany(postings));
    expect(results).toHaveLength(5100);
    expect(results.every((result) => result.created)).toBe(true);
    expect(await t.services.ledger.loanBalances(loans[5099]!.loanId)).toMatchObject({ interest: 300n, overdueFee: 450n, total: 750n });
  });

  it('rolls the posting back with the caller’s transaction', async () => {
    const context = newLoan();
    await expect(
      inTransaction(async () => {
        await t.services.ledger.post(disbursementPosting(context, 1_000_000n));
        throw new Error('the money change failed');
      }),
    ).rejects.toThrow('the money change failed');
    expect(await t.services.ledger.entriesOfLoan(context.loanId)).toHaveLength(0);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of entries and lines', async () => {
    for (const statement of [
      sql`update ledger_lines set debit = debit + 1 where debit > 0`,
      sql`delete from ledger_lines`,
      sql`update ledger_entries set memo = 'changed'`,
      sql`delete from ledger_entries`,
      sql`truncate ledger_lines, ledger_entries`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toSatisfy((error: unknown) => sqlState(error) === '42501');
    }
  });
});

describe('the balance trigger', () => {
  /** Thrown to roll a test's transaction back (its many entries would slow every later test). */
  class RolledBack extends Error {}

  it('looks a posting’s entries up by their key, however the ledger grew since its plan was made (issue 24’s soak)', async () => {
    const seqScansOfEntries = async () =>
      Number((await executeRows<{ scans: string }>(t.database.uow.db, sql`select pg_stat_get_xact_numscans('ledger_entries'::regclass) as scans`))[0]!.scans);
    let scansByPosting: number | null = null;
    await expect(
      inTransaction(async () => {
        // On one connection, as a pooled server connection lives: postings while the ledger is small
        // (the trigger's plan is made and kept), then the ledger grows. 0022's trigger, planned against
        // a small table, hashed every entry for each posting from then on: 22–28 ms at 30,000, growing.
        for (let n = 0; n < 6; n += 1) await t.services.ledger.post(disbursementPosting(newLoan(), 1_000_000n));
        await t.database.uow.db.execute(
          sql`insert into ledger_entries (event, key, business_date, memo) select 'test_probe', 'test-probe:' || n, '2026-03-15', 'probe' from generate_series(1, 20000) n`,
        );
        const before = await seqScansOfEntries();
        await t.services.ledger.post(disbursementPosting(newLoan(), 1_000_000n));
        await t.services.ledger.post(disbursementPosting(newLoan(), 1_000_000n));
        scansByPosting = (await seqScansOfEntries()) - before;
        throw new RolledBack();
      }),
    ).rejects.toThrow(RolledBack);
    expect(scansByPosting).toBe(0);
  });
});

describe('ledger check', () => {
  it('is for operators with ledger.read only', async () => {
    expect((await checkReport(t.adminBrowser())).statusCode).toBe(401);
    const viewer = await t.operatorSession('viewer');
    expect((await checkReport(viewer.browser)).envelope.code).toBe(ERRORS.OPERATOR_PERMISSION_DENIED.code);
  });

  it('passes on a sound ledger and prints the totals', async () => {
    const response = await checkReport();
    expect(response.statusCode).toBe(200);
    const report = response.envelope.data;
    expect(report.ok).toBe(true);
    expect(report.violations).toEqual([]);
    // The built-in checks first; modules add theirs after (the repayment module's, the order module's).
    expect(report.checks.map((check) => check.name).slice(0, 5)).toEqual(['entries-balance', 'lines-well-formed', 'account-balances', 'trial-balance', 'one-disbursement-per-loan']);
    expect(report.totals.debits).toBe(report.totals.credits);
    expect(report.totals.entries).toBeGreaterThan(5100);
    expect(report.totals.byEvent.disbursement).toBeGreaterThanOrEqual(2);
  });

  it('takes checks other modules add', async () => {
    t.services.ledger.addCheck({ name: 'test-plug-in', description: 'A check a module adds.', run: async () => [{ check: 'test-plug-in', detail: 'order 7 disagrees' }] });
    expect(() => t.services.ledger.addCheck({ name: 'test-plug-in', description: '', run: async () => [] })).toThrow();
    const report = (await checkReport()).envelope.data;
    expect(report.ok).toBe(false);
    expect(report.violations).toEqual([{ check: 'test-plug-in', detail: 'order 7 disagrees' }]);
  });

  it('names an account whose balance is on the wrong side (a receivable repaid twice)', async () => {
    const context = newLoan();
    await inTransaction(() => t.services.ledger.post(disbursementPosting(context, 1_000_000n)));
    await inTransaction(() =>
      t.services.ledger.post(repaymentPosting(context, `twice-${context.loanId}`, { totals: { overdueFee: 0n, fee: 0n, interest: 0n, principal: 1_500_000n }, toCredit: 0n })),
    );
    const report = (await checkReport()).envelope.data;
    expect(report.violations.filter((violation) => violation.check === 'account-balances').map((violation) => violation.detail)).toContain(
      `loan_principal:${context.loanId} has balance -500000 (debit-or-zero)`,
    );
  });

  it('fails when a posting is tampered with behind the triggers’ back', async () => {
    const context = newLoan();
    await inTransaction(() => t.services.ledger.post(disbursementPosting(context, 3_000_000n)));
    // Only someone who can switch the triggers off can do this; the check still sees it.
    await t.database.db.execute(sql`alter table ledger_lines disable trigger user`);
    try {
      await t.database.db.execute(sql`update ledger_lines set credit = 2999999 where owner_id is null and entry_id = (select id from ledger_entries where key = ${`disbursement:${context.loanId}`})`);
    } finally {
      await t.database.db.execute(sql`alter table ledger_lines enable trigger user`);
    }
    const report = (await checkReport()).envelope.data;
    expect(report.ok).toBe(false);
    const failed = report.checks.filter((check) => check.violations > 0).map((check) => check.name);
    expect(failed).toEqual(expect.arrayContaining(['entries-balance', 'trial-balance']));
    expect(report.violations.find((violation) => violation.check === 'entries-balance')!.detail).toContain(`disbursement:${context.loanId}`);
  });
});
