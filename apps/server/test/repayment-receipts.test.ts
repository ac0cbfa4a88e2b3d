import { API_PATHS, type RepayableOrder } from '@sen/contract';
import { accrueThrough, addVietnamDays, applyRepayment, loanOutstanding, sumComponents, vietnamDate } from '@sen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, loanRepayments, repaymentReceipts, storedFiles, userMessages } from '../src/db/schema.ts';
import { createBorrower, demoProducts, openLoan, type TestBorrower } from './helpers/loans.ts';
import { sampleJpeg, samplePdf } from './helpers/images.ts';
import { postMultipart } from './helpers/multipart.ts';
import { createTestApp, type CallOptions, type TestApp } from './helpers/test-app.ts';

/*
 * Offline repayment (API-FAMILY.md §6.9; docs/decisions/076): the borrower uploads the transfer
 * receipt (imagCert), the order shows 'Repayment processing' (31) meanwhile, an operator approves
 * it with the amount (applied exactly like a transfer, dated at the upload) or rejects it with a
 * note; a receipt is reviewed once, even under concurrent reviews. PGlite and PostgreSQL.
 */
const OPERATOR_TOKEN = 'operator-token-for-receipt-tests-0123456789';
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, operatorToken: OPERATOR_TOKEN }) });
  await demoProducts(t);
});
afterAll(async () => t?.close());

const today = () => vietnamDate(t.clock.now());
const operator: CallOptions = { skipDefaultParams: true, sign: false, headers: { 'x-operator-token': OPERATOR_TOKEN } };

interface ReceiptView {
  id: number;
  orderNo: string;
  state: string;
  amount: number | null;
  pictureUrl: string;
  outstandingAmount: number;
  reviewNote: string | null;
}

async function upload(borrower: TestBorrower, orderId: number, extra: Record<string, string> = {}, file?: Buffer) {
  return postMultipart<null>(t, API_PATHS.uploadCert, {
    token: borrower.token,
    lang: 'en',
    fields: { orderId: String(orderId), repayInfoId: String(borrower.accountId), repayType: '1', ...extra },
    files: { imagCert: { data: file ?? (await sampleJpeg({ exif: false })) } },
  });
}

async function pendingReceiptOf(orderNo: string): Promise<ReceiptView> {
  const list = await t.get<ReceiptView[]>(API_PATHS.operatorReceipts, operator);
  expect(list.envelope.code).toBe(200);
  return list.envelope.data.find((receipt) => receipt.orderNo === orderNo)!;
}

const review = (payload: Record<string, unknown>) => t.post<ReceiptView>(API_PATHS.operatorReceiptReview, { ...operator, payload, lang: 'en' });
const statusOf = async (borrower: TestBorrower) => (await t.post<RepayableOrder[]>(API_PATHS.multipleOrderList, { token: borrower.token })).envelope.data[0]?.orderStatus;

describe('the repayment messages', () => {
  it('render in every language with their parameters filled in', async () => {
    const borrower = await createBorrower(t);
    const cases = [
      ['repaymentReceived', { orderNo: 'SEN26111512345678', amount: 1_000_000, remaining: 2_016_000 }, ['1,000,000 VND', '2,016,000 VND']],
      ['loanSettled', { orderNo: 'SEN26111512345678', amount: 3_016_000 }, ['3,016,000 VND']],
      ['creditLimitRaised', { creditLimit: 22_000_000 }, ['22,000,000 VND']],
      ['repaymentCreditHeld', { orderNo: 'SEN26111512345678', amount: 123_456 }, ['123,456 VND']],
      ['repaymentReceiptRejected', { orderNo: 'SEN26111512345678' }, []],
    ] as const;
    for (const language of ['en', 'vn', 'zh'] as const) {
      for (const [template, params, amounts] of cases) {
        const { id } = await t.services.messages.notify(borrower.userId, template, params as never, { eventKey: `${template}:${language}`, language });
        const [row] = await t.database.db.select().from(userMessages).where(eq(userMessages.id, id));
        expect(`${row?.theme} ${row?.content}`, `${template} ${language}`).not.toMatch(/[{}]/);
        if ('orderNo' in params) expect(row?.content).toContain('SEN26111512345678');
        if (language === 'en') for (const amount of amounts) expect(row?.content).toContain(amount);
        if (language === 'vn') for (const amount of amounts) expect(row?.content).toContain(amount.replaceAll(',', '.'));
      }
    }
  });
});

describe('uploading a receipt', () => {
  it('stores the picture through the upload pipeline as a pending receipt; the order shows 31 until it is reviewed', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    expect(await statusOf(borrower)).toBe(30);
    const response = await upload(borrower, loan.order.id);
    expect(response.envelope, response.body).toMatchObject({ code: 200, data: null });
    const [receipt] = await t.database.db.select().from(repaymentReceipts).where(eq(repaymentReceipts.orderId, loan.order.id));
    expect(receipt).toMatchObject({ userId: borrower.userId, state: 'pending', repayInfoId: borrower.accountId, repayType: 1, amount: null });
    const [file] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, receipt!.fileId));
    expect(file).toMatchObject({ userId: borrower.userId, purpose: 'repayment_receipt', contentType: 'image/jpeg' });
    expect(await statusOf(borrower)).toBe(31);

    const view = await pendingReceiptOf(loan.order.orderNo);
    expect(view).toMatchObject({ id: receipt!.id, state: 'pending', amount: null, outstandingAmount: Number(sumComponents(loanOutstanding(accrueThrough(loan.state, today()).state))) });
    // The reviewer opens the picture with the link alone (no borrower session).
    const picture = await t.app.inject({ method: 'GET', url: view.pictureUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses another’s order, an account not the borrower’s, no picture, a PDF, and an order with nothing to repay', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const other = await createBorrower(t);
    const theirs = await upload(other, loan.order.id);
    expect(theirs.envelope).toMatchObject({ code: 2701 });
    const foreignAccount = await upload(borrower, loan.order.id, { repayInfoId: String(other.accountId) });
    expect(foreignAccount.envelope).toMatchObject({ code: 400, message: 'Receiving account not found' });
    const noPicture = await postMultipart(t, API_PATHS.uploadCert, { token: borrower.token, fields: { orderId: String(loan.order.id) } });
    expect(noPicture.envelope.code).not.toBe(200);
    const pdf = await upload(borrower, loan.order.id, {}, samplePdf());
    expect(pdf.envelope).toMatchObject({ message: 'Upload failed: only JPEG, PNG or WebP images are accepted' });
    expect(await t.database.db.select().from(repaymentReceipts).where(eq(repaymentReceipts.orderId, loan.order.id))).toEqual([]);
    // The family sends repayInfoId 0 when none was chosen: accepted, nothing recorded for it.
    expect((await upload(borrower, loan.order.id, { repayInfoId: '0', repayType: '0' })).envelope.code).toBe(200);
  });
});

describe('reviewing a receipt', () => {
  it('approve with the amount: applied like a transfer (source receipt:<id>), dated at the upload; reviewed once', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 3_000_000n, planNums: 1, startDate: addVietnamDays(today(), -5) });
    await upload(borrower, loan.order.id);
    const receipt = await pendingReceiptOf(loan.order.orderNo);
    const uploadedOn = today();

    const noAmount = await review({ id: receipt.id, approve: true });
    expect(noAmount.envelope).toMatchObject({ code: 400, message: 'Enter the amount the bank statement shows to approve the receipt' });
    const approved = await review({ id: receipt.id, approve: true, amount: 1_000_000, note: 'VCB statement 15/11' });
    expect(approved.envelope.data).toMatchObject({ id: receipt.id, state: 'approved', amount: 1_000_000, reviewNote: 'VCB statement 15/11' });

    const [row] = await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id));
    expect(row).toMatchObject({ source: `receipt:${receipt.id}`, amount: 1_000_000n, businessDate: uploadedOn });
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.key, `repayment:receipt-${receipt.id}:${loan.order.id}`));
    expect(entries).toHaveLength(1);
    const expected = applyRepayment(accrueThrough(loan.state, uploadedOn).state, 1_000_000n).state;
    expect((await t.services.loans.readLoan(loan.order.id))!.state.instalments).toEqual(expected.instalments);
    expect(await statusOf(borrower)).toBe(30);

    const again = await review({ id: receipt.id, approve: false, note: 'duplicate' });
    expect(again.statusCode).toBe(409);
    expect(again.envelope).toMatchObject({ code: 2710, message: 'This receipt has already been reviewed' });
    expect((await review({ id: 987_654_321, approve: false, note: 'x' })).statusCode).toBe(404);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });

  it('two operators approving at once: one applies, the other is told it was reviewed', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 3_000_000n, planNums: 1 });
    await upload(borrower, loan.order.id);
    const receipt = await pendingReceiptOf(loan.order.orderNo);
    const results = await Promise.all([review({ id: receipt.id, approve: true, amount: 400_000 }), review({ id: receipt.id, approve: true, amount: 400_000 })]);
    expect(results.map((result) => result.envelope.code).sort()).toEqual([200, 2710]);
    expect(await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id))).toHaveLength(1);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });

  it('reject needs a note; a rejection posts nothing, messages the borrower and the order is back to 30', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    await upload(borrower, loan.order.id);
    const receipt = await pendingReceiptOf(loan.order.orderNo);
    const noNote = await review({ id: receipt.id, approve: false, note: '  ' });
    expect(noNote.envelope).toMatchObject({ code: 400, message: 'Give the borrower a reason to reject the receipt' });
    const rejected = await review({ id: receipt.id, approve: false, note: 'No such transfer on the statement' });
    expect(rejected.envelope.data).toMatchObject({ state: 'rejected', amount: null, reviewNote: 'No such transfer on the statement' });
    expect(await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id))).toHaveLength(0);
    expect(await statusOf(borrower)).toBe(30);
    const messages = await t.database.db.select().from(userMessages).where(eq(userMessages.userId, borrower.userId));
    expect(messages.map((message) => message.template)).toContain('repaymentReceiptRejected');
    const rejectedList = await t.get<ReceiptView[]>(API_PATHS.operatorReceipts, { ...operator, payload: { state: 'rejected' } });
    expect(rejectedList.envelope.data.map((item) => item.id)).toContain(receipt.id);
  });

  it('operators only: without the token 403', async () => {
    expect((await t.get(API_PATHS.operatorReceipts, { skipDefaultParams: true, sign: false })).statusCode).toBe(403);
    expect((await t.post(API_PATHS.operatorReceiptReview, { skipDefaultParams: true, sign: false, payload: { id: 1, approve: false, note: 'x' } })).statusCode).toBe(403);
  });

  it('a review days later charges no interest for the wait: the payment is dated at the upload', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -3) });
    const uploadedOn = today();
    const payoff = sumComponents(loanOutstanding(accrueThrough(loan.state, uploadedOn).state));
    await upload(borrower, loan.order.id);
    const receipt = await pendingReceiptOf(loan.order.orderNo);
    t.clock.advance(3 * DAY_MS);
    const approved = await review({ id: receipt.id, approve: true, amount: Number(payoff) });
    expect(approved.envelope.code, approved.body).toBe(200);
    const saved = (await t.services.loans.readLoan(loan.order.id))!;
    expect(saved.order.state).toBe('settled');
    expect(saved.state.accruedThrough).toBe(uploadedOn);
    expect(saved.state.credit).toBe(0n);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });
});
