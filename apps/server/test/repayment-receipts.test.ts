import { ADMIN_PATHS, API_PATHS, type RepayableOrder } from '@sen/contract';
import { accrueThrough, addVietnamDays, applyRepayment, loanOutstanding, sumComponents, vietnamDate } from '@sen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, loanRepayments, repaymentReceipts, storedFiles, userMessages } from '../src/db/schema.ts';
import { createBorrower, demoProducts, openLoan, type TestBorrower } from './helpers/loans.ts';
import { sampleJpeg, samplePdf } from './helpers/images.ts';
import { postMultipart } from './helpers/multipart.ts';
import type { AdminResponse, OperatorSession } from './helpers/operators.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Offline repayment (API-FAMILY.md §6.9; docs/decisions/076): the borrower uploads the transfer
 * receipt (imagCert), the order shows 'Repayment processing' (31) meanwhile, an operator approves
 * it with the amount (applied exactly like a transfer, dated at the upload) or rejects it with a
 * note; a receipt is reviewed once, even under concurrent reviews. PGlite and PostgreSQL.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
/** The receipt's reviewer (finance) and the second operator who approves a match (admin; decision 091). */
let maker: OperatorSession;
let checker: OperatorSession;

beforeAll(async () => {
  t = await createTestApp();
  await demoProducts(t);
  maker = await t.operatorSession('finance');
  checker = await t.operatorSession('admin');
});
afterAll(async () => t?.close());

const today = () => vietnamDate(t.clock.now());

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
  const list = await maker.browser.get<ReceiptView[]>(ADMIN_PATHS.receipts);
  expect(list.envelope.code).toBe(200);
  return list.envelope.data.find((receipt) => receipt.orderNo === orderNo)!;
}

/**
 * A review as the back office makes it: a rejection applies at once; a match is proposed by the
 * maker and applied when the checker approves (four eyes). Answers the last response, its data the receipt.
 */
async function review(payload: Record<string, unknown>): Promise<AdminResponse<ReceiptView>> {
  const reviewed = await maker.browser.post<{ receipt: ReceiptView; proposal: { id: number } | null }>(ADMIN_PATHS.receiptReview, payload);
  if (reviewed.envelope.code !== 200 || !reviewed.envelope.data.proposal) return Object.assign(reviewed, { envelope: { ...reviewed.envelope, data: reviewed.envelope.data?.receipt } });
  expect(reviewed.envelope.data.receipt.state).toBe('pending');
  const approved = await checker.browser.post<{ proposal: { result: ReceiptView } }>(ADMIN_PATHS.proposalApprove, { proposalId: reviewed.envelope.data.proposal.id });
  return Object.assign(approved, { envelope: { ...approved.envelope, data: approved.envelope.data?.proposal.result } });
}
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
    // Two reviewers proposing the same match at once: one proposal, the other is told one is waiting.
    const match = { id: receipt.id, approve: true, amount: 400_000 };
    const proposed = await Promise.all([maker.browser.post<{ proposal: { id: number } }>(ADMIN_PATHS.receiptReview, match), checker.browser.post(ADMIN_PATHS.receiptReview, match)]);
    expect(proposed.map((result) => result.envelope.code).sort()).toEqual([200, 6033]);
    const proposalId = (proposed.find((result) => result.envelope.code === 200)!.envelope.data as { proposal: { id: number } }).proposal.id;
    const proposer = proposed[0]!.envelope.code === 200 ? maker : checker;
    // Two other operators approving it at once: it is applied once, the second is told it was decided.
    const approvers = [await t.operatorSession('finance'), await t.operatorSession('admin')].filter((session) => session !== proposer);
    const results = await Promise.all(approvers.map((approver) => approver.browser.post(ADMIN_PATHS.proposalApprove, { proposalId })));
    expect(results.map((result) => result.envelope.code).sort()).toEqual([200, 6031]);
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
    const rejectedList = await maker.browser.get<ReceiptView[]>(ADMIN_PATHS.receipts, { state: 'rejected' });
    expect(rejectedList.envelope.data.map((item) => item.id)).toContain(receipt.id);
  });

  it('operators with receipts.review only: 401 without a session, 403 for a viewer', async () => {
    expect((await t.adminBrowser().get(ADMIN_PATHS.receipts)).statusCode).toBe(401);
    expect((await t.adminBrowser().post(ADMIN_PATHS.receiptReview, { id: 1, approve: false, note: 'x' })).statusCode).toBe(401);
    const viewer = await t.operatorSession('viewer');
    expect((await viewer.browser.post(ADMIN_PATHS.receiptReview, { id: 1, approve: false, note: 'x' })).statusCode).toBe(403);
  });

  it('a match changes nothing before a second operator approves it, and its proposer cannot approve it', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    await upload(borrower, loan.order.id);
    const receipt = await pendingReceiptOf(loan.order.orderNo);
    const proposed = await maker.browser.post<{ proposal: { id: number } }>(ADMIN_PATHS.receiptReview, { id: receipt.id, approve: true, amount: 500_000 });
    expect(proposed.envelope.code).toBe(200);
    expect(await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id))).toHaveLength(0);
    const own = await maker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposed.envelope.data.proposal.id });
    expect(own.envelope.code).toBe(6032);
    expect((await pendingReceiptOf(loan.order.orderNo)).state).toBe('pending');
    expect(await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id))).toHaveLength(0);
  });

  it('a review days later charges no interest for the wait: the payment is dated at the upload', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -3) });
    const uploadedOn = today();
    const payoff = sumComponents(loanOutstanding(accrueThrough(loan.state, uploadedOn).state));
    await upload(borrower, loan.order.id);
    const receipt = await pendingReceiptOf(loan.order.orderNo);
    t.clock.advance(3 * DAY_MS);
    // Operator sessions end after 30 idle minutes: the reviewers sign in again.
    maker = await t.operatorSession('finance');
    checker = await t.operatorSession('admin');
    const approved = await review({ id: receipt.id, approve: true, amount: Number(payoff) });
    expect(approved.envelope.code, approved.body).toBe(200);
    const saved = (await t.services.loans.readLoan(loan.order.id))!;
    expect(saved.order.state).toBe('settled');
    expect(saved.state.accruedThrough).toBe(uploadedOn);
    expect(saved.state.credit).toBe(0n);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });
});
