import { vietnamDate } from '@sen/domain';
import {
  API_PATHS,
  ERRORS,
  HEADERS,
  translate,
  type AgreementContent,
  type BatchCommitResult,
  type CommittedOrder,
  type HomeIndex,
  type LoanPage,
  type OrderBean,
  type OrderDetail,
  type ProductInfoDetail,
  type RepayQuote,
  type Ticker,
} from '@sen/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAcceptances, creditAccounts, loanOrders, payoutAttempts } from '../src/db/schema.ts';
import { samplePng } from './helpers/images.ts';
import { createBorrower, demoProducts, type TestBorrower } from './helpers/loans.ts';
import { postMultipart } from './helpers/multipart.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Borrowing end to end through the API (issue 11; decisions 070, 071, 073) on PGlite and
 * PostgreSQL: the quote in the family's detail shape with the full cost, the agreements, the
 * commit's every refusal, idempotency (auditKey, header, derived key), the credit limit under 64
 * concurrent commits, batches, the payout, the orders and their detail, the home's orders tab and
 * ticker, repay & auto-apply, the guards; the ledger check after each.
 */
let t: TestApp;
let products: Awaited<ReturnType<typeof demoProducts>>;

beforeAll(async () => {
  t = await createTestApp({
    config: (config) => ({ ...config, loan: { tickerMinLoans: 2 }, payout: { ...config.payout, devDelayMs: 0 } }),
  });
  products = await demoProducts(t);
});
afterAll(async () => t?.close());

const flexible = () => products.get('sen-linh-hoat')!; // 2–10 M, 90 days, plans 1 and 3, 0.04 %/day
const quick = () => products.get('sen-nhanh')!; // 1–5 M, 30 days, plan 1

const commit = (b: TestBorrower, fields: Record<string, string>, options: { headers?: Record<string, string>; files?: Parameters<typeof postMultipart>[2]['files'] } = {}) =>
  postMultipart<CommittedOrder>(t, API_PATHS.orderCommit, { token: b.token, fields: { payWay: 'CARD', ip: '', imei: 'device-1', coordinate: '0.0,0.0', auditKey: 'auditKey', ...fields }, ...(options.files ? { files: options.files } : {}), ...(options.headers ? { headers: options.headers } : {}) });
const detailOf = async (b: TestBorrower, productId: number, amount: number) => t.post<ProductInfoDetail>(API_PATHS.productInfoDetail, { token: b.token, payload: { productId: String(productId), amount: String(amount) } });
const runPayouts = async () => {
  await t.services.payouts.runDue();
  await t.services.payouts.runDue();
};
const expectLedgerOk = async () => expect((await t.services.ledger.check()).violations).toEqual([]);
const home = async (b: TestBorrower) => (await t.post<HomeIndex>(API_PATHS.homeIndex, { token: b.token })).envelope.data;

describe('productInfo/detail: the quote with the full cost (API-FAMILY.md §6.1)', () => {
  it('answers the term, every plan with its schedule, the fees, the amount received, the total and the APR', async () => {
    const b = await createBorrower(t, 8_000_000n);
    const response = await detailOf(b, flexible().id, 4_000_000);
    expect(response.envelope.code, response.body).toBe(200);
    const data = response.envelope.data;
    expect(data).toMatchObject({ id: flexible().id, productId: flexible().id, loanAmount: 4_000_000, timeLimit: 90, isSign: 1, bankInfoPayOutFailSign: false, bankInfoId: b.accountId, userCreditAmount: 8_000_000 });
    expect(data.bankNo).toMatch(/^\*+\d{4}$/);
    const [term] = data.loanTermConfigDTOList;
    expect(term!.id).toBe(flexible().id);
    expect(term!.productInstallmentPlanDTOList.map((plan) => plan.planNums)).toEqual([1, 3]);
    const three = term!.productInstallmentPlanDTOList.find((plan) => plan.planNums === 3)!;
    expect(three.appRepaymentPlanDTOList).toHaveLength(3);
    const sum = three.appRepaymentPlanDTOList.reduce((total, row) => total + row.totalRepayment, 0);
    expect(sum).toBe(three.totalRepayment);
    expect(three.appRepaymentPlanDTOList.reduce((total, row) => total + row.repayActualAmount, 0)).toBe(4_000_000);
    // The fee (1.5 %) is taken out of the payout: 60,000 ₫; received 3,940,000 ₫.
    expect(data.serviceAmount).toBe(60_000);
    expect(data.actualAmount).toBe(3_940_000);
    expect(three.costOfCredit).toBe(three.totalRepayment - three.actualAmount);
    expect(three.aprPercent).toBeGreaterThan(14.6);
    expect(data.agreements.map((agreement) => agreement.document)).toEqual(['lease', 'pawn']);
  });

  it('keeps the amount within the product and the available credit; refuses a product not open and a borrower not approved', async () => {
    const b = await createBorrower(t, 3_000_000n);
    expect((await detailOf(b, flexible().id, 50_000_000)).envelope.data.loanAmount).toBe(3_000_000);
    expect((await detailOf(b, flexible().id, 1)).envelope.data.loanAmount).toBe(2_000_000);
    expect((await detailOf(b, 999_999, 2_000_000)).envelope.code).toBe(ERRORS.PRODUCT_NOT_AVAILABLE.code);
    const poor = await createBorrower(t, 1_000_000n);
    expect((await detailOf(poor, flexible().id, 2_000_000)).envelope.code).toBe(ERRORS.CREDIT_LIMIT_EXCEEDED.code);
    const rejected = await createBorrower(t);
    await t.database.db.execute(sql`update credit_accounts set status = 2, next_try_date = '2027-01-05' where user_id = ${rejected.userId}`);
    const refused = await detailOf(rejected, flexible().id, 2_000_000);
    expect(refused.envelope.code).toBe(ERRORS.CREDIT_NOT_APPROVED.code);
    expect(refused.envelope.data).toMatchObject({ creditStatus: 2, enableLoanDate: '2027-01-05' });
  });
});

describe('agreements (decision 071)', () => {
  it('fills both documents with the borrower, the figures and the amount in Vietnamese words; the HTML page for the family', async () => {
    const b = await createBorrower(t);
    const lease = await t.post<AgreementContent>(API_PATHS.agreementContent, { token: b.token, lang: 'vn', payload: { document: 'lease', productId: String(flexible().id), amount: 4_000_000, planNums: 3 } });
    expect(lease.envelope.code, lease.body).toBe(200);
    expect(lease.envelope.data.text).toContain('bốn triệu đồng');
    expect(lease.envelope.data.text).toContain(b.phone.slice(-3));
    expect(lease.envelope.data.text).not.toContain(b.phone);
    expect(lease.envelope.data.version).toMatch(/^lease-/);
    const page = await t.app.inject({ method: 'GET', url: `${API_PATHS.pawnAgreementPage}?userId=1&productId=${flexible().id}&amount=3000000`, headers: { lang: 'en_US' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('REPAYMENT AND COLLECTION UNDERTAKING');
    // A visitor's page never names a borrower, and an order's page needs its owner's session.
    expect(page.body).not.toContain(b.phone.slice(-3) + '<');
    expect((await t.app.inject({ method: 'GET', url: `${API_PATHS.leaseAgreementPage}?orderId=1` })).statusCode).toBe(404);
    // A signed-in borrower's agreement naming neither an order nor a product: nothing to show, a
    // refusal the page turns into its 404 (it was a TypeError and a 500; the fuzz found it).
    await expect(t.services.borrowing.agreementText(b.userId, b.phone, 'vn', 'lease', { productIds: [], amount: 3_000_000 })).rejects.toMatchObject({ errorName: 'NOT_FOUND' });
  });
});

describe('order/commit/with/event (decision 070)', () => {
  it('commits: the order pending payout, credit and quota taken, the acceptances recorded with the text’s hash, the first attempt made', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const usage = (await t.services.product.usageOn(vietnamDate(t.clock.now()))).get(flexible().id) ?? 0;
    const response = await commit(b, { productId: String(flexible().id), amount: '4000000', loanTermId: String(flexible().id), planNums: '3', bankInfoId: String(b.accountId), auditKey: 'commit-one' }, { headers: {} });
    expect(response.envelope.code, response.body).toBe(200);
    const order = response.envelope.data;
    expect(order).toMatchObject({ productId: flexible().id, loanAmount: 4_000_000, orderStatus: 10, statusName: 'Pending' });
    expect(order.orderNo).toMatch(/^SEN\d{14}$/);
    expect((await t.services.credit.account(b.userId))!.usedAmount).toBe(4_000_000n);
    expect((await t.services.product.usageOn(vietnamDate(t.clock.now()))).get(flexible().id)).toBe(usage + 1);
    const acceptances = await t.database.db.select().from(contractAcceptances).where(eq(contractAcceptances.orderId, order.orderId));
    expect(acceptances.map((row) => row.document).sort()).toEqual(['lease', 'pawn']);
    const shown = await t.post<AgreementContent>(API_PATHS.agreementContent, { token: b.token, payload: { document: 'lease', orderId: order.orderId } });
    expect(acceptances.find((row) => row.document === 'lease')!.textHash).toBe(shown.envelope.data.textHash);
    expect(await t.database.db.select().from(payoutAttempts).where(eq(payoutAttempts.orderId, order.orderId))).toMatchObject([{ attempt: 1, state: 'created' }]);
    await expectLedgerOk();
  });

  it.each([
    ['a product not open', { productId: '999999' }, 'PRODUCT_NOT_AVAILABLE'],
    ['an amount below the product', { amount: '500000' }, 'VALIDATION_FAILED'],
    ['an amount above the product', { amount: '20000000' }, 'VALIDATION_FAILED'],
    ['a plan not offered', { planNums: '6' }, 'LOAN_TERM_INVALID'],
    ['another term', { loanTermId: '999999' }, 'LOAN_TERM_INVALID'],
    ['someone else’s user id', { userId: '1' }, 'ACCESS_DENIED'],
    ['an unknown account', { bankInfoId: '987654321' }, 'BANK_ACCOUNT_NOT_FOUND'],
    ['an account id of 0 (names nothing)', { bankInfoId: '0' }, 'BANK_ACCOUNT_NOT_FOUND'],
    ['a negative account id', { bankInfoId: '-3' }, 'BANK_ACCOUNT_NOT_FOUND'],
    ['a wallet payout without a wallet id', { payWay: 'WALLET' }, 'BANK_ACCOUNT_NOT_FOUND'],
    ['a wallet payout with wallet id 0', { payWay: 'WALLET', userCashWalletId: '0' }, 'BANK_ACCOUNT_NOT_FOUND'],
    ['an outdated agreement', { agreementVersion: 'lease-1999-01-01' }, 'AGREEMENT_OUTDATED'],
  ] as const)('refuses %s, taking nothing', async (_label, change, error) => {
    const b = await createBorrower(t, 10_000_000n);
    const response = await commit(b, { productId: String(flexible().id), amount: '3000000', ...change });
    expect(response.envelope.code, response.body).toBe(ERRORS[error].code);
    expect(response.statusCode).toBeLessThan(500);
    expect((await t.services.credit.account(b.userId))!.usedAmount).toBe(0n);
  });

  it('refuses a wallet payout that names the borrower\'s card, taking nothing', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const response = await commit(b, { productId: String(flexible().id), amount: '3000000', payWay: 'WALLET', userCashWalletId: String(b.accountId) });
    expect(response.envelope.code, response.body).toBe(ERRORS.BANK_ACCOUNT_NOT_FOUND.code);
    expect((await t.services.credit.account(b.userId))!.usedAmount).toBe(0n);
  });

  it('refuses beyond the remaining limit and when pre-credit is pending, with the dates the home shows', async () => {
    const b = await createBorrower(t, 3_000_000n);
    expect((await commit(b, { productId: String(flexible().id), amount: '4000000' })).envelope.code).toBe(ERRORS.CREDIT_LIMIT_EXCEEDED.code);
    const pending = await createBorrower(t);
    await t.database.db.execute(sql`update credit_accounts set status = 0 where user_id = ${pending.userId}`);
    const refused = await commit(pending, { productId: String(flexible().id), amount: '3000000' });
    expect(refused.envelope).toMatchObject({ code: ERRORS.CREDIT_NOT_APPROVED.code, data: { creditStatus: 0, enableLoanDate: null } });
    // Rejected: the refusal carries the date the borrower may try again; nothing of the credit is taken.
    await t.database.db.execute(sql`update credit_accounts set status = 2, next_try_date = '2027-01-05' where user_id = ${pending.userId}`);
    const rejected = await commit(pending, { productId: String(flexible().id), amount: '3000000', auditKey: 'after-rejection' });
    expect(rejected.envelope).toMatchObject({ code: ERRORS.CREDIT_NOT_APPROVED.code, data: { creditStatus: 2, enableLoanDate: '2027-01-05' } });
    const [standing] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.userId, pending.userId));
    expect(standing!.usedAmount).toBe(0n);
  });

  it('asks for the signature where the product requires one, and keeps it', async () => {
    const b = await createBorrower(t);
    await t.services.product.upsert({ ...quickInput(), code: 'signed-product', signatureRequired: true, dailyQuota: null });
    const signed = (await t.services.product.activeProducts()).find((product) => product.code === 'signed-product')!;
    expect((await detailOf(b, signed.id, 2_000_000)).envelope.data.isSign).toBe(0);
    expect((await commit(b, { productId: String(signed.id), amount: '2000000' })).envelope.code).toBe(ERRORS.SIGNATURE_REQUIRED.code);
    const ok = await commit(b, { productId: String(signed.id), amount: '2000000' }, { files: { signPic: { data: await samplePng(400, 240), filename: 'sign.png', contentType: 'image/png' } } });
    expect(ok.envelope.code, ok.body).toBe(200);
    const [acceptance] = await t.database.db.select().from(contractAcceptances).where(eq(contractAcceptances.orderId, ok.envelope.data.orderId));
    expect(acceptance!.signatureFileId).not.toBeNull();
    await t.services.product.upsert({ ...quickInput(), code: 'signed-product', signatureRequired: true, active: false });
  });

  it('makes one order for the same auditKey sent 10 times at once, and for the family’s literal auditKey repeated', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const answers = await Promise.all(Array.from({ length: 10 }, () => commit(b, { productId: String(quick().id), amount: '2000000', auditKey: 'same-key-10' })));
    const ids = new Set(answers.map((answer) => answer.envelope.data?.orderId));
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    expect(answers.every((answer) => answer.envelope.code === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const literal = [await commit(b, { productId: String(quick().id), amount: '1500000' }), await commit(b, { productId: String(quick().id), amount: '1500000' })];
    expect(literal[0]!.envelope.data.orderId).toBe(literal[1]!.envelope.data.orderId);
    expect((await t.database.db.select().from(loanOrders).where(eq(loanOrders.userId, b.userId))).length).toBe(2);
    expect((await t.services.credit.account(b.userId))!.usedAmount).toBe(3_500_000n);
    await expectLedgerOk();
  });

  it('refuses a client key reused with another request (409, decision 086); the same request with new device facts gets its order', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const first = await commit(b, { productId: String(quick().id), amount: '2000000', auditKey: 'reused-key' });
    expect(first.envelope.code, first.body).toBe(200);
    const other = await commit(b, { productId: String(quick().id), amount: '3000000', auditKey: 'reused-key' });
    expect(other.statusCode).toBe(409);
    expect(other.envelope.code).toBe(ERRORS.IDEMPOTENCY_KEY_REUSED.code);
    expect(other.envelope.message).toBe(translate('vn', ERRORS.IDEMPOTENCY_KEY_REUSED.messageKey));
    const retry = await commit(b, { productId: String(quick().id), amount: '2000000', auditKey: 'reused-key', imei: 'device-2', coordinate: '10.8,106.6' });
    expect(retry.envelope.data.orderId).toBe(first.envelope.data.orderId);
    // The Idempotency-Key header (the body's auditKey the family's literal) is compared the same way.
    const byHeader = await commit(b, { productId: String(quick().id), amount: '1000000' }, { headers: { [HEADERS.idempotencyKey]: 'header-key' } });
    expect(byHeader.envelope.code, byHeader.body).toBe(200);
    const headerReused = await commit(b, { productId: String(flexible().id), amount: '2000000' }, { headers: { [HEADERS.idempotencyKey]: 'header-key' } });
    expect([headerReused.statusCode, headerReused.envelope.code]).toEqual([409, ERRORS.IDEMPOTENCY_KEY_REUSED.code]);
    // A batch's key: another set of products under it is refused before anything is borrowed.
    const ids = [quick().id, flexible().id];
    const batch = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, fields: { productIds: String(ids[0]), payWay: 'CARD', auditKey: 'batch-key' } });
    expect(batch.envelope.data.map((result) => result.pushStatus), batch.body).toEqual([200]);
    const batchReused = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, fields: { productIds: ids.join(','), payWay: 'CARD', auditKey: 'batch-key' } });
    expect([batchReused.statusCode, batchReused.envelope.code]).toEqual([409, ERRORS.IDEMPOTENCY_KEY_REUSED.code]);
    expect(await t.database.db.select().from(loanOrders).where(eq(loanOrders.userId, b.userId))).toHaveLength(3);
    expect((await t.services.credit.account(b.userId))!.usedAmount).toBe(3_000_000n + BigInt(batch.envelope.data[0]!.loanAmount));
    await expectLedgerOk();
  });

  it('never lends past the limit under 64 concurrent commits with different keys', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const answers = await Promise.all(Array.from({ length: 64 }, (_, index) => commit(b, { productId: String(quick().id), amount: '1000000', auditKey: `parallel-${index}` })));
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    const made = answers.filter((answer) => answer.envelope.code === 200);
    expect(made).toHaveLength(10);
    expect(answers.filter((answer) => answer.envelope.code !== 200).every((answer) => answer.envelope.code === ERRORS.CREDIT_LIMIT_EXCEEDED.code)).toBe(true);
    expect((await t.services.credit.account(b.userId))!.usedAmount).toBe(10_000_000n);
    expect(await t.database.db.select().from(loanOrders).where(eq(loanOrders.userId, b.userId))).toHaveLength(10);
    await expectLedgerOk();
  });
});

describe('batch commit (order/commit/all/with/event)', () => {
  it('borrows from several products at once with a result per product', async () => {
    const b = await createBorrower(t, 9_000_000n);
    const page = (await t.post<LoanPage>(API_PATHS.loanPage, { token: b.token })).envelope.data;
    const ids = page.showProducts.map((product) => product.productId);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const response = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, {
      token: b.token,
      fields: {
        productIds: ids.join(','),
        productLoanTermIdMap: JSON.stringify(Object.fromEntries(ids.map((id) => [id, id]))),
        productInstallmentMap: JSON.stringify(Object.fromEntries(ids.map((id) => [id, null]))),
        payWay: 'CARD',
        auditKey: 'auditKey',
      },
    });
    expect(response.envelope.code, response.body).toBe(200);
    const results = response.envelope.data;
    expect(results.map((result) => result.productId)).toEqual(ids);
    expect(results.every((result) => result.pushStatus === 200 && result.orderNo !== null)).toBe(true);
    expect(results.reduce((sum, result) => sum + result.loanAmount, 0)).toBe(page.canApplyAmount);
    // Once more: the same orders, no new ones.
    const again = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, fields: { productIds: ids.join(','), payWay: 'CARD', auditKey: 'auditKey' } });
    expect(again.envelope.data.map((result) => result.orderId)).toEqual(results.map((result) => result.orderId));
    await expectLedgerOk();
  });
});

describe('batch commit: the plan chosen per product (withdraw offers the product page\'s plans)', () => {
  it('borrows Sen Linh Hoạt in 3 instalments when the map says 3, the others on their default', async () => {
    const b = await createBorrower(t, 9_000_000n);
    const ids = (await t.post<LoanPage>(API_PATHS.loanPage, { token: b.token })).envelope.data.showProducts.map((product) => product.productId);
    expect(ids).toContain(flexible().id);
    const response = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, {
      token: b.token,
      fields: { productIds: ids.join(','), productInstallmentMap: JSON.stringify({ [flexible().id]: 3 }), payWay: 'CARD', auditKey: 'plans-per-product' },
    });
    expect(response.envelope.code, response.body).toBe(200);
    expect(response.envelope.data.every((result) => result.pushStatus === 200)).toBe(true);
    const orders = await t.database.db.select().from(loanOrders).where(eq(loanOrders.userId, b.userId));
    expect(orders.find((order) => order.productId === flexible().id)?.planNums).toBe(3);
    expect(orders.find((order) => order.productId === quick().id)?.planNums).toBe(1);
  });
});

describe('batch commit: a total that no product can lend', () => {
  it.each(['-5', '0', '1'])('refuses amount %s as invalid input (amount out of range), taking nothing', async (amount) => {
    const b = await createBorrower(t, 9_000_000n);
    const ids = (await t.post<LoanPage>(API_PATHS.loanPage, { token: b.token })).envelope.data.showProducts.map((product) => product.productId);
    const response = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, lang: 'en', fields: { productIds: ids.join(','), payWay: 'CARD', amount } });
    expect([response.statusCode, response.envelope.code], response.body).toEqual([400, ERRORS.VALIDATION_FAILED.code]);
    expect(response.envelope.message).toContain('outside what this product lends');
    expect((await t.services.credit.account(b.userId))!.usedAmount).toBe(0n);
  });
});

describe('orders after payout, the home and the guards', () => {
  it('lists and details the order with every label, the home’s orders tab and the ticker of real payouts', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const committed = (await commit(b, { productId: String(flexible().id), amount: '3000000', planNums: '3', auditKey: 'listed' })).envelope.data;
    expect((await home(b)).repayProducts).toMatchObject([{ orderId: committed.orderId, orderStatus: 10 }]);
    // Guards while it is being paid out: the account stays, the account cannot close.
    const unbind = await t.post(API_PATHS.bankUnbind, { token: b.token, payload: { bankInfoId: String(b.accountId), payWay: 'CARD' } });
    expect([ERRORS.BANK_UNBIND_PAYOUT.code, ERRORS.BANK_UNBIND_ONLY_ACCOUNT.code]).toContain(unbind.envelope.code);
    const close = await t.post(API_PATHS.deleteUser, { token: b.token, payload: { rid: b.session.id } });
    expect(close.envelope.code).toBe(ERRORS.ACCOUNT_CLOSE_REFUSED.code);

    await runPayouts();
    const list = (await t.post<OrderBean[]>(API_PATHS.orderList, { token: b.token, lang: 'vn' })).envelope.data;
    expect(list[0]).toMatchObject({ orderId: committed.orderId, status: 30, statusName: 'Pending repayment', statusLabel: 'Chờ trả nợ', loanAmount: 3_000_000, historyOrders: 0 });
    const detail = await t.post<OrderDetail>(API_PATHS.orderDetail, { token: b.token, payload: { orderId: committed.orderId } });
    expect(detail.envelope.code, detail.body).toBe(200);
    const data = detail.envelope.data;
    expect(data.installmentRepaymentPlanDTOList).toHaveLength(3);
    expect(data).toMatchObject({ status: 30, canRepay: true, actualAmount: 2_955_000, serviceFee: 45_000, dayRateStr: '0.04', outstandingPrincipal: 3_000_000 });
    expect(data.contracts.map((contract) => contract.document)).toEqual(['lease', 'pawn']);
    expect(data.appOrderRepayDto.payGoUrl).toMatch(/\/pay\//);
    expect(data.receivingAccount.maskedNumber).toMatch(/^\*+\d{4}$/);
    const index = await home(b);
    expect(index).toMatchObject({ isNew: 0, showMultipleRepaySign: 1 });
    expect(index.repayProducts[0]).toMatchObject({ orderId: committed.orderId, orderStatus: 30 });
    // Someone else's order is not found.
    const other = await createBorrower(t);
    expect((await t.post(API_PATHS.orderDetail, { token: other.token, payload: { orderId: committed.orderId } })).envelope.code).toBe(ERRORS.ORDER_NOT_FOUND.code);
    // The ticker shows real payouts only, phones masked.
    const ticker = (await t.get<Ticker>(API_PATHS.loanTicker)).envelope.data;
    expect(ticker.show).toBe(true);
    expect(ticker.entries.every((entry) => /^\d{3}\*{4}\d{3}$/.test(entry.phone))).toBe(true);
    expect(ticker.entries.some((entry) => entry.phone === `${b.phone.slice(0, 3)}****${b.phone.slice(-3)}`)).toBe(true);
    await expectLedgerOk();
  });

  it('borrows again when a loan with apply/again settles (repay & auto-apply)', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const first = (await commit(b, { productId: String(quick().id), amount: '2000000', auditKey: 'reloan-first' })).envelope.data;
    await runPayouts();
    expect((await t.get<{ reloanButtonSign: string }>(API_PATHS.reloanButtonSign, { token: b.token })).envelope.data.reloanButtonSign).toBe('1');
    expect((await t.post(API_PATHS.applyAgain, { token: b.token, payload: { orderId: first.orderId, applyAgainSign: 1 } })).envelope.code).toBe(200);
    const quote = (await t.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: b.token, payload: { orderNoList: [first.orderNo] } })).envelope.data;
    expect((await postSepay(t, sepayTransfer(t, { content: `${quote.transferContent} tra no`, transferAmount: quote.amount }))).statusCode).toBe(200);
    const orders = await t.database.db.select().from(loanOrders).where(eq(loanOrders.userId, b.userId));
    expect(orders.find((order) => order.id === first.orderId)!.state).toBe('settled');
    const again = orders.filter((order) => order.id !== first.orderId);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ productId: quick().id, principal: 2_000_000n, state: 'pending' });
    await expectLedgerOk();
  });
});

describe('dates in Vietnam time (issue 25 item 4)', () => {
  it('dates a loan applied for at 23:30 and at 00:30 Vietnam time by Vietnam’s calendar, in its order and its evidence', async () => {
    // The next 16:30 UTC at least a minute ahead: 23:30 in Vietnam on the same date; an hour later, 00:30 of the next.
    const now = t.clock.now();
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 16, 30));
    while (target.getTime() < now.getTime() + 60_000) target.setUTCDate(target.getUTCDate() + 1);
    t.clock.advance(target.getTime() - now.getTime());
    const dated = async (auditKey: string) => {
      const b = await createBorrower(t, 10_000_000n);
      const committed = await commit(b, { productId: String(quick().id), amount: '2000000', auditKey });
      expect(committed.envelope.code, committed.body).toBe(200);
      await runPayouts();
      const detail = (await t.post<OrderDetail>(API_PATHS.orderDetail, { token: b.token, payload: { orderId: committed.envelope.data.orderId } })).envelope.data;
      const [acceptance] = await t.database.db.select().from(contractAcceptances).where(eq(contractAcceptances.orderId, committed.envelope.data.orderId));
      return { detail, acceptance: acceptance! };
    };
    const familyDate = (iso: string) => iso.split('-').reverse().join('-');

    const lateEvening = await dated('vn-23-30');
    const utcDay = target.toISOString().slice(0, 10);
    expect(vietnamDate(t.clock.now())).toBe(utcDay);
    expect([lateEvening.detail.applyDateStr, lateEvening.detail.loanDateStr]).toEqual([familyDate(utcDay), familyDate(utcDay)]);
    expect(vietnamDate(lateEvening.acceptance.acceptedAt)).toBe(utcDay);

    t.clock.advance(60 * 60 * 1000);
    const afterMidnight = await dated('vn-00-30');
    const vietnamDay = vietnamDate(t.clock.now());
    // Still the same date in UTC, already the next one in Vietnam: the order and the evidence say the next.
    expect(t.clock.now().toISOString().slice(0, 10)).toBe(utcDay);
    expect(vietnamDay).not.toBe(utcDay);
    expect([afterMidnight.detail.applyDateStr, afterMidnight.detail.loanDateStr]).toEqual([familyDate(vietnamDay), familyDate(vietnamDay)]);
    expect(vietnamDate(afterMidnight.acceptance.acceptedAt)).toBe(vietnamDay);
    expect(afterMidnight.acceptance.acceptedAtVietnam.startsWith(`${vietnamDay} 00:30`)).toBe(true);
    await expectLedgerOk();
  });
});

/** The quick demo product as an operator input, to vary. */
function quickInput() {
  const row = quick();
  return {
    code: row.code,
    name: row.name,
    minAmount: Number(row.minAmount),
    maxAmount: Number(row.maxAmount),
    termDays: row.termDays,
    planNums: row.planNums,
    dailyRatePpm: row.dailyRatePpm,
    serviceFeePpm: row.serviceFeePpm,
    overdueDailyRatePpm: row.overdueDailyRatePpm,
    signingCode: row.signingCode,
  };
}
