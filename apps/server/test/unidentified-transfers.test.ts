import { ADMIN_PATHS, API_PATHS, ERRORS, type ProposalView, type RepayQuote, type UnidentifiedTransferView } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers, ledgerEntries, loanRepayments, repaymentRequests, unidentifiedTransfers } from '../src/db/schema.ts';
import { randomIdNumber, savePersonalData } from './helpers/borrowers.ts';
import { createBorrower, openLoan } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The unmatched queue (issue 23 item 2; decision 114): money in that names no repayment is held in
 * suspense, once however often the bank reports it; matching it to a loan or returning it needs a
 * second operator, and a match applies it once, as the transfer's own repayment would have been.
 * PGlite and PostgreSQL.
 */

let t: TestApp;
let maker: OperatorSession;
let checker: OperatorSession;
let secondChecker: OperatorSession;

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.operatorSession('finance');
  checker = await t.operatorSession('admin');
  secondChecker = await t.operatorSession('finance');
});
afterAll(async () => t?.close());

const balance = (code: string) => t.services.ledger.balance({ code: code as never, owner: null });
const expectLedgerOk = async () => expect((await t.services.ledger.check()).violations).toEqual([]);
const queueRow = async (transferId: number) => (await t.database.db.select().from(unidentifiedTransfers).where(eq(unidentifiedTransfers.transferId, transferId)))[0];
const transferOf = async (providerId: string | number) => (await t.database.db.select().from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(providerId))))[0]!;
const queue = async (state: string = 'open') => (await maker.browser.get<UnidentifiedTransferView[]>(ADMIN_PATHS.unidentifiedTransfers, { state })).envelope.data;

/** Money in whose content names nothing of ours. */
async function unidentified(amount: number, content = 'chuyen tien') {
  const body = sepayTransfer(t, { content, transferAmount: amount });
  const response = await postSepay(t, body);
  expect(response.statusCode, response.body).toBe(200);
  return { body, transfer: await transferOf(body.id) };
}

describe('the unmatched queue', { timeout: 60_000 }, () => {
  it('holds money that names no repayment in suspense, once however often it is reported', async () => {
    const suspenseBefore = await balance('unidentified_receipts');
    const bankBefore = await balance('collection_bank');
    const { body, transfer } = await unidentified(321_000);
    expect(transfer.outcome).toBe('unmatched');
    expect(await queueRow(transfer.id)).toMatchObject({ amount: 321_000n, state: 'open' });
    expect(await balance('unidentified_receipts')).toBe(suspenseBefore - 321_000n);
    expect(await balance('collection_bank')).toBe(bankBefore + 321_000n);

    // The bank reports it again, twice at once: nothing more.
    const again = await Promise.all([postSepay(t, body), postSepay(t, body)]);
    expect(again.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await balance('unidentified_receipts')).toBe(suspenseBefore - 321_000n);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.key, `unidentified:transfer-${transfer.id}`))).toHaveLength(1);
    expect((await queue()).filter((row) => row.transferId === transfer.id)).toHaveLength(1);

    // Money out and other accounts' transfers are not ours to place.
    const out = sepayTransfer(t, { transferType: 'out', transferAmount: 50_000 });
    await postSepay(t, out);
    expect(await queueRow((await transferOf(out.id)).id)).toBeUndefined();
    await expectLedgerOk();
  });

  it('suggests the open request of the same amount and name first', async () => {
    const borrower = await createBorrower(t);
    await savePersonalData(t, borrower.userId, { fullName: 'Phạm Thị Quỳnh', idNumber: randomIdNumber() });
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const quote = (await t.post<RepayQuote>(API_PATHS.repayUrl, { token: borrower.token, payload: { orderNo: loan.order.orderNo, planNumList: [1] }, lang: 'en' })).envelope.data;
    // The borrower typed their name, not the code.
    const { transfer } = await unidentified(quote.amount, 'PHAM THI QUYNH tra no');
    const row = (await queue()).find((entry) => entry.transferId === transfer.id)!;
    expect(row.suggestions[0]).toMatchObject({ repaymentRequestId: quote.requestId, orderNo: loan.order.orderNo, amount: quote.amount, borrowerName: 'Phạm Thị Quỳnh' });
    expect(row.suggestions[0]!.reasons).toEqual(expect.arrayContaining(['amountEqual', 'nameMatch', 'timeClose']));
  });

  it('a match needs a second operator, applies once as a repayment out of suspense, and keeps the ledger balanced', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const quote = (await t.post<RepayQuote>(API_PATHS.repayUrl, { token: borrower.token, payload: { orderNo: loan.order.orderNo, planNumList: [1] }, lang: 'en' })).envelope.data;
    const { transfer } = await unidentified(quote.amount, 'tra no thang nay');
    const suspense = await balance('unidentified_receipts');
    const bank = await balance('collection_bank');

    const proposed = await maker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.unidentifiedMatch, { transferId: transfer.id, orderNo: loan.order.orderNo, repaymentRequestId: quote.requestId, reason: 'name on the statement' });
    expect(proposed.envelope.code, proposed.body).toBe(200);
    const proposal = proposed.envelope.data.proposal;
    expect(proposal).toMatchObject({ kind: 'transfer.match', status: 'pending', payload: { transferId: transfer.id, orderId: loan.order.id, repaymentRequestId: quote.requestId } });
    // One decision per transfer at a time: a return cannot be proposed beside it.
    const beside = await maker.browser.post(ADMIN_PATHS.unidentifiedReturn, { transferId: transfer.id, reason: 'not ours' });
    expect(beside.envelope.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);

    const own = await maker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect([own.statusCode, own.envelope.code]).toEqual([403, ERRORS.PROPOSAL_OWN.code]);
    expect(await queueRow(transfer.id)).toMatchObject({ state: 'open' });
    expect(await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id))).toHaveLength(0);

    const answers = await Promise.all([checker, secondChecker].map((session) => session.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id })));
    expect(answers.map((answer) => answer.envelope.code).sort()).toEqual([200, ERRORS.PROPOSAL_NOT_PENDING.code]);

    const repayments = await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id));
    expect(repayments).toMatchObject([{ source: `transfer:${transfer.id}`, amount: BigInt(quote.amount) }]);
    expect(await queueRow(transfer.id)).toMatchObject({ state: 'matched', orderId: loan.order.id, proposalId: proposal.id });
    expect(await transferOf(transfer.providerTransactionId)).toMatchObject({ outcome: 'matched', userId: borrower.userId });
    const [request] = await t.database.db.select().from(repaymentRequests).where(eq(repaymentRequests.id, quote.requestId));
    expect(request).toMatchObject({ status: 'paid', paidAmount: BigInt(quote.amount) });
    // Out of suspense; the bank balance is what the receipt made it.
    expect(await balance('unidentified_receipts')).toBe(suspense + BigInt(quote.amount));
    expect(await balance('collection_bank')).toBe(bank);
    await expectLedgerOk();

    // Decided: neither a match nor a return can be proposed again.
    const twice = await maker.browser.post(ADMIN_PATHS.unidentifiedMatch, { transferId: transfer.id, orderNo: loan.order.orderNo, reason: 'again' });
    expect(twice.envelope.code).toBe(ERRORS.TRANSFER_NOT_UNIDENTIFIED.code);
  });

  it('refuses a match to an order that was never paid out, or a transfer not in the queue', async () => {
    const { transfer } = await unidentified(10_000);
    const unknown = await maker.browser.post(ADMIN_PATHS.unidentifiedMatch, { transferId: transfer.id, orderNo: 'SEN26010100000000', reason: 'guess' });
    expect(unknown.envelope.code).toBe(ERRORS.ORDER_NOT_FOUND.code);
    const out = sepayTransfer(t, { transferType: 'out', transferAmount: 50_000 });
    await postSepay(t, out);
    const notQueued = await maker.browser.post(ADMIN_PATHS.unidentifiedReturn, { transferId: (await transferOf(out.id)).id, reason: 'not ours' });
    expect(notQueued.envelope.code).toBe(ERRORS.TRANSFER_NOT_UNIDENTIFIED.code);
  });

  it('a return needs a second operator and leaves the money in suspense, to return', async () => {
    const { transfer } = await unidentified(77_000, 'ung ho quy');
    const suspense = await balance('unidentified_receipts');
    const proposal = (await maker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.unidentifiedReturn, { transferId: transfer.id, reason: 'sender asked' })).envelope.data.proposal;
    expect(proposal).toMatchObject({ kind: 'transfer.return', status: 'pending' });
    expect((await maker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id })).envelope.code).toBe(ERRORS.PROPOSAL_OWN.code);
    expect((await checker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id })).envelope.code).toBe(200);
    expect(await queueRow(transfer.id)).toMatchObject({ state: 'to_return', proposalId: proposal.id });
    expect(await balance('unidentified_receipts')).toBe(suspense);
    expect((await queue('to_return')).map((row) => row.transferId)).toContain(transfer.id);
    expect((await queue()).map((row) => row.transferId)).not.toContain(transfer.id);
    await expectLedgerOk();
  });
});

describe('the ledger check of the queue', { timeout: 60_000 }, () => {
  it('reports a queue that no longer adds up to the suspense account', async () => {
    const { transfer } = await unidentified(5_000);
    await expectLedgerOk();
    // A queue row changed behind the ledger's back (no posting): the check sees it.
    await t.database.db.update(unidentifiedTransfers).set({ state: 'matched' }).where(eq(unidentifiedTransfers.transferId, transfer.id));
    try {
      expect((await t.services.ledger.check()).violations.map((violation) => violation.check)).toEqual(['unidentified-held']);
    } finally {
      await t.database.db.update(unidentifiedTransfers).set({ state: 'open' }).where(eq(unidentifiedTransfers.transferId, transfer.id));
    }
    await expectLedgerOk();
  });
});
