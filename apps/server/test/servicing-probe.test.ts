import { ADMIN_PATHS, API_PATHS, ERRORS, MAX_TRANSFER_VND, STATEMENT_COLUMNS, type ProposalView, type RepayQuote, type RepayStatus, type StatementImportResult } from '@sen/contract';
import { vietnamDate } from '@sen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers, proposals } from '../src/db/schema.ts';
import { createBorrower, openLoan } from './helpers/loans.ts';
import { createLogCapture } from './helpers/log-capture.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * What an outside probe of issue 23's money paths found (audit-23): malformed input that was taken
 * as if it were valid. Each test failed before its fix.
 */

let t: TestApp;
let maker: OperatorSession;

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.operatorSession('finance');
});
afterAll(async () => t?.close());

const transferRows = (bankId: number | string) => t.database.db.select().from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(bankId)));

describe('a bank transfer of an impossible amount', () => {
  it('the webhook refuses an amount above MAX_TRANSFER_VND (400) and records nothing; the request it named still answers', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const quote = (await t.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: borrower.token, payload: { orderNoList: [loan.order.orderNo] } })).envelope.data;
    for (const amount of [Number.MAX_SAFE_INTEGER, MAX_TRANSFER_VND + 1]) {
      const body = sepayTransfer(t, { content: `NGUYEN VAN A ${quote.transferContent}`, transferAmount: amount });
      const response = await postSepay(t, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code });
      expect(await transferRows(body.id as number)).toEqual([]);
    }
    // Before: 9,007,199,254,740,991 VND was applied; the request's paid amount then passed the
    // safe integers and repay/status (and the daily report, and a refund of the credit) failed.
    const status = await t.post<RepayStatus>(API_PATHS.repayStatus, { token: borrower.token, payload: { requestId: quote.requestId } });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.envelope.data).toMatchObject({ status: 'open', paidAmount: 0 });
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });

  it('a statement row of such an amount is listed as invalid in transferAmount; the file is still read (no 500) and nothing is proposed for it', async () => {
    const bankId = 770_000_000 + Math.floor(Math.random() * 1_000_000);
    const row = {
      id: bankId,
      gateway: 'MBBank',
      transactionDate: `${vietnamDate(t.clock.now())} 09:00:00`,
      accountNumber: t.config.collection.accountNumber,
      code: '',
      content: 'chuyen tien',
      transferType: 'in',
      transferAmount: Number.MAX_SAFE_INTEGER,
      accumulated: 0,
      referenceCode: '',
      description: '',
    };
    const file = Buffer.from([STATEMENT_COLUMNS.join(','), STATEMENT_COLUMNS.map((name) => String(row[name])).join(',')].join('\r\n'));
    const response = await maker.browser.upload<StatementImportResult>(ADMIN_PATHS.statementImport, { fileName: 'huge.csv' }, { statement: { data: file, filename: 'huge.csv', contentType: 'text/csv' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.envelope.data).toMatchObject({ rows: 1, proposed: 0, proposedAmount: 0, proposal: null, errors: [{ row: 2, problem: 'invalid', field: 'transferAmount', transactionId: String(bankId) }] });
    expect(await transferRows(bankId)).toEqual([]);
  });
});

describe('an id in a back-office money call', () => {
  it('only a number or its digits name an order: true, [id], "1e3" are refused (400), no proposal is made', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const owed = 2_500_000;
    await postSepay(t, sepayTransfer(t, { content: `tra no ${loan.order.orderNo}`, transferAmount: owed }));
    const before = (await t.database.db.select().from(proposals)).length;
    // `true` coerced to order 1 and `[id]` to the id: a refund of whichever order that was got proposed.
    for (const orderId of [true, [loan.order.id], '1e3', '', null]) {
      for (const path of [ADMIN_PATHS.refundPropose, ADMIN_PATHS.writeOffPropose, ADMIN_PATHS.payoutCancelPropose]) {
        const response = await maker.browser.post<{ proposal: ProposalView }>(path, { orderId, reason: 'probe: malformed id' });
        expect([response.statusCode, response.envelope.code], `${path} ${JSON.stringify(orderId)}: ${response.body}`).toEqual([400, ERRORS.VALIDATION_FAILED.code]);
      }
    }
    expect((await t.database.db.select().from(proposals)).length).toBe(before);
    // The order's id as a number or as its digits still names it.
    const asText = await maker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.refundPropose, { orderId: String(loan.order.id), reason: 'probe: id as text' });
    expect(asText.envelope.code, asText.body).toBe(200);
    expect(asText.envelope.data.proposal.payload).toMatchObject({ orderId: loan.order.id });
  });
});

describe('the terms of a restructure offer', () => {
  it('are numbers or their digits: true, [3], null are refused (400) before any rule is read, as they were coerced to 1, 3 and 0', async () => {
    const collector = await t.operatorSession('collector');
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const terms = { orderId: loan.order.id, planNums: 3, periodDays: 30, reason: 'probe: malformed terms' };
    for (const change of [{ planNums: true }, { planNums: [3] }, { periodDays: [30] }, { waiveInterest: true }, { waiveOverdueFee: null }, { waiveInterest: '1e3' }]) {
      const response = await collector.browser.post(ADMIN_PATHS.restructurePropose, { ...terms, ...change });
      expect([response.statusCode, response.envelope.code], `${JSON.stringify(change)}: ${response.body}`).toEqual([400, ERRORS.VALIDATION_FAILED.code]);
    }
    // Well-formed terms (a number, or its digits as a query string would carry them) are proposed.
    const wellFormed = await collector.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.restructurePropose, { ...terms, waiveInterest: '0' });
    expect(wellFormed.envelope.code, wellFormed.body).toBe(200);
    expect(wellFormed.envelope.data.proposal.payload).toMatchObject({ orderId: loan.order.id, planNums: 3, periodDays: 30, waiveInterest: 0, waiveOverdueFee: 0 });
  });
});

describe('a transfer resent with another amount', () => {
  it('changes nothing and answers success as any resend does, but is logged as a conflict (it was silent)', async () => {
    const logs = createLogCapture();
    const logged = await createTestApp({ logStream: logs.stream });
    try {
      const first = sepayTransfer(logged, { content: 'chuyen tien khong ro', transferAmount: 120_000 });
      expect((await postSepay(logged, first)).statusCode).toBe(200);
      const same = await postSepay(logged, { ...first, id: `0${first.id}` });
      expect(same.json()).toEqual({ success: true });
      expect(logs.lines.filter((line) => line.includes('resent with another amount'))).toEqual([]);
      const other = await postSepay(logged, { ...first, transferAmount: 1_120_000 });
      expect(other.json()).toEqual({ success: true });
      const warnings = logs.lines.map((line) => JSON.parse(line) as { level: number; msg: string; bankTransactionId?: string; recorded?: { amount: string }; reported?: { amount: number } }).filter((line) => line.msg.includes('resent with another amount'));
      expect(warnings).toEqual([expect.objectContaining({ level: 40, bankTransactionId: String(first.id), recorded: expect.objectContaining({ amount: '120000' }), reported: expect.objectContaining({ amount: 1_120_000 }) })]);
      const rows = await logged.database.db.select().from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(first.id)));
      expect(rows.map((row) => row.amount)).toEqual([120_000n]);
      expect((await logged.services.ledger.check()).violations).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('a statement file far over the limit', () => {
  it('answers STATEMENT_TOO_LARGE as one just over 2 MB does, not the image refusal the multipart limit gave (UPLOAD_TOO_LARGE is not in its catalogue)', async () => {
    for (const bytes of [3 * 1024 * 1024, 30 * 1024 * 1024]) {
      const file = Buffer.concat([Buffer.from(`${STATEMENT_COLUMNS.join(',')}\r\n`), Buffer.alloc(bytes, 'x')]);
      const response = await maker.browser.upload(ADMIN_PATHS.statementImport, { fileName: 'big.csv' }, { statement: { data: file, filename: 'big.csv', contentType: 'text/csv' } });
      expect([response.statusCode, response.envelope?.code], `${bytes}: ${response.body}`).toEqual([ERRORS.STATEMENT_TOO_LARGE.httpStatus, ERRORS.STATEMENT_TOO_LARGE.code]);
    }
  });
});
