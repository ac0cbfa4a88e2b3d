import { ADMIN_PATHS, API_PATHS, type RepayQuote } from '@sen/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers, ledgerEntries, loanRepayments } from '../src/db/schema.ts';
import type { LoadedLoan } from '../src/modules/loan/index.ts';
import { createBorrower, openLoan, type TestBorrower } from './helpers/loans.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The collection account's transfer webhook in SePay's format (issue 12; docs/decisions/076):
 * the key, the exact answer, one posting however often and however concurrently a transfer
 * arrives, and transfers that post nothing (money out, another account, no repayment named).
 * Runs on PGlite and PostgreSQL; on PostgreSQL the parallel deliveries are real concurrent
 * transactions.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function loanWithQuote(options: { principal?: bigint; planNums?: number } = {}): Promise<{ borrower: TestBorrower; loan: LoadedLoan; quote: RepayQuote }> {
  const borrower = await createBorrower(t);
  const loan = await openLoan(t, borrower, { principal: options.principal ?? 3_000_000n, planNums: options.planNums ?? 1 });
  const response = await t.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: borrower.token, payload: { orderNoList: [loan.order.orderNo] } });
  expect(response.envelope.code, response.body).toBe(200);
  return { borrower, loan, quote: response.envelope.data };
}

async function transferRow(id: number | string) {
  const rows = await t.database.db.select().from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(id)));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0] ?? null;
}

const repaymentsOf = (orderId: number) => t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, orderId));
const repaymentEntriesOf = (orderId: number) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.event, 'repayment'), eq(ledgerEntries.loanId, String(orderId)), like(ledgerEntries.key, 'repayment:%')));

async function expectLedgerOk() {
  const report = await t.services.ledger.check();
  expect(report.violations).toEqual([]);
  expect(report.checks.map((check) => check.name)).toEqual(expect.arrayContaining(['repayments-posted', 'credit-held-posted']));
}

describe('the webhook key', () => {
  it('refuses a wrong, missing or differently written key with WEBHOOK_KEY_INVALID (401), before reading the body, and records nothing', async () => {
    const body = sepayTransfer(t);
    for (const key of ['wrong-key-wrong-key-wrong-key', null]) {
      const response = await postSepay(t, body, key);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 2709, data: null });
    }
    const bearer = await t.app.inject({ method: 'POST', url: API_PATHS.sepayWebhook, headers: { 'content-type': 'application/json', authorization: `Bearer ${t.config.repayment.webhookKey}` }, payload: JSON.stringify(body) });
    expect(bearer.statusCode).toBe(401);
    // A caller without the key learns nothing about the schema: 401, not a validation message.
    const garbage = await postSepay(t, { nonsense: true }, 'wrong-key-wrong-key-wrong-key');
    expect(garbage.statusCode).toBe(401);
    expect(await transferRow(body.id)).toBeNull();
  });

  it('answers exactly {"success":true} (HTTP 200, no envelope) once a transfer is recorded; a bad body with the key is a 400 envelope', async () => {
    const body = sepayTransfer(t, { content: 'tien an trua' });
    const response = await postSepay(t, body);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).toBe('{"success":true}');
    expect(await transferRow(body.id)).toMatchObject({ outcome: 'unmatched', amount: 100_000n });
    const bad = await postSepay(t, { ...body, id: 'not-a-number', transferAmount: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400 });
  });

  it('accepts the key however the scheme is cased (SePay writes "Apikey")', async () => {
    const body = sepayTransfer(t);
    const response = await t.app.inject({ method: 'POST', url: API_PATHS.sepayWebhook, headers: { 'content-type': 'application/json', authorization: `APIKEY ${t.config.repayment.webhookKey}` }, payload: JSON.stringify(body) });
    expect(response.body).toBe('{"success":true}');
  });
});

describe('a transfer posts once', () => {
  it('replayed 10 times in parallel, then 3 more times: one transfer row, one repayment, one posting; the loan is settled once', async () => {
    const { borrower, loan, quote } = await loanWithQuote();
    const body = sepayTransfer(t, { content: `MBVCB.1234.NGUYEN VAN A chuyen tien ${quote.transferContent}.CT tu 0123`, transferAmount: quote.amount });
    const parallel = await Promise.all(Array.from({ length: 10 }, () => postSepay(t, body)));
    for (const response of parallel) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toBe('{"success":true}');
    }
    for (let again = 0; again < 3; again += 1) expect((await postSepay(t, body)).body).toBe('{"success":true}');

    expect(await transferRow(body.id)).toMatchObject({ outcome: 'matched', userId: borrower.userId, repaymentRequestId: quote.requestId });
    const repayments = await repaymentsOf(loan.order.id);
    expect(repayments).toHaveLength(1);
    expect(repayments[0]!.amount).toBe(BigInt(quote.amount));
    expect(await repaymentEntriesOf(loan.order.id)).toHaveLength(1);
    const saved = (await t.services.loans.readLoan(loan.order.id))!;
    expect(saved.order.state).toBe('settled');
    expect((await t.services.ledger.loanBalances(String(loan.order.id))).total).toBe(0n);
    expect(await t.services.ledger.borrowerCredit(borrower.userId)).toBe(0n);
    expect((await t.services.credit.account(borrower.userId))?.usedAmount).toBe(0n);
    await expectLedgerOk();
  });

  it('a transfer id is the bank\'s number: resent as "0900000123" after 900000123 (or as text) it posts nothing more', async () => {
    const { loan, quote } = await loanWithQuote({ principal: 5_000_000n });
    const id = 900_000_000 + Math.floor(Math.random() * 99_999_999);
    const body = sepayTransfer(t, { id, content: quote.transferContent, transferAmount: 200_000 });
    for (const written of [id, `0${id}`, `${id}`, `000${id}`]) {
      const response = await postSepay(t, { ...body, id: written });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await transferRow(id)).toMatchObject({ outcome: 'matched' });
    expect(await repaymentsOf(loan.order.id)).toHaveLength(1);
    expect(await repaymentEntriesOf(loan.order.id)).toHaveLength(1);
    await expectLedgerOk();
  });

  it('different transfers for one loan at the same moment all apply, each once (no lost update, no deadlock)', async () => {
    const { borrower, loan, quote } = await loanWithQuote({ principal: 5_000_000n });
    const bodies = Array.from({ length: 5 }, () => sepayTransfer(t, { content: quote.transferContent, transferAmount: 200_000 }));
    const responses = await Promise.all(bodies.map((body) => postSepay(t, body)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const repayments = await repaymentsOf(loan.order.id);
    expect(repayments).toHaveLength(5);
    const paid = (await t.services.loans.readLoan(loan.order.id))!.instalments.reduce((sum, row) => sum + row.paidPrincipal + row.paidInterest + row.paidFee + row.paidOverdueFee, 0n);
    expect(paid).toBe(1_000_000n);
    const status = await t.post<{ status: string; paidAmount: number }>(API_PATHS.repayStatus, { token: borrower.token, payload: { requestId: quote.requestId } });
    expect(status.envelope.data).toMatchObject({ status: 'partly_paid', paidAmount: 1_000_000 });
    await expectLedgerOk();
  });
});

describe('transfers that post nothing to a loan are kept for operators', () => {
  it('money out of the account, another account, no repayment named, a mistyped code: recorded with the outcome, nothing posted', async () => {
    const { loan, quote } = await loanWithQuote();
    const wrongCheck = `${quote.transferContent.slice(0, -1)}${quote.transferContent.endsWith('A') ? 'B' : 'A'}`;
    const cases = [
      [sepayTransfer(t, { content: quote.transferContent, transferAmount: quote.amount, transferType: 'out' }), 'outgoing'],
      [sepayTransfer(t, { content: quote.transferContent, transferAmount: quote.amount, accountNumber: '9999888877' }), 'foreign_account'],
      [sepayTransfer(t, { content: 'tra tien hang thang 11', transferAmount: quote.amount }), 'unmatched'],
      [sepayTransfer(t, { content: `chuyen tien ${wrongCheck}`, transferAmount: quote.amount }), 'unmatched'],
      [sepayTransfer(t, { content: quote.transferContent, transferAmount: 0 }), 'unmatched'],
    ] as const;
    for (const [body, outcome] of cases) {
      expect((await postSepay(t, body)).body).toBe('{"success":true}');
      expect(await transferRow(body.id), outcome).toMatchObject({ outcome, repaymentRequestId: null, userId: null });
    }
    expect(await repaymentsOf(loan.order.id)).toHaveLength(0);
    expect(await repaymentEntriesOf(loan.order.id)).toHaveLength(0);
    expect((await t.services.loans.readLoan(loan.order.id))!.order.state).toBe('repaying');

    const finance = await t.operatorSession('finance');
    const unmatched = await finance.browser.get<Array<{ providerTransactionId: string; outcome: string; amount: number }>>(ADMIN_PATHS.transfers);
    expect(unmatched.envelope.code).toBe(200);
    const ids = unmatched.envelope.data.map((row) => row.providerTransactionId);
    expect(ids).toEqual(expect.arrayContaining([String(cases[2][0].id), String(cases[3][0].id)]));
    expect(unmatched.envelope.data.every((row) => row.outcome === 'unmatched')).toBe(true);
    const outgoing = await finance.browser.get<Array<{ providerTransactionId: string }>>(ADMIN_PATHS.transfers, { outcome: 'outgoing' });
    expect(outgoing.envelope.data.map((row) => row.providerTransactionId)).toContain(String(cases[0][0].id));
    const refused = await t.adminBrowser().get(ADMIN_PATHS.transfers);
    expect(refused.statusCode).toBe(401);
    await expectLedgerOk();
  });
});

describe('matching the content', () => {
  it('finds the code however the bank writes it: lower-case, split by spaces or dashes, in SePay’s `code` field only', async () => {
    const { loan, quote } = await loanWithQuote({ principal: 6_000_000n });
    const code = quote.transferContent;
    const writings = [
      { content: `${code.toLowerCase()} ck` },
      { content: `IBFT ${code.slice(0, 5)}-${code.slice(5, 9)} ${code.slice(9)}` },
      { content: `Ma GD ${code.slice(0, 3)}.${code.slice(3)}` },
      { content: 'thanh toan', code },
    ];
    for (const writing of writings) {
      const body = sepayTransfer(t, { transferAmount: 50_000, ...writing });
      expect((await postSepay(t, body)).body).toBe('{"success":true}');
      expect(await transferRow(body.id), JSON.stringify(writing)).toMatchObject({ outcome: 'matched', repaymentRequestId: quote.requestId });
    }
    expect(await repaymentsOf(loan.order.id)).toHaveLength(writings.length);
    await expectLedgerOk();
  });

  it('without a request code, the order number in the content (the offline memo) names the order', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const body = sepayTransfer(t, { content: `NGUYEN VAN A ${loan.order.orderNo}`, transferAmount: 300_000 });
    expect((await postSepay(t, body)).body).toBe('{"success":true}');
    expect(await transferRow(body.id)).toMatchObject({ outcome: 'matched', userId: borrower.userId, repaymentRequestId: null });
    const repayments = await repaymentsOf(loan.order.id);
    expect(repayments.map((row) => [row.source, row.amount])).toEqual([[`transfer:${(await transferRow(body.id))!.id}`, 300_000n]]);
    await expectLedgerOk();
  });

  it('an order number of a loan not paid out yet is not a match', async () => {
    const body = sepayTransfer(t, { content: 'SEN26010112345678 tra no' });
    expect((await postSepay(t, body)).body).toBe('{"success":true}');
    expect(await transferRow(body.id)).toMatchObject({ outcome: 'unmatched' });
  });
});
