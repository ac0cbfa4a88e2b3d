import { API_PATHS, ERRORS, type BatchCommitResult, type LoanPage } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBorrower, demoProducts, type TestBorrower } from './helpers/loans.ts';
import { postMultipart } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Withdraw with an amount choice (issue 25 item 3; decision 119): the loan page spreads the total
 * asked over the products (each up to its maximum, in display order), says the smallest and the
 * largest total, refuses a total outside them, and the batch commit lends exactly what the page
 * showed for that total. PGlite and PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 0 } }) });
  await demoProducts(t);
});
afterAll(async () => t?.close());

const page = (b: TestBorrower, amount?: number) => t.post<LoanPage>(API_PATHS.loanPage, { token: b.token, lang: 'en', payload: amount === undefined ? {} : { amount } });
/** Each product's share, by the product's code order on the home (Sen Nhanh 1–5 M, then Sen Linh Hoạt 2–10 M). */
const shares = (data: LoanPage) => data.showProducts.map((product) => product.loanAmount);

describe('index/loan/page with an amount', () => {
  it('spreads the total asked over the products, with the smallest and largest total; without one, all the credit as before', async () => {
    const b = await createBorrower(t, 9_000_000n);
    const all = (await page(b)).envelope.data;
    expect(all).toMatchObject({ canApplyAmount: 9_000_000, allAmount: 9_000_000, maxApplyAmount: 9_000_000, minApplyAmount: 1_000_000 });
    expect(shares(all)).toEqual([5_000_000, 4_000_000]);
    const three = (await page(b, 3_000_000)).envelope.data;
    expect(shares(three)).toEqual([3_000_000]);
    expect(three).toMatchObject({ canApplyAmount: 3_000_000, maxApplyAmount: 9_000_000, minApplyAmount: 1_000_000 });
    const seven = (await page(b, 7_000_000)).envelope.data;
    expect(shares(seven)).toEqual([5_000_000, 2_000_000]);
    // Each share with its own cost, as a product application shows it.
    for (const product of seven.showProducts) expect(product.totalRepayment).toBeGreaterThan(product.loanAmount);
  });

  it('refuses a total below the smallest or above the largest, with the amount message', async () => {
    const b = await createBorrower(t, 9_000_000n);
    for (const amount of [999_999, 9_000_001]) {
      const response = await page(b, amount);
      expect([response.statusCode, response.envelope.code], response.body).toEqual([400, ERRORS.VALIDATION_FAILED.code]);
      expect(response.envelope.message).toBe('The amount is outside what this product lends');
    }
  });

  it('the batch commit lends exactly the shares the page showed for that total, and no more of the credit', async () => {
    const b = await createBorrower(t, 9_000_000n);
    const seven = (await page(b, 7_000_000)).envelope.data;
    const ids = seven.showProducts.map((product) => product.productId);
    const response = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, lang: 'en', fields: { productIds: ids.join(','), payWay: 'CARD', amount: '7000000', auditKey: 'withdraw-7m' } });
    expect(response.envelope.code, response.body).toBe(200);
    expect(response.envelope.data.map((result) => [result.pushStatus, result.loanAmount])).toEqual([
      [200, 5_000_000],
      [200, 2_000_000],
    ]);
    expect((await t.services.credit.account(b.userId))!.usedAmount).toBe(7_000_000n);
  });
});
