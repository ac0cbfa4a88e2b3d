import { API_PATHS, type RepayableOrder, type RepayQuote, type RepayStatus } from '@sen/contract';
import { accrueThrough, addVietnamDays, instalmentOutstanding, loanOutstanding, sumComponents, vietnamDate } from '@sen/domain';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { QRPay } from 'vietnam-qr-pay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SEPAY_WEBHOOK_KEY } from '../src/config.ts';
import { repaymentRequests } from '../src/db/schema.ts';
import { isRequestCode } from '../src/modules/repayment/transfer-matching.ts';
import { createBorrower, demoProducts, openLoan } from './helpers/loans.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Repayment requests and our page (issue 12; API-FAMILY.md §6.7–6.8; docs/decisions/076):
 * repay/url and multiple/order/repay quote what the chosen instalments or orders owe today with a
 * unique transfer content and the VietQR payload; refusals; the borrower's repayable orders; the
 * page (HTML, CSP, QR that decodes to the payload, languages, live status, development Pay now);
 * the order detail's payGoUrl. PGlite and PostgreSQL.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await demoProducts(t);
});
afterAll(async () => t?.close());

const today = () => vietnamDate(t.clock.now());

async function quoteFor(token: string, path: string, payload: Record<string, unknown>) {
  return t.post<RepayQuote>(path, { token, payload, lang: 'en' });
}

describe('repay/url and multiple/order/repay', () => {
  it('quotes the chosen instalments with a unique transfer content, the VietQR payload and our page', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 6_000_000n, planNums: 3, startDate: addVietnamDays(today(), -3) });
    const response = await quoteFor(borrower.token, API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: [1] });
    expect(response.envelope.code, response.body).toBe(200);
    const quote = response.envelope.data;
    const accrued = accrueThrough(loan.state, today()).state;
    expect(quote.amount).toBe(Number(sumComponents(instalmentOutstanding(accrued.instalments[0]!))));
    expect(isRequestCode(quote.transferContent)).toBe(true);
    expect(quote).toMatchObject({
      accountNumber: t.config.collection.accountNumber,
      accountName: t.config.collection.accountName,
      bankBin: t.config.collection.bankBin,
      bankName: t.config.collection.bankName,
    });
    const qr = new QRPay(quote.qrData);
    expect(qr.isValid).toBe(true);
    expect(qr.consumer).toMatchObject({ bankBin: t.config.collection.bankBin, bankNumber: t.config.collection.accountNumber });
    expect(qr.amount).toBe(String(quote.amount));
    expect(qr.additionalData.purpose).toBe(quote.transferContent);
    expect(quote.payUrl).toMatch(/^http:\/\/[^/]+\/pay\/[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(quote.expiresAt) - t.clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(quote.expiresAt) - t.clock.now().getTime()).toBeLessThanOrEqual(30 * 60_000);
    const [row] = await t.database.db.select().from(repaymentRequests).where(eq(repaymentRequests.id, quote.requestId));
    expect(row).toMatchObject({ userId: borrower.userId, code: quote.transferContent, items: [{ orderId: loan.order.id, planParts: [1] }], amount: BigInt(quote.amount), status: 'open' });
    // A second request: another code and page.
    const again = (await quoteFor(borrower.token, API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: [1] })).envelope.data;
    expect(again.transferContent).not.toBe(quote.transferContent);
    expect(again.payUrl).not.toBe(quote.payUrl);
  });

  it('a later instalment alone covers the earlier unpaid ones (money goes to the oldest first); all of them is the whole order', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 6_000_000n, planNums: 3, startDate: addVietnamDays(today(), -3) });
    const accrued = accrueThrough(loan.state, today()).state;
    const owed = accrued.instalments.map((row) => sumComponents(instalmentOutstanding(row)));
    const second = (await quoteFor(borrower.token, API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: [2] })).envelope.data;
    expect(second.amount).toBe(Number(owed[0]! + owed[1]!));
    const all = (await quoteFor(borrower.token, API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: '3,1,2' })).envelope.data;
    expect(all.amount).toBe(Number(sumComponents(loanOutstanding(accrued))));
    const rows = await t.database.db.select().from(repaymentRequests).where(eq(repaymentRequests.userId, borrower.userId));
    expect(rows.map((row) => row.items).sort((a, b) => b[0]!.planParts.length - a[0]!.planParts.length)).toEqual([
      [{ orderId: loan.order.id, planParts: [1, 2] }],
      [{ orderId: loan.order.id, planParts: [] }],
    ]);
  });

  it('refuses: none selected (the spec’s message), an instalment the order lacks, another’s or an unknown order, an order with nothing to repay', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    for (const planNumList of [[], '', undefined]) {
      const none = await quoteFor(borrower.token, API_PATHS.repayUrl, { orderNo: loan.order.orderNo, ...(planNumList === undefined ? {} : { planNumList }) });
      expect(none.statusCode).toBe(400);
      expect(none.envelope).toMatchObject({ code: 400, message: 'Please select at least one repayment order' });
    }
    const noneBatch = await quoteFor(borrower.token, API_PATHS.multipleOrderRepay, { orderNoList: [] });
    expect(noneBatch.envelope).toMatchObject({ code: 400, message: 'Please select at least one repayment order' });
    const unknownPlan = await quoteFor(borrower.token, API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: [4] });
    expect(unknownPlan.envelope).toMatchObject({ code: 400, message: 'Please select instalments of this order' });

    const other = await createBorrower(t);
    const theirs = await quoteFor(other.token, API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: [1] });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.envelope).toMatchObject({ code: 2701, message: 'Order not found' });
    expect((await quoteFor(other.token, API_PATHS.multipleOrderRepay, { orderNoList: [loan.order.orderNo] })).envelope.code).toBe(2701);
    expect((await quoteFor(borrower.token, API_PATHS.repayUrl, { orderNo: 'SEN26010199999999', planNumList: [1] })).envelope.code).toBe(2701);

    // Settled: nothing to repay.
    const payoff = sumComponents(loanOutstanding(accrueThrough(loan.state, today()).state));
    await postSepay(t, sepayTransfer(t, { content: loan.order.orderNo, transferAmount: Number(payoff) }));
    const settled = await quoteFor(borrower.token, API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: [1] });
    expect(settled.statusCode).toBe(409);
    expect(settled.envelope).toMatchObject({ code: 2708, message: 'This order has nothing to repay now' });
    // Without a session: 401.
    expect((await t.post(API_PATHS.repayUrl, { payload: { orderNo: loan.order.orderNo, planNumList: [1] } })).statusCode).toBe(401);
  });

  it('multiple/order/list: the borrower’s orders being repaid, oldest due first, in the family’s fields', async () => {
    const borrower = await createBorrower(t, 30_000_000n);
    const later = await openLoan(t, borrower, { principal: 3_000_000n, planNums: 3 });
    const sooner = await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -10) });
    const response = await t.post<RepayableOrder[]>(API_PATHS.multipleOrderList, { token: borrower.token, lang: 'vn' });
    expect(response.envelope.code).toBe(200);
    const list = response.envelope.data;
    expect(list.map((row) => row.orderNo)).toEqual([sooner.order.orderNo, later.order.orderNo]);
    const state = accrueThrough(sooner.state, today()).state;
    expect(list[0]).toEqual({
      orderId: sooner.order.id,
      orderNo: sooner.order.orderNo,
      productName: 'Sen Nhanh',
      actualRepayAmount: Number(sumComponents(loanOutstanding(state))),
      currencySymbol: '₫',
      orderStatus: 30,
      statusLabel: 'Chờ trả nợ',
      dueDate: sooner.instalments[0]!.dueDate,
      // What is due by the due date: the interest to that day included.
      dueAmount: Number(sumComponents(loanOutstanding(accrueThrough(sooner.state, sooner.instalments[0]!.dueDate).state))),
      overdueDays: 0,
      loanAmount: 2_000_000,
      amounts: {
        dueNow: 0,
        duePlanParts: [],
        nextInstalment: { planPart: 1, dueDate: sooner.instalments[0]!.dueDate, amount: Number(sumComponents(loanOutstanding(accrueThrough(sooner.state, sooner.instalments[0]!.dueDate).state))) },
        settleToday: Number(sumComponents(loanOutstanding(state))),
        remainingPrincipal: 2_000_000,
      },
    });
    expect(list[1]!.dueAmount).toBeLessThan(list[1]!.actualRepayAmount + 1);
    // Someone with no loans: an empty list.
    const nobody = await createBorrower(t);
    expect((await t.post<RepayableOrder[]>(API_PATHS.multipleOrderList, { token: nobody.token })).envelope.data).toEqual([]);
  });

  it('repay/status: the borrower’s own request only', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const quote = (await quoteFor(borrower.token, API_PATHS.multipleOrderRepay, { orderNoList: [loan.order.orderNo] })).envelope.data;
    const mine = await t.post<RepayStatus>(API_PATHS.repayStatus, { token: borrower.token, payload: { requestId: quote.requestId }, lang: 'en' });
    expect(mine.envelope.data).toEqual({
      status: 'open',
      amount: quote.amount,
      paidAmount: 0,
      paidAt: null,
      transferContent: quote.transferContent,
      orders: [{ orderNo: loan.order.orderNo, orderStatus: 30, statusLabel: 'Pending repayment', outstandingAmount: quote.amount }],
    });
    const other = await createBorrower(t);
    const theirs = await t.post(API_PATHS.repayStatus, { token: other.token, payload: { requestId: quote.requestId } });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('the repayment page', () => {
  async function pageFor(options: { principal?: bigint } = {}) {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: options.principal ?? 2_000_000n, planNums: 1 });
    const quote = (await quoteFor(borrower.token, API_PATHS.multipleOrderRepay, { orderNoList: [loan.order.orderNo] })).envelope.data;
    const path = new URL(quote.payUrl).pathname;
    return { borrower, loan, quote, path, token: path.split('/').pop()! };
  }

  it('is self-contained HTML under a strict CSP: amount, QR code that scans to the payload, account, holder and content to copy, expiry, status', async () => {
    const { quote, path, loan } = await pageFor();
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('<html lang="vi">');
    // Every script and style carries the nonce; no inline handlers or style attributes.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([`<script nonce="${nonce}">`]);
    expect(html.match(/<style\b[^>]*>/g)).toEqual([`<style nonce="${nonce}">`]);
    expect(html).not.toMatch(/\son[a-z]+=|\sstyle=/);
    expect(html).toContain(new Intl.NumberFormat('vi-VN').format(quote.amount));
    for (const text of [quote.accountNumber, quote.accountName, quote.bankName, quote.transferContent, loan.order.orderNo]) expect(html).toContain(text);
    expect(html.match(/class="copy"/g)).toHaveLength(5);
    // Each copy button names what it copies; the amount is shown formatted and copied as digits.
    expect(html).toContain(`<button type="button" class="copy" data-copy="${quote.transferContent}" data-what="Nội dung chuyển khoản" aria-label="Sao chép Nội dung chuyển khoản">`);
    expect(html).toContain(`data-copy="${quote.amount}" data-what="Số tiền"`);
    expect(html).toContain(`data-copy="${quote.accountNumber}" data-what="Số tài khoản"`);
    expect(html).toContain('role="status"');
    expect(html.match(/<section class="card transfer"[^>]*>/g)).toEqual(['<section class="card transfer" aria-labelledby="amount-heading">', '<section class="card transfer">']);
    expect(html).toContain('<button type="button" class="primary" id="dev-pay">Thanh toán ngay (môi trường phát triển)</button>');
    // The inline SVG is a QR code of exactly the payload.
    const svg = /<svg role="img"[^>]*>[\s\S]*?<\/svg>/.exec(html)![0];
    const { data, info } = await sharp(Buffer.from(svg.replace('<svg ', '<svg width="400" height="400" '))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).toBe(quote.qrData);
  });

  it('speaks the language asked for (lang=en, Accept-Language zh), and answers an unknown link with a 404 page', async () => {
    const { path } = await pageFor();
    const english = await t.app.inject({ method: 'GET', url: `${path}?lang=en` });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<title>Repayment</title>');
    expect(english.body).toContain('Pay now (development)');
    const chinese = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' } });
    expect(chinese.body).toContain('<title>还款</title>');
    const missing = await t.app.inject({ method: 'GET', url: '/pay/abcdefghijklmnopqrstuvwxyz012345' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('Không tìm thấy trang thanh toán');
    // A token we could never have made: the 404 envelope.
    for (const url of ['/pay/short', '/pay/%3Cscript%3E', '/pay/:token']) {
      const malformed = await t.app.inject({ method: 'GET', url });
      expect(malformed.statusCode, url).toBe(404);
      expect(malformed.json()).toMatchObject({ code: 404, data: null });
    }
  });

  it('polls its status by token; the development Pay now sends the bank’s webhook (part, then the rest) until the order is settled', async () => {
    const { quote, token, loan, path } = await pageFor({ principal: 3_000_000n });
    const status = async () => (await t.get<RepayStatus>(API_PATHS.payPageStatus, { skipDefaultParams: true, sign: false, payload: { token }, lang: 'en' })).envelope;
    expect((await status()).data).toMatchObject({ status: 'open', paidAmount: 0, orders: [{ orderNo: loan.order.orderNo, orderStatus: 30 }] });
    const part = await t.app.inject({ method: 'POST', url: API_PATHS.devPayNow, payload: { token, amount: 1_000_000 } });
    expect(part.json()).toMatchObject({ code: 200, data: { success: true, transferId: expect.stringMatching(/^\d+$/) } });
    expect((await status()).data).toMatchObject({ status: 'partly_paid', paidAmount: 1_000_000, orders: [{ outstandingAmount: quote.amount - 1_000_000 }] });
    const rest = await t.app.inject({ method: 'POST', url: API_PATHS.devPayNow, payload: { token, amount: quote.amount - 1_000_000 } });
    expect(rest.json()).toMatchObject({ data: { success: true } });
    expect((await status()).data).toMatchObject({ status: 'paid', paidAmount: quote.amount, orders: [{ orderStatus: 40, statusLabel: 'Settled', outstandingAmount: 0 }] });
    const settledPage = (await t.app.inject({ method: 'GET', url: `${path}?lang=en` })).body;
    expect(settledPage).toContain('Your loan is fully repaid. Thank you!');
    // Nothing left to transfer (issue 25 item 8): the QR, the amount and the account are hidden.
    expect(settledPage.match(/<section class="card transfer"[^>]*>/g)).toEqual(['<section class="card transfer" aria-labelledby="amount-heading" hidden>', '<section class="card transfer" hidden>']);
    expect((await t.services.loans.readLoan(loan.order.id))!.order.state).toBe('settled');
    expect((await t.services.ledger.check()).violations).toEqual([]);
    // An unknown token: not found, on both.
    expect((await t.app.inject({ method: 'POST', url: API_PATHS.devPayNow, payload: { token: 'abcdefghijklmnopqrstuvwxyz012345' } })).statusCode).toBe(404);
    expect((await t.get(API_PATHS.payPageStatus, { skipDefaultParams: true, sign: false, payload: { token: 'abcdefghijklmnopqrstuvwxyz012345' } })).statusCode).toBe(404);
  });
});

describe('payGoUrl for the order detail', () => {
  it('is our page for the whole order, reused while it stands and the amount is the same; null once settled', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const first = await t.services.repaymentRequests.payGoUrl(loan.order, 'https://app.sen.vn');
    expect(first).toMatch(/^https:\/\/app\.sen\.vn\/pay\/[A-Za-z0-9_-]{32}$/);
    expect(await t.services.repaymentRequests.payGoUrl(loan.order, 'https://app.sen.vn')).toBe(first);
    await postSepay(t, sepayTransfer(t, { content: loan.order.orderNo, transferAmount: 500_000 }));
    const afterPart = await t.services.repaymentRequests.payGoUrl(loan.order, 'https://app.sen.vn');
    expect(afterPart).not.toBe(first);
    const token = afterPart!.split('/').pop()!;
    const [row] = await t.database.db.select().from(repaymentRequests).where(eq(repaymentRequests.pageToken, token));
    expect(row).toMatchObject({ items: [{ orderId: loan.order.id, planParts: [] }] });
    await postSepay(t, sepayTransfer(t, { content: loan.order.orderNo, transferAmount: Number(row!.amount) }));
    const settled = (await t.services.loans.readLoan(loan.order.id))!.order;
    expect(settled.state).toBe('settled');
    expect(await t.services.repaymentRequests.payGoUrl(settled, 'https://app.sen.vn')).toBeNull();
  });
});

describe('after the quote’s time', () => {
  it('a request past its expiry shows expired; a transfer for it is still applied', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const quote = (await quoteFor(borrower.token, API_PATHS.multipleOrderRepay, { orderNoList: [loan.order.orderNo] })).envelope.data;
    t.clock.advance(31 * 60_000);
    const token = new URL(quote.payUrl).pathname.split('/').pop()!;
    const status = await t.get<RepayStatus>(API_PATHS.payPageStatus, { skipDefaultParams: true, sign: false, payload: { token } });
    expect(status.envelope.data.status).toBe('expired');
    expect((await t.app.inject({ method: 'GET', url: `/pay/${token}?lang=en` })).body).toContain('This amount was valid until');
    await postSepay(t, sepayTransfer(t, { content: quote.transferContent, transferAmount: 700_000 }));
    const after = await t.get<RepayStatus>(API_PATHS.payPageStatus, { skipDefaultParams: true, sign: false, payload: { token } });
    expect(after.envelope.data).toMatchObject({ status: 'partly_paid', paidAmount: 700_000 });
  });
});

describe('in production', () => {
  it('has no Pay now (route or button); without SEPAY_WEBHOOK_KEY the webhook refuses every call; PUBLIC_BASE_URL makes the links', async () => {
    const production = await createTestApp({
      config: (config) => ({ ...config, nodeEnv: 'production', repayment: { ...config.repayment, webhookKey: undefined }, ekyc: { ...config.ekyc, publicBaseUrl: 'https://app.sen.vn' } }),
    });
    try {
      await demoProducts(production);
      const borrower = await createBorrower(production);
      const loan = await openLoan(production, borrower, { principal: 2_000_000n, planNums: 1 });
      const quote = await production.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: borrower.token, payload: { orderNoList: [loan.order.orderNo] } });
      expect(quote.envelope.data.payUrl).toMatch(/^https:\/\/app\.sen\.vn\/pay\//);
      const page = await production.app.inject({ method: 'GET', url: new URL(quote.envelope.data.payUrl).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('id="dev-pay"');
      expect(page.body).not.toContain('Thanh toán ngay');
      const token = new URL(quote.envelope.data.payUrl).pathname.split('/').pop()!;
      expect((await production.app.inject({ method: 'POST', url: API_PATHS.devPayNow, payload: { token } })).statusCode).toBe(404);
      const refused = await postSepay(production, sepayTransfer(production, { content: quote.envelope.data.transferContent }), DEV_SEPAY_WEBHOOK_KEY);
      expect(refused.statusCode).toBe(401);
    } finally {
      await production.close();
    }
  });
});
