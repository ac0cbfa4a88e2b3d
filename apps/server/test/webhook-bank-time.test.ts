import { ADMIN_PATHS, type ReconciliationReport, type UnidentifiedTransferView } from '@sen/contract';
import { vietnamDate } from '@sen/domain';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers, loanRepayments, unidentifiedTransfers } from '../src/db/schema.ts';
import { SEPAY_PROVIDER } from '../src/modules/repayment/index.ts';
import { formatBankTime } from '../src/modules/repayment/transfer-matching.ts';
import { createBorrower, openLoan } from './helpers/loans.ts';
import { createLogCapture } from './helpers/log-capture.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * A transfer whose bank time (SePay's transactionDate) cannot be read (decision 127): recorded, not
 * refused (SePay would retry and give up, and the money would be in the account with no record),
 * dated by the time we received it, never by NaN or the epoch; what the bank sent is kept and shown,
 * and the log names it. PGlite and PostgreSQL.
 */
let t: TestApp;
let finance: OperatorSession;
const logs = createLogCapture();

beforeAll(async () => {
  t = await createTestApp({ logStream: logs.stream });
  finance = await t.operatorSession('finance');
  // Receipt times compared to the millisecond.
  t.clock.freeze();
});
afterAll(async () => t?.close());

const transferOf = async (bankId: string | number) => (await t.database.db.select().from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(bankId))))[0]!;
const warningsAbout = (bankId: string | number) =>
  logs.lines
    .map((line) => JSON.parse(line) as { level: number; msg: string; bankTransactionId?: string; transactionDate?: unknown })
    .filter((line) => line.bankTransactionId === String(bankId) && line.msg.includes('bank time'));

describe('a transfer whose bank time cannot be read', () => {
  it('is recorded and held as received (unmatched), its time ours, what the bank sent kept, shown in the queue and logged', async () => {
    const receivedAt = t.clock.now();
    const cases: { sent: string | null | undefined; asSent: string }[] = [
      { sent: '27/11/2026 10:15:00', asSent: '27/11/2026 10:15:00' },
      { sent: '2026-02-30 10:15:00', asSent: '2026-02-30 10:15:00' },
      { sent: '', asSent: '' },
      { sent: null, asSent: '' },
      { sent: undefined, asSent: '' },
    ];
    const bankIds: number[] = [];
    for (const { sent } of cases) {
      const body: Record<string, unknown> = { ...sepayTransfer(t, { content: 'chuyen tien khong ro', transferAmount: 51_000 }), transactionDate: sent };
      if (sent === undefined) delete body.transactionDate;
      const response = await postSepay(t, body);
      expect([response.statusCode, response.json()], `${JSON.stringify(sent)}: ${response.body}`).toEqual([200, { success: true }]);
      bankIds.push(body.id as number);
    }
    for (const [index, { sent, asSent }] of cases.entries()) {
      const row = await transferOf(bankIds[index]!);
      expect(row, JSON.stringify(sent)).toMatchObject({ transactionDate: formatBankTime(receivedAt), bankTimeAsSent: asSent, outcome: 'unmatched', amount: 51_000n });
      const [held] = await t.database.db.select().from(unidentifiedTransfers).where(eq(unidentifiedTransfers.transferId, row.id));
      expect(held?.bankTime.getTime(), JSON.stringify(sent)).toBe(receivedAt.getTime());
      expect(warningsAbout(bankIds[index]!), JSON.stringify(sent)).toEqual([expect.objectContaining({ level: 40, transactionDate: sent ?? null })]);
    }

    const queue = await finance.browser.get<UnidentifiedTransferView[]>(ADMIN_PATHS.unidentifiedTransfers, { state: 'open' });
    expect(queue.envelope.code, queue.body).toBe(200);
    for (const [index, { asSent }] of cases.entries()) {
      const item = queue.envelope.data.find((entry) => entry.providerTransactionId === String(bankIds[index]));
      expect(item).toMatchObject({ transactionDate: formatBankTime(receivedAt), transactionDateAsSent: asSent, amount: 51_000 });
    }
    // A transfer whose time was read says so by null.
    const read = sepayTransfer(t, { content: 'chuyen tien khong ro', transferAmount: 52_000 });
    await postSepay(t, read);
    expect((await transferOf(read.id)).bankTimeAsSent).toBeNull();
    expect(warningsAbout(read.id)).toEqual([]);
    const again = await finance.browser.get<UnidentifiedTransferView[]>(ADMIN_PATHS.unidentifiedTransfers, { state: 'open' });
    expect(again.envelope.data.find((entry) => entry.providerTransactionId === String(read.id))).toMatchObject({ transactionDate: read.transactionDate, transactionDateAsSent: null });

    // The day's report: in the bank's money of the day it was received, held in suspense, no difference between bank and ledger.
    const report = await finance.browser.get<ReconciliationReport>(ADMIN_PATHS.reconciliationReport, { date: vietnamDate(receivedAt) });
    expect(report.envelope.code, report.body).toBe(200);
    const ids = new Set(await Promise.all(bankIds.map(async (bankId) => (await transferOf(bankId)).id)));
    const about = report.envelope.data.differences.filter((entry) => entry.transferId !== null && ids.has(entry.transferId));
    expect(about.map((entry) => [entry.kind, entry.at])).toEqual([...ids].map(() => ['unidentified_held', formatBankTime(receivedAt)]));
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });

  it('pays the loan it names, dated the day it was received, and reconciles on that day', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const receivedAt = t.clock.now();
    const body = { ...sepayTransfer(t, { content: `tra no ${loan.order.orderNo}`, transferAmount: 130_000 }), transactionDate: 'Thu Nov 27 2026' };
    expect((await postSepay(t, body)).json()).toEqual({ success: true });
    const row = await transferOf(body.id);
    expect(row).toMatchObject({ outcome: 'matched', transactionDate: formatBankTime(receivedAt), bankTimeAsSent: 'Thu Nov 27 2026' });
    const repayments = await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id));
    expect(repayments.map((repayment) => [repayment.amount, repayment.businessDate])).toEqual([[130_000n, vietnamDate(receivedAt)]]);
    const report = await finance.browser.get<ReconciliationReport>(ADMIN_PATHS.reconciliationReport, { date: vietnamDate(receivedAt) });
    expect(report.envelope.data.differences.filter((entry) => entry.transferId === row.id)).toEqual([]);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });

  it('recorded before decision 127 with the bank\'s text as its date, is dated by its receipt by migration 0043, the text kept', async () => {
    const migration = readFileSync(new URL('../drizzle/0043_bank_time_as_sent.sql', import.meta.url), 'utf8');
    const update = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE'))!;
    const receivedAt = new Date('2026-11-26T17:30:05.123Z'); // 00:30:05 on 27 November in Vietnam
    const legacy = async (transactionDate: string) =>
      (
        await t.database.db
          .insert(bankTransfers)
          .values({ provider: SEPAY_PROVIDER, providerTransactionId: String(Date.now()) + transactionDate.length, gateway: 'MBBank', transactionDate, accountNumber: t.config.collection.accountNumber, content: 'cu', transferType: 'in', amount: 10_000n, outcome: 'unmatched', raw: { transactionDate }, receivedAt })
          .returning()
      )[0]!;
    const unreadable = await legacy('27/11/2026 00:29:59');
    const readable = await legacy('2026-11-27 00:29:59');
    const withT = await legacy('2026-11-27T00:29');
    await t.database.db.execute(sql.raw(update));
    const after = async (id: number) => (await t.database.db.select().from(bankTransfers).where(eq(bankTransfers.id, id)))[0]!;
    expect(await after(unreadable.id)).toMatchObject({ transactionDate: '2026-11-27 00:30:05', bankTimeAsSent: '27/11/2026 00:29:59' });
    expect(await after(readable.id)).toMatchObject({ transactionDate: '2026-11-27 00:29:59', bankTimeAsSent: null });
    expect(await after(withT.id)).toMatchObject({ transactionDate: '2026-11-27T00:29', bankTimeAsSent: null });
  });
});
