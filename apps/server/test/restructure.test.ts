import { ADMIN_PATHS, API_PATHS, ERRORS, type HardshipView, type HomeIndex, type ProposalView, type RestructurePreview } from '@sen/contract';
import { addVietnamDays, vietnamDate } from '@sen/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS, type ProductRow } from '../src/modules/product/index.ts';
import { hardshipRequests, ledgerEntries, ledgerLines, loanInstalments, loanOrders, loanRestructures, operatorAudit, userMessages } from '../src/db/schema.ts';
import { AppError } from '../src/shared/app-error.ts';
import { createBorrower, openLoan, type TestBorrower } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Restructuring and hardship (issue 23 item 5; decision 117), on PGlite and PostgreSQL: a borrower
 * overdue or due within 7 days asks for help (one open request per loan, the amount checked with
 * its message); a collector's offer within the rules is a `loan.restructure` proposal a second
 * operator approves; the borrower accepts it with the SMS code (when the product requires it, and
 * whenever sent): the old instalments close, the waivers leave income, the new schedule opens, all
 * in balanced postings, once; the ledger check stays ok; repayments then go to the new schedule;
 * no new loan during the watch period.
 */

let t: TestApp;
let maker: OperatorSession;
let checker: OperatorSession;
let collector: OperatorSession;
let required: ProductRow;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 0 } }) });
  maker = await t.operatorSession('admin');
  checker = await t.operatorSession('finance');
  collector = await t.operatorSession('collector');
  // A product whose agreements are signed with the SMS code (decision 112's default).
  const { signingCode: _demoSetting, ...input } = DEMO_PRODUCTS[1]!;
  await t.services.product.upsert({ ...input, code: 'sen-co-cau', name: 'Sen Cơ Cấu', dailyQuota: null });
  required = (await t.services.product.activeProducts()).find((product) => product.code === 'sen-co-cau')!;
});
afterAll(async () => t?.close());

const today = () => vietnamDate(t.clock.now());
const expectLedgerOk = async () => expect((await t.services.ledger.check()).violations).toEqual([]);
const orderRow = async (orderId: number) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId)))[0]!;
const instalmentsOf = (orderId: number) => t.database.db.select().from(loanInstalments).where(eq(loanInstalments.orderId, orderId)).orderBy(asc(loanInstalments.planPart));
const entriesOf = (orderId: number, event: string) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanId, String(orderId)), eq(ledgerEntries.event, event)));

/** A loan of 3,000,000 ₫ in 3 instalments paid out 40 days ago: the first instalment is 10 days overdue. */
async function overdueLoan(productCode = 'sen-linh-hoat') {
  const borrower = await createBorrower(t);
  const loan = await openLoan(t, borrower, { productCode, principal: 3_000_000n, planNums: 3, startDate: addVietnamDays(today(), -40) });
  return { borrower, loan };
}

const view = async (b: TestBorrower, orderId: number) => t.post<HardshipView>(API_PATHS.hardship, { token: b.token, payload: { orderId }, lang: 'en' });
const ask = (b: TestBorrower, payload: Record<string, unknown>, lang: 'en' | 'vn' | 'zh' = 'en') => t.post<HardshipView>(API_PATHS.hardshipRequest, { token: b.token, payload, lang });
const accept = (b: TestBorrower, payload: Record<string, unknown>) =>
  t.post<HardshipView>(API_PATHS.restructureAccept, { token: b.token, payload, lang: 'en', headers: { 'user-agent': 'SenTest/1.0 (restructure)' } });
const lastCode = (b: TestBorrower) => t.sms.messages(b.phone)[0]!.code;

const terms = (orderId: number, change: Record<string, number> = {}) => ({ orderId, planNums: 6, periodDays: 30, waiveOverdueFee: 0, waiveInterest: 0, ...change });
const preview = (orderId: number, change: Record<string, number> = {}) => collector.browser.get<RestructurePreview>(ADMIN_PATHS.restructurePreview, terms(orderId, change));
const propose = (orderId: number, change: Record<string, number> = {}, session = maker) =>
  session.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.restructurePropose, { ...terms(orderId, change), reason: 'borrower lost their job' });

/** An offer proposed by one operator and approved by another: its id. */
async function approvedOffer(orderId: number, change: Record<string, number> = {}): Promise<number> {
  const proposed = await propose(orderId, change);
  expect(proposed.envelope.code, proposed.body).toBe(200);
  const approved = await checker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.proposalApprove, { proposalId: proposed.envelope.data.proposal.id });
  expect(approved.envelope.code, approved.body).toBe(200);
  return (approved.envelope.data.proposal.result as { offerId: number }).offerId;
}

describe('asking for help', () => {
  it('only for a loan overdue or due within 7 days; one open request per loan; the amount checked with a clear message in each language', async () => {
    const early = await createBorrower(t);
    const fresh = await openLoan(t, early, { principal: 2_000_000n, planNums: 3 });
    const tooEarly = await ask(early, { orderId: fresh.order.id, reason: 'illness', monthlyAmount: 500_000 });
    expect(tooEarly.envelope.code).toBe(ERRORS.HARDSHIP_NOT_ELIGIBLE.code);
    expect((await view(early, fresh.order.id)).envelope.data.canAsk).toBe(false);

    const { borrower, loan } = await overdueLoan();
    expect((await view(borrower, loan.order.id)).envelope.data).toMatchObject({ canAsk: true, request: null, offer: null, restructured: null });
    for (const [monthlyAmount, lang, message] of [
      [1.5, 'en', 'Please enter a whole amount in VND, digits only'],
      [-5, 'vn', 'Vui lòng nhập số tiền từ 50.000 ₫ đến 100.000.000 ₫'],
      [10, 'zh', '请输入 50,000 ₫ 至 100,000,000 ₫ 之间的金额'],
      [100_000_001, 'en', 'Please enter an amount from 50,000 ₫ to 100,000,000 ₫'],
      ['7OO000', 'en', 'Please enter how much you can pay each month'],
      ['10', 'en', 'Please enter an amount from 50,000 ₫ to 100,000,000 ₫'],
    ] as const) {
      const refused = await ask(borrower, { orderId: loan.order.id, reason: 'income_loss', monthlyAmount }, lang);
      expect([refused.envelope.code, refused.envelope.message]).toEqual([ERRORS.VALIDATION_FAILED.code, message]);
    }
    expect((await ask(borrower, { orderId: loan.order.id, reason: 'no_reason', monthlyAmount: 500_000 })).envelope.code).toBe(ERRORS.VALIDATION_FAILED.code);

    // Another borrower's order is not found.
    const other = await createBorrower(t);
    expect((await ask(other, { orderId: loan.order.id, reason: 'illness', monthlyAmount: 500_000 })).envelope.code).toBe(ERRORS.ORDER_NOT_FOUND.code);

    // The amount as its digits, as the borrower endpoints take amounts.
    const asked = await ask(borrower, { orderId: loan.order.id, reason: 'income_loss', note: 'Mất việc tháng trước', monthlyAmount: '700000' });
    expect(asked.envelope.code, asked.body).toBe(200);
    expect(asked.envelope.data).toMatchObject({ canAsk: false, request: { reason: 'income_loss', note: 'Mất việc tháng trước', monthlyAmount: 700_000, state: 'open' } });
    const again = await ask(borrower, { orderId: loan.order.id, reason: 'illness', monthlyAmount: 500_000 });
    expect(again.envelope.code).toBe(ERRORS.HARDSHIP_REQUEST_OPEN.code);
    expect(await t.database.db.select().from(hardshipRequests).where(eq(hardshipRequests.orderId, loan.order.id))).toHaveLength(1);

    // It lands in the back office's list.
    const listed = await collector.browser.get<{ items: Array<{ orderNo: string; monthlyAmount: number }> }>(ADMIN_PATHS.hardshipRequests, { state: 'open' });
    expect(listed.envelope.code, listed.body).toBe(200);
    expect(listed.envelope.data.items).toContainEqual(expect.objectContaining({ orderNo: loan.order.orderNo, monthlyAmount: 700_000 }));
  });
});

describe('the collector’s offer (four eyes)', () => {
  it('previews within the rules, refuses an offer outside them, needs a second operator, and makes the offer on approval', async () => {
    const { borrower, loan } = await overdueLoan();
    await ask(borrower, { orderId: loan.order.id, reason: 'illness', monthlyAmount: 600_000 });

    const shown = await preview(loan.order.id);
    expect(shown.envelope.code, shown.body).toBe(200);
    const { caps, plan } = shown.envelope.data;
    expect(shown.envelope.data.violations).toEqual([]);
    expect(shown.envelope.data.request).toMatchObject({ monthlyAmount: 600_000 });
    expect(plan!.instalments).toHaveLength(6);
    expect(plan!.totalRepayable).toBe(plan!.carried.principal + plan!.carried.interest + plan!.carried.fee + plan!.carried.overdueFee + plan!.newInterest);
    expect(plan!.aprPercent).toBeGreaterThan(0);
    expect(caps.overdueFee).toBeGreaterThan(0);
    expect((await preview(loan.order.id, { planNums: 13 })).envelope.data).toMatchObject({ violations: ['instalments'], plan: null });
    expect((await preview(loan.order.id, { waiveOverdueFee: caps.overdueFee + 1 })).envelope.data.violations).toEqual(['overdueFeeWaiver']);

    const outside = await propose(loan.order.id, { waiveInterest: caps.interest + 1 });
    expect([outside.statusCode, outside.envelope.code]).toEqual([400, ERRORS.RESTRUCTURE_OFFER_INVALID.code]);
    expect(outside.envelope.message).toContain('interestWaiver');

    // A collector proposes; they cannot approve (no permission), the maker cannot approve their own.
    const proposed = await propose(loan.order.id, { waiveOverdueFee: caps.overdueFee }, collector);
    expect(proposed.envelope.code, proposed.body).toBe(200);
    const proposal = proposed.envelope.data.proposal;
    expect(proposal).toMatchObject({ kind: 'loan.restructure', status: 'pending', payload: { orderId: loan.order.id, planNums: 6, periodDays: 30, waiveOverdueFee: caps.overdueFee } });
    expect((await collector.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id })).envelope.code).toBe(ERRORS.OPERATOR_PERMISSION_DENIED.code);
    expect((await propose(loan.order.id)).envelope.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);
    // Nothing reaches the borrower while it is pending.
    expect((await view(borrower, loan.order.id)).envelope.data.offer).toBeNull();

    const approved = await checker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect(approved.envelope.code, approved.body).toBe(200);
    const audit = await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.targetId, String(proposal.id)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['loan.proposeRestructure', 'proposal.approve']));

    const seen = (await view(borrower, loan.order.id)).envelope.data;
    expect(seen.request?.state).toBe('offered');
    expect(seen.offer).toMatchObject({ planNums: 6, periodDays: 30, waiveOverdueFee: caps.overdueFee, signingCode: 'optional' });
    expect(seen.offer!.plan.waived.overdueFee).toBe(caps.overdueFee);
    const told = await t.database.db.select().from(userMessages).where(and(eq(userMessages.userId, borrower.userId), eq(userMessages.template, 'restructureOffered')));
    expect(told).toHaveLength(1);
    // One offer at a time.
    expect((await propose(loan.order.id)).envelope.code).toBe(ERRORS.RESTRUCTURE_NOT_ALLOWED.code);
    // No money moved by the approval.
    expect(await entriesOf(loan.order.id, 'restructure')).toHaveLength(0);
  });
});

describe('accepting an offer', () => {
  it('closes the old instalments and opens the new ones in balanced postings, once; the ledger check stays ok; repayments go to the new schedule; no new loan in the watch period', async () => {
    const { borrower, loan } = await overdueLoan();
    await ask(borrower, { orderId: loan.order.id, reason: 'income_loss', monthlyAmount: 600_000 });
    const caps = (await preview(loan.order.id)).envelope.data.caps;
    const offerId = await approvedOffer(loan.order.id, { waiveOverdueFee: caps.overdueFee, waiveInterest: caps.interest });
    const offered = (await view(borrower, loan.order.id)).envelope.data.offer!;

    // A total the borrower was not shown is refused, and nothing moves.
    const changed = await accept(borrower, { offerId, totalRepayable: offered.plan.totalRepayable + 1 });
    expect(changed.envelope.code).toBe(ERRORS.RESTRUCTURE_OFFER_CHANGED.code);
    expect(await entriesOf(loan.order.id, 'restructure')).toHaveLength(0);

    // Signed with the SMS code (the web app always sends it).
    expect((await t.post(API_PATHS.restructureSignCode, { token: borrower.token, payload: { offerId } })).envelope.code).toBe(200);
    const accepted = await accept(borrower, { offerId, totalRepayable: offered.plan.totalRepayable, signCode: lastCode(borrower) });
    expect(accepted.envelope.code, accepted.body).toBe(200);
    expect(accepted.envelope.data).toMatchObject({ offer: null, restructured: { on: today(), watchUntil: addVietnamDays(today(), 90) } });

    const order = await orderRow(loan.order.id);
    expect([order.state, order.restructuredOn, order.watchUntil]).toEqual(['repaying', today(), addVietnamDays(today(), 90)]);
    const rows = await instalmentsOf(loan.order.id);
    expect(rows.map((row) => row.planPart)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const row of rows.slice(0, 3)) {
      expect(row.restructureId).toBe(offerId);
      expect(row.settledAt).not.toBeNull();
      expect(row.principal - row.paidPrincipal).toBe(0n);
    }
    const opened = rows.slice(3);
    expect(opened.reduce((sum, row) => sum + row.principal, 0n)).toBe(3_000_000n);
    expect(opened.map((row) => row.dueDate)).toEqual(offered.plan.instalments.map((row) => row.dueDate));

    // One entry: closed, waived, opened; the loan's accounts now hold what was carried.
    const [entry] = await entriesOf(loan.order.id, 'restructure');
    expect(entry!.key).toBe(`restructure:${offerId}`);
    const lines = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.entryId, entry!.id));
    expect(lines.reduce((sum, line) => sum + line.debit, 0n)).toBe(lines.reduce((sum, line) => sum + line.credit, 0n));
    expect(lines.find((line) => line.accountCode === 'overdue_fee_income')).toMatchObject({ debit: BigInt(caps.overdueFee), credit: 0n });
    expect(lines.find((line) => line.accountCode === 'interest_income')).toMatchObject({ debit: BigInt(caps.interest), credit: 0n });
    const balancesAfter = await t.services.ledger.loanBalances(String(loan.order.id));
    expect(balancesAfter.total).toBe(BigInt(offered.plan.carried.principal + offered.plan.carried.interest + offered.plan.carried.fee + offered.plan.carried.overdueFee));
    await expectLedgerOk();

    // The evidence of the acceptance (decision 112's, for the restructure): never the code itself.
    const [record] = await t.database.db.select().from(loanRestructures).where(eq(loanRestructures.id, offerId));
    expect(record).toMatchObject({ state: 'accepted', acceptedOn: today(), signedWith: 'code', codePhone: borrower.phone, userAgent: 'SenTest/1.0 (restructure)' });
    expect(record!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(record!.acceptedAtVietnam).toMatch(/\+07:00$/);
    expect(record!.textHash).toMatch(/^[0-9a-f]{64}$/);

    // A retried acceptance does nothing twice.
    const retried = await accept(borrower, { offerId, totalRepayable: offered.plan.totalRepayable, signCode: lastCode(borrower) });
    expect(retried.envelope.code, retried.body).toBe(200);
    expect(await entriesOf(loan.order.id, 'restructure')).toHaveLength(1);
    expect(await instalmentsOf(loan.order.id)).toHaveLength(9);

    // No new loan in the watch period: the loan is no longer overdue, the watch is the reason.
    const refused = await t.database.uow.transaction(() => t.services.credit.reserve(borrower.userId, 100_000n)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errorName).toBe('LOAN_RESTRUCTURE_WATCH');
    // The home says so before the borrower tries: every card locked for the watch.
    const home = await t.post<HomeIndex>(API_PATHS.homeIndex, { token: borrower.token });
    expect(home.envelope.code, home.body).toBe(200);
    expect(home.envelope.data.showProducts).toEqual([]);
    expect(home.envelope.data.canNotApplyProducts.map((card) => card.lockReason)).toEqual(home.envelope.data.canNotApplyProducts.map(() => 'watch'));
    expect(home.envelope.data.canNotApplyProducts.length).toBeGreaterThan(0);

    // A repayment goes to the new schedule's first instalment; the closed ones stay closed.
    const response = await postSepay(t, sepayTransfer(t, { content: `tra no ${loan.order.orderNo}`, transferAmount: 100_000 }));
    expect(response.statusCode, response.body).toBe(200);
    const afterPay = await instalmentsOf(loan.order.id);
    const paidOf = (row: (typeof afterPay)[number]) => row.paidPrincipal + row.paidFee + row.paidInterest + row.paidOverdueFee;
    expect(paidOf(afterPay[3]!)).toBe(100_000n);
    expect(afterPay[3]!.paidPrincipal).toBeGreaterThan(0n);
    expect(afterPay.slice(0, 3).map((row) => row.paidPrincipal)).toEqual(rows.slice(0, 3).map((row) => row.paidPrincipal));
    expect(afterPay.slice(4).map(paidOf)).toEqual([0n, 0n, 0n, 0n, 0n]);
    await expectLedgerOk();

    // A restructured loan is not restructured again.
    expect((await propose(loan.order.id)).envelope.code).toBe(ERRORS.RESTRUCTURE_NOT_ALLOWED.code);
  });

  it('re-ageing is the same offer with no waiver: the amount owed is kept, the dates move', async () => {
    const { borrower, loan } = await overdueLoan();
    const offerId = await approvedOffer(loan.order.id, { planNums: 3, periodDays: 30 });
    const offered = (await view(borrower, loan.order.id)).envelope.data.offer!;
    const owed = offered.plan.closed;
    expect(offered.plan.carried).toEqual(owed);
    // The product lets the family's clients sign with the tick: no code needed.
    const accepted = await accept(borrower, { offerId, totalRepayable: offered.plan.totalRepayable });
    expect(accepted.envelope.code, accepted.body).toBe(200);
    // Everything owed today is still owed, on the new dates.
    expect((await t.services.ledger.loanBalances(String(loan.order.id))).total).toBe(BigInt(owed.principal + owed.interest + owed.fee + owed.overdueFee));
    expect((await entriesOf(loan.order.id, 'restructure')).length).toBe(1);
    const [record] = await t.database.db.select().from(loanRestructures).where(eq(loanRestructures.id, offerId));
    expect(record!.signedWith).toBe('tick');
    await expectLedgerOk();
  });

  it('a product that requires the SMS code: refused without it or with a wrong one, accepted with its own', async () => {
    const { borrower, loan } = await overdueLoan(required.code);
    const offerId = await approvedOffer(loan.order.id);
    const offered = (await view(borrower, loan.order.id)).envelope.data.offer!;
    expect(offered.signingCode).toBe('required');
    expect((await accept(borrower, { offerId, totalRepayable: offered.plan.totalRepayable })).envelope.code).toBe(ERRORS.SIGNING_CODE_REQUIRED.code);
    expect((await t.post(API_PATHS.restructureSignCode, { token: borrower.token, payload: { offerId } })).envelope.code).toBe(200);
    const code = lastCode(borrower);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    expect((await accept(borrower, { offerId, totalRepayable: offered.plan.totalRepayable, signCode: wrong })).envelope.code).toBe(ERRORS.OTP_INCORRECT.code);
    expect(await entriesOf(loan.order.id, 'restructure')).toHaveLength(0);
    const accepted = await accept(borrower, { offerId, totalRepayable: offered.plan.totalRepayable, signCode: code });
    expect(accepted.envelope.code, accepted.body).toBe(200);
    await expectLedgerOk();
  });

  it('declining leaves the loan as it was and lets the borrower ask again; a declined or expired offer cannot be accepted', async () => {
    const { borrower, loan } = await overdueLoan();
    await ask(borrower, { orderId: loan.order.id, reason: 'family', monthlyAmount: 400_000 });
    const offerId = await approvedOffer(loan.order.id);
    const offered = (await view(borrower, loan.order.id)).envelope.data.offer!;
    const declined = await t.post<HardshipView>(API_PATHS.restructureDecline, { token: borrower.token, payload: { offerId } });
    expect(declined.envelope.code, declined.body).toBe(200);
    expect(declined.envelope.data).toMatchObject({ canAsk: true, offer: null, request: { state: 'declined' } });
    expect((await accept(borrower, { offerId, totalRepayable: offered.plan.totalRepayable })).envelope.code).toBe(ERRORS.RESTRUCTURE_OFFER_NOT_OPEN.code);
    expect((await orderRow(loan.order.id)).restructuredOn).toBeNull();

    // The borrower asks again; a new offer, left unanswered past its 7 days.
    expect((await ask(borrower, { orderId: loan.order.id, reason: 'family', monthlyAmount: 300_000 })).envelope.code).toBe(200);
    const second = await approvedOffer(loan.order.id);
    const total = (await view(borrower, loan.order.id)).envelope.data.offer!.plan.totalRepayable;
    const offerRow = async () => (await t.database.db.select().from(loanRestructures).where(eq(loanRestructures.id, second)))[0]!;
    // The offers job leaves an offer within its 7 days alone.
    await t.jobs.runNow(['restructure-offers']);
    expect((await offerRow()).state).toBe('offered');
    // Its 7 days over (moved back in the row: the borrower's session would not outlive a moved clock).
    await t.database.db.update(loanRestructures).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) }).where(eq(loanRestructures.id, second));
    expect((await view(borrower, loan.order.id)).envelope.data.offer).toBeNull();
    expect((await accept(borrower, { offerId: second, totalRepayable: total })).envelope.code).toBe(ERRORS.RESTRUCTURE_OFFER_NOT_OPEN.code);
    // The case page says it expired even before the job has run.
    expect((await preview(loan.order.id)).envelope.data).toMatchObject({ openOffer: null, lastOffer: { id: second, state: 'expired', decidedAt: null } });

    // The job marks it expired (no new offer needed) and the request waits for an offer again; a second run changes nothing.
    const ran = await t.jobs.runNow(['restructure-offers']);
    expect(ran['restructure-offers.expired']).toBeGreaterThanOrEqual(1);
    expect(await offerRow()).toMatchObject({ state: 'expired', decidedAt: expect.any(Date) });
    const decidedAt = (await offerRow()).decidedAt;
    expect((await t.jobs.runNow(['restructure-offers']))['restructure-offers.expired']).toBe(0);
    expect((await offerRow()).decidedAt).toEqual(decidedAt);
    const requestsIn = async (state: 'open' | 'offered') =>
      (await collector.browser.get<{ items: Array<{ orderId: number }> }>(ADMIN_PATHS.hardshipRequests, { state })).envelope.data.items.map((item) => item.orderId);
    expect(await requestsIn('open')).toContain(loan.order.id);
    expect(await requestsIn('offered')).not.toContain(loan.order.id);
    expect((await view(borrower, loan.order.id)).envelope.data).toMatchObject({ offer: null, request: { state: 'open' } });
    expect((await preview(loan.order.id)).envelope.data.lastOffer).toMatchObject({ id: second, state: 'expired', decidedAt: decidedAt!.toISOString() });
    expect((await accept(borrower, { offerId: second, totalRepayable: total })).envelope.code).toBe(ERRORS.RESTRUCTURE_OFFER_NOT_OPEN.code);
    // Expired, it no longer blocks a new offer.
    expect((await propose(loan.order.id)).envelope.code).toBe(200);
    await expectLedgerOk();
  });
});
