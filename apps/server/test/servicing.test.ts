import { ADMIN_PATHS, API_PATHS, ERRORS, ORDER_STATUS, type OrderDetail, type ProposalView } from '@sen/contract';
import { addVietnamDays, vietnamDate } from '@sen/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerLines, loanOrders, operatorAudit, refundAttempts, userMessages } from '../src/db/schema.ts';
import { RefundService } from '../src/modules/loan/refund.service.ts';
import { ServicingRepository } from '../src/modules/loan/servicing.repository.ts';
import type { DevPayoutProvider } from '../src/providers/payout/dev-payout-provider.ts';
import { PayoutUnavailableError, type PayoutProvider, type PayoutRequest, type PayoutResult } from '../src/providers/payout/payout-provider.ts';
import { createBorrower, openLoan, type TestBorrower } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { pdfTextCandidates } from './helpers/pdf-text.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Servicing a loan's money (issue 23; decisions 100, 101): refunds of an overpayment through the
 * payout partner (four eyes, attempt recorded before the call, retried, never sent twice), manual
 * and automatic write-off and the recovery of money paid after it, each keeping the ledger check
 * ok; the settlement certificate of a settled loan, refused for any other.
 */

const DAY_MS = 86_400_000;
let t: TestApp;
let maker: OperatorSession;
let checker: OperatorSession;
let secondChecker: OperatorSession;

/** The development provider behind a switch: refuse, lose an answer, and check what is recorded at the moment of each call. */
class ControlledProvider implements PayoutProvider {
  readonly name = 'controlled';
  refuseWith: PayoutResult['failureCode'] = null;
  loseNextAnswers = 0;
  submits: string[] = [];
  /** The state of the attempt's own row when the partner was called (it must exist before). */
  statesAtCall: Array<string | null> = [];
  constructor(private readonly inner: DevPayoutProvider) {}
  async submit(request: PayoutRequest): Promise<PayoutResult> {
    const [row] = await t.database.db.select({ state: refundAttempts.state }).from(refundAttempts).where(eq(refundAttempts.reference, request.reference));
    this.statesAtCall.push(row?.state ?? null);
    this.submits.push(request.reference);
    if (this.refuseWith) return { reference: request.reference, state: 'failed', amount: request.amount, partnerTransactionId: null, failureCode: this.refuseWith, failureReason: 'refused by the test', completedAt: new Date() };
    const result = await this.inner.submit(request);
    if (this.loseNextAnswers > 0) {
      this.loseNextAnswers -= 1;
      throw new PayoutUnavailableError('answer lost (test)');
    }
    return result;
  }
  status(reference: string) {
    return this.inner.status(reference);
  }
}
let provider: ControlledProvider;
let refundJob: RefundService;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 1000, maxAttempts: 3, retrySeconds: 60 } }) });
  maker = await t.operatorSession('finance');
  checker = await t.operatorSession('admin');
  secondChecker = await t.operatorSession('finance');
  provider = new ControlledProvider(t.infra.payout as DevPayoutProvider);
  const s = t.services;
  refundJob = new RefundService({
    uow: t.database.uow,
    loans: s.loans,
    ledger: s.ledger,
    repository: new ServicingRepository(t.database.uow),
    provider,
    bank: s.bank,
    messages: s.messages,
    clock: t.clock.now,
    businessClock: t.clock.now,
    maxAttempts: 3,
    retryMs: 60_000,
    log: t.app.log,
  });
});
afterAll(async () => t?.close());

const expectLedgerOk = async () => expect((await t.services.ledger.check()).violations).toEqual([]);
const orderRow = async (orderId: number) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId)))[0]!;
const attemptsOf = (orderId: number) => t.database.db.select().from(refundAttempts).where(eq(refundAttempts.orderId, orderId)).orderBy(refundAttempts.id);
const detail = async (borrower: TestBorrower, orderId: number, lang: 'en' | 'vn' = 'en') =>
  (await t.post<OrderDetail>(API_PATHS.orderDetail, { token: borrower.token, payload: { orderId }, lang })).envelope;
const messagesOf = (userId: string, template: string) => t.database.db.select().from(userMessages).where(and(eq(userMessages.userId, userId), eq(userMessages.template, template)));
const balance = (code: string, owner: string | null) => t.services.ledger.balance({ code: code as never, owner });

/** A transfer naming the order, as a borrower's bank sends it. */
async function pay(orderNo: string, amount: bigint) {
  const response = await postSepay(t, sepayTransfer(t, { content: `NGUYEN VAN A tra no ${orderNo}`, transferAmount: Number(amount) }));
  expect(response.statusCode, response.body).toBe(200);
}

/** A loan repaid with `extra` VND too many: settled, holding `extra` as credit. */
async function overpaidLoan(extra = 75_000n) {
  const borrower = await createBorrower(t);
  const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
  const owed = BigInt((await detail(borrower, loan.order.id)).data.actualNeedRepayAmount);
  await pay(loan.order.orderNo, owed + extra);
  const order = await orderRow(loan.order.id);
  expect([order.state, order.creditHeld]).toEqual(['settled', extra]);
  return { borrower, loan, order };
}

/** A loan paid out `daysAgo` days ago (plan 1 of 90 days): overdue by daysAgo − 90 days. */
async function loanStartedDaysAgo(daysAgo: number) {
  const borrower = await createBorrower(t);
  const loan = await openLoan(t, borrower, { principal: 3_000_000n, planNums: 1, startDate: addVietnamDays(vietnamDate(t.clock.now()), -daysAgo) });
  return { borrower, loan };
}

async function propose(path: string, orderId: number, session = maker) {
  return session.browser.post<{ proposal: ProposalView }>(path, { orderId, reason: 'servicing test' });
}

describe('refunds of an overpayment (four eyes, through the payout partner)', () => {
  it('moves nothing until another operator approves; approved twice at once applies once; the attempt exists before the call; a refused call is retried; sent once; the borrower sees it and is told', async () => {
    const { borrower, loan } = await overpaidLoan(75_000n);
    const proposed = await propose(ADMIN_PATHS.refundPropose, loan.order.id);
    expect(proposed.envelope.code, proposed.body).toBe(200);
    const proposal = proposed.envelope.data.proposal;
    expect(proposal).toMatchObject({ kind: 'refund.issue', status: 'pending', payload: { orderId: loan.order.id, amount: 75_000 } });
    expect(proposal.summary).toContain('75000 VND');

    const own = await maker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect([own.statusCode, own.envelope.code]).toEqual([403, ERRORS.PROPOSAL_OWN.code]);
    expect(await attemptsOf(loan.order.id)).toHaveLength(0);

    const answers = await Promise.all([checker, secondChecker].map((session) => session.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id })));
    expect(answers.map((answer) => answer.envelope.code).sort()).toEqual([200, ERRORS.PROPOSAL_NOT_PENDING.code]);
    const [first] = await attemptsOf(loan.order.id);
    expect(await attemptsOf(loan.order.id)).toHaveLength(1);
    expect(first).toMatchObject({ state: 'created', amount: 75_000n, attempt: 1, receivingAccountId: borrower.accountId });
    // Approval records the attempt; no money has moved yet.
    expect((await orderRow(loan.order.id)).creditHeld).toBe(75_000n);
    expect((await detail(borrower, loan.order.id)).data.refunds).toMatchObject([{ amount: 75_000, state: 'processing' }]);
    await expectLedgerOk();

    // The partner refuses (not the borrower's account): the attempt is failed and visible, a new one is queued.
    provider.refuseWith = 'BANK_REJECTED';
    const refused = await refundJob.runDue();
    expect(refused).toMatchObject({ claimed: 1, submitted: 1, failed: 1, retried: 1 });
    expect(provider.statesAtCall).toEqual(['submitting']);
    const afterRefusal = await attemptsOf(loan.order.id);
    expect(afterRefusal.map((row) => [row.attempt, row.state, row.failureCode])).toEqual([
      [1, 'failed', 'BANK_REJECTED'],
      [2, 'created', null],
    ]);
    expect((await orderRow(loan.order.id)).creditHeld).toBe(75_000n);
    await expectLedgerOk();

    // The retry waits PAYOUT_RETRY_SECONDS; then it goes, and its answer is lost once: asked again, never resubmitted.
    provider.refuseWith = null;
    expect((await refundJob.runDue()).claimed).toBe(0);
    t.clock.advance(61_000);
    provider.loseNextAnswers = 1;
    expect(await refundJob.runDue()).toMatchObject({ claimed: 1, unknown: 1 });
    expect((await orderRow(loan.order.id)).creditHeld).toBe(75_000n);
    t.clock.advance(61_000);
    const reconciled = await refundJob.runDue();
    expect(reconciled).toMatchObject({ claimed: 1, submitted: 0, succeeded: 1 });
    const retryReference = afterRefusal[1]!.reference;
    expect(provider.submits.filter((reference) => reference === retryReference)).toHaveLength(1);
    expect(provider.statesAtCall).toEqual(['submitting', 'submitting']);

    // Sent: the credit is gone from the order and from the ledger, out of the disbursement account.
    expect((await orderRow(loan.order.id)).creditHeld).toBe(0n);
    expect(await balance('borrower_credit', borrower.userId)).toBe(0n);
    const [entry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.key, `refund:${retryReference}`));
    expect(entry).toMatchObject({ event: 'refund', borrowerId: borrower.userId });
    await expectLedgerOk();
    expect(await refundJob.runDue()).toMatchObject({ claimed: 0 });

    const shown = await detail(borrower, loan.order.id, 'vn');
    expect(shown.data.refunds).toMatchObject([{ amount: 75_000, state: 'succeeded' }]);
    const [message] = await messagesOf(borrower.userId, 'refundSent');
    expect(message?.content).toContain(loan.order.orderNo);
    // Nothing left to refund.
    const again = await propose(ADMIN_PATHS.refundPropose, loan.order.id);
    expect(again.envelope.code).toBe(ERRORS.REFUND_NOTHING_HELD.code);
  });

  it('refuses a refund of an order holding nothing, and a second proposal while one waits', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const nothing = await propose(ADMIN_PATHS.refundPropose, loan.order.id);
    expect([nothing.statusCode, nothing.envelope.code, nothing.envelope.message]).toEqual([409, ERRORS.REFUND_NOTHING_HELD.code, 'This order holds no overpayment to refund']);
    const { loan: overpaid } = await overpaidLoan(10_000n);
    expect((await propose(ADMIN_PATHS.refundPropose, overpaid.order.id)).envelope.code).toBe(200);
    expect((await propose(ADMIN_PATHS.refundPropose, overpaid.order.id, secondChecker)).envelope.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);
    const viewer = await t.operatorSession('viewer');
    expect((await propose(ADMIN_PATHS.refundPropose, overpaid.order.id, viewer)).envelope.code).toBe(ERRORS.OPERATOR_PERMISSION_DENIED.code);
  });
});

describe('write-off and recovery', () => {
  it('writes off an overdue loan on a second operator’s approval: receivables to zero, principal to credit losses, interest and fees out of income; the borrower sees it; payments after it are recovery, never receivables', async () => {
    const { borrower, loan } = await loanStartedDaysAgo(120);
    const before = await t.services.ledger.loanBalances(String(loan.order.id));
    const proposed = await propose(ADMIN_PATHS.writeOffPropose, loan.order.id);
    expect(proposed.envelope.code, proposed.body).toBe(200);
    const proposal = proposed.envelope.data.proposal;
    expect(proposal.summary).toMatch(/Write off order SEN\d+ \(30 days past due\)/);
    expect((await orderRow(loan.order.id)).state).toBe('repaying');
    const own = await maker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect(own.envelope.code).toBe(ERRORS.PROPOSAL_OWN.code);
    const losses = await balance('credit_losses', null);
    const interestIncome = await balance('interest_income', null);

    const approved = await checker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect(approved.envelope.code, approved.body).toBe(200);
    const result = approved.envelope.data.proposal.result as { principal: string; interest: string; total: string; writtenOffOn: string };
    expect(result.principal).toBe('3000000');
    const order = await orderRow(loan.order.id);
    expect([order.state, order.writtenOffOn]).toEqual(['written_off', vietnamDate(t.clock.now())]);
    const after = await t.services.ledger.loanBalances(String(loan.order.id));
    expect(after.total).toBe(0n);
    expect(BigInt(result.total)).toBeGreaterThanOrEqual(before.total);
    expect((await balance('credit_losses', null)) - losses).toBe(3_000_000n);
    // Interest accrued through today is booked and, unpaid, reversed out of income in the same write-off: income nets to nothing.
    expect((await balance('interest_income', null)) - interestIncome).toBe(0n);
    const [writeOffEntry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.key, `write-off:${loan.order.id}`));
    const lines = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.entryId, writeOffEntry!.id));
    const line = (code: string) => lines.find((row) => row.accountCode === code);
    expect(line('credit_losses')).toMatchObject({ debit: 3_000_000n, credit: 0n });
    expect(line('interest_income')).toMatchObject({ debit: BigInt(result.interest), credit: 0n });
    expect(line('loan_principal')).toMatchObject({ debit: 0n, credit: 3_000_000n, ownerId: String(loan.order.id) });
    await expectLedgerOk();

    // The borrower's order says so, in their language; their credit stays locked.
    const shown = await detail(borrower, loan.order.id, 'vn');
    expect([shown.data.status, shown.data.statusLabel, shown.data.canRepay]).toEqual([ORDER_STATUS.BAD_DEBTS, 'Nợ xấu', true]);
    expect(shown.data.writeOff).toMatchObject({ amount: Number(result.total), recovered: 0 });
    expect(await t.services.loans.orders.hasWrittenOff(borrower.userId)).toBe(true);
    const credit = await t.services.credit.account(borrower.userId);
    expect(credit?.usedAmount).toBe(3_000_000n);

    // Money after the write-off: recovery income up to what was written off, the rest credit; the receivables stay closed.
    const recoveryBefore = await balance('recovery_income', null);
    await pay(loan.order.orderNo, 1_000_000n);
    expect((await balance('recovery_income', null)) - recoveryBefore).toBe(-1_000_000n);
    expect((await t.services.ledger.loanBalances(String(loan.order.id))).total).toBe(0n);
    expect((await orderRow(loan.order.id)).recovered).toBe(1_000_000n);
    await expectLedgerOk();
    const rest = BigInt(result.total) - 1_000_000n;
    await pay(loan.order.orderNo, rest + 5_000n);
    const closed = await orderRow(loan.order.id);
    expect([closed.state, closed.recovered, closed.creditHeld]).toEqual(['written_off', BigInt(result.total), 5_000n]);
    expect((await t.services.credit.account(borrower.userId))?.usedAmount).toBe(3_000_000n);
    await expectLedgerOk();
  });

  it('refuses to write off a loan that is not past its due date, or not being repaid', async () => {
    const borrower = await createBorrower(t);
    const current = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const refused = await propose(ADMIN_PATHS.writeOffPropose, current.order.id);
    expect([refused.statusCode, refused.envelope.code]).toEqual([409, ERRORS.WRITE_OFF_NOT_ALLOWED.code]);
    const { loan: settled } = await overpaidLoan(1_000n);
    expect((await propose(ADMIN_PATHS.writeOffPropose, settled.order.id)).envelope.code).toBe(ERRORS.WRITE_OFF_NOT_ALLOWED.code);
    expect((await propose(ADMIN_PATHS.writeOffPropose, 2_000_000_000)).envelope.code).toBe(ERRORS.ORDER_NOT_FOUND.code);
  });

  it('writes off automatically on the threshold day (WRITE_OFF_DAYS_PAST_DUE, 180), not the day before, with the system’s audit row', async () => {
    expect(t.config.servicing.writeOffDaysPastDue).toBe(180);
    // Due 90 days after payout; 179 days past due today.
    const { loan } = await loanStartedDaysAgo(90 + 179);
    const dayBefore = await t.services.writeOffs.runDue();
    expect(dayBefore.writtenOff).toBe(0);
    expect((await orderRow(loan.order.id)).state).toBe('repaying');
    await expectLedgerOk();

    t.clock.advance(DAY_MS);
    const onTheDay = await t.services.writeOffs.runDue();
    expect(onTheDay.writtenOff).toBeGreaterThanOrEqual(1);
    expect((await orderRow(loan.order.id)).state).toBe('written_off');
    const audit = await t.database.db.select().from(operatorAudit).where(and(eq(operatorAudit.action, 'loan.writeOff'), eq(operatorAudit.targetId, String(loan.order.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, targetType: 'order', reason: '180 days past due (automatic at 180)' });
    // Run again: nothing more.
    expect((await t.services.writeOffs.runDue()).writtenOff).toBe(0);
    const entries = await t.database.db.select({ n: count() }).from(ledgerEntries).where(and(eq(ledgerEntries.loanId, String(loan.order.id)), eq(ledgerEntries.event, 'write_off')));
    expect(entries[0]!.n).toBe(1);
    await expectLedgerOk();
  });
});

describe('the settlement certificate', () => {
  it('answers a settled order’s PDF in Vietnamese and English with the order number; refuses an unsettled or someone else’s order', async () => {
    const { borrower, loan } = await overpaidLoan(2_000n);
    const response = await t.post(API_PATHS.settlementCertificate, { token: borrower.token, payload: { orderId: loan.order.id } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await PDFDocument.load(bytes);
    expect(document.getSubject()).toBe(loan.order.orderNo);
    const text = pdfTextCandidates(bytes);
    expect(text).toContain(loan.order.orderNo);
    expect(text).toContain('GIẤY XÁC NHẬN TẤT TOÁN KHOẢN VAY');
    expect(text).toContain('CONFIRMATION OF LOAN SETTLEMENT');
    expect(text).toContain('2.000.000 VND');
    expect((await detail(borrower, loan.order.id)).data.certificateAvailable).toBe(true);

    const open = await openLoan(t, borrower, { principal: 1_000_000n, planNums: 1 });
    const unsettled = await t.post(API_PATHS.settlementCertificate, { token: borrower.token, payload: { orderId: open.order.id }, lang: 'vn' });
    expect([unsettled.statusCode, unsettled.envelope.code, unsettled.envelope.message]).toEqual([409, ERRORS.ORDER_NOT_SETTLED.code, 'Giấy xác nhận tất toán chỉ có khi khoản vay đã được trả hết']);
    expect((await detail(borrower, open.order.id)).data.certificateAvailable).toBe(false);
    const stranger = await createBorrower(t);
    const foreign = await t.post(API_PATHS.settlementCertificate, { token: stranger.token, payload: { orderId: loan.order.id } });
    expect([foreign.statusCode, foreign.envelope.code]).toEqual([404, ERRORS.ORDER_NOT_FOUND.code]);
    const bad = await t.post(API_PATHS.settlementCertificate, { token: borrower.token, payload: { orderId: 'x' } });
    expect(bad.statusCode).toBeLessThan(500);
  });
});

describe('the ledger after all of it', () => {
  it('is ok, and the new accounts add up', async () => {
    await expectLedgerOk();
    const totals = (await t.services.ledger.check()).totals;
    expect(totals.byEvent.refund).toBeGreaterThanOrEqual(1);
    expect(totals.byEvent.write_off).toBeGreaterThanOrEqual(2);
    const rows = (await t.database.db.execute(sql`select count(*)::int as n from ledger_lines where account_code = 'recovery_income'`)) as unknown as { rows: Array<{ n: number }> };
    expect(rows.rows[0]!.n).toBeGreaterThanOrEqual(2);
  });
});
