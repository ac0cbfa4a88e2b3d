import { API_PATHS, type HomeIndex, type ProductCard } from '@sen/contract';
import { addVietnamDays, vietnamDate } from '@sen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBorrower, demoProducts, openLoan } from './helpers/loans.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * A card's amounts never go above what the borrower could ever borrow (their limit): a locked card
 * (not enough credit left now, or a loan overdue) ranges up to the limit, not to the product's
 * maximum; a one-value range reads as one amount; a limit below the product's minimum says so.
 */
let t: TestApp;
let products: Awaited<ReturnType<typeof demoProducts>>;

beforeAll(async () => {
  t = await createTestApp();
  products = await demoProducts(t);
});
afterAll(async () => t?.close());

const home = async (token: string) => (await t.post<HomeIndex>(API_PATHS.homeIndex, { token })).envelope.data;
const cardOf = (data: HomeIndex, code: string): ProductCard => [...data.showProducts, ...data.canNotApplyProducts].find((card) => card.productId === products.get(code)!.id)!;
const everyCard = (data: HomeIndex) => [...data.showProducts, ...data.canNotApplyProducts];

describe('product card ranges within the borrower’s limit', () => {
  it('limit 7,000,000 with 2,000,000 available: the locked Sen Plus card ranges 3,000,000 – 7,000,000, the open ones up to what is available', async () => {
    const borrower = await createBorrower(t, 7_000_000n);
    await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 5_000_000n, planNums: 1 });
    const data = await home(borrower.token);
    expect(data.userCreditAmount).toBe(2_000_000);
    const plus = cardOf(data, 'sen-plus');
    expect(plus).toMatchObject({ lock: true, lockReason: 'credit', minLoanAmount: 3_000_000, maxLoanAmount: 7_000_000, loanAmountRange: '3.000.000 - 7.000.000' });
    expect(cardOf(data, 'sen-nhanh')).toMatchObject({ lock: false, minLoanAmount: 1_000_000, maxLoanAmount: 2_000_000, loanAmountRange: '1.000.000 - 2.000.000' });
    // min = max: one amount, not a range.
    expect(cardOf(data, 'sen-linh-hoat')).toMatchObject({ lock: false, minLoanAmount: 2_000_000, maxLoanAmount: 2_000_000, loanAmountRange: '2.000.000' });
    expect(Math.max(...everyCard(data).map((card) => card.maxLoanAmount))).toBeLessThanOrEqual(7_000_000);
    expect(data.maxLoanAmount).toBeLessThanOrEqual(7_000_000);
  });

  it('the same borrower overdue: every card locked, none above the limit', async () => {
    const borrower = await createBorrower(t, 7_000_000n);
    await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 5_000_000n, planNums: 1, startDate: addVietnamDays(vietnamDate(t.clock.now()), -35) });
    const data = await home(borrower.token);
    expect(data.showProducts).toEqual([]);
    expect(cardOf(data, 'sen-plus')).toMatchObject({ lockReason: 'overdue', maxLoanAmount: 7_000_000, loanAmountRange: '3.000.000 - 7.000.000' });
    expect(Math.max(...everyCard(data).map((card) => card.maxLoanAmount))).toBeLessThanOrEqual(7_000_000);
    expect(data.maxLoanAmount).toBeLessThanOrEqual(7_000_000);
  });

  it('a limit below a product’s minimum: that card shows its minimum alone, locked for the limit', async () => {
    const borrower = await createBorrower(t, 2_000_000n);
    const data = await home(borrower.token);
    expect(cardOf(data, 'sen-plus')).toMatchObject({ lock: true, lockReason: 'limit', minLoanAmount: 3_000_000, maxLoanAmount: 3_000_000, loanAmountRange: '3.000.000' });
    expect(cardOf(data, 'sen-nhanh')).toMatchObject({ lock: false, maxLoanAmount: 2_000_000 });
  });
});
