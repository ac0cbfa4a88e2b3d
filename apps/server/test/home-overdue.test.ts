import { API_PATHS, type HomeIndex } from '@sen/contract';
import { addVietnamDays, vietnamDate } from '@sen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBorrower, demoProducts, openLoan } from './helpers/loans.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Issue 25, item 2: the home tells an overdue borrower (how many loans, the most days overdue,
 * what settles them today) and says why each locked card is locked. New fields only: every field
 * the family reads keeps its meaning.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await demoProducts(t);
});
afterAll(async () => t?.close());

const today = () => vietnamDate(t.clock.now());
const home = async (token: string) => (await t.post<HomeIndex>(API_PATHS.homeIndex, { token })).envelope.data;

describe('the overdue home', () => {
  it('a borrower with nothing overdue: zeros, and open cards have no lock reason', async () => {
    const borrower = await createBorrower(t, 10_000_000n);
    const data = await home(borrower.token);
    expect(data).toMatchObject({ overdueOrderCount: 0, overdueDays: 0, overdueAmount: 0 });
    expect(data.showProducts.length).toBeGreaterThan(0);
    expect(data.showProducts.every((card) => card.lockReason === null)).toBe(true);
  });

  it('two loans 5 days overdue: the banner’s count, days and amount, and every card locked because of them', async () => {
    const borrower = await createBorrower(t, 4_000_000n);
    for (const days of [35, 33]) await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -days) });
    const data = await home(borrower.token);
    const list = (await t.post<Array<{ actualRepayAmount: number; overdueDays: number }>>(API_PATHS.multipleOrderList, { token: borrower.token })).envelope.data;
    expect(list.map((order) => order.overdueDays).sort()).toEqual([3, 5]);
    expect(data).toMatchObject({ overdueOrderCount: 2, overdueDays: 5, userCreditAmount: 0 });
    expect(data.overdueAmount).toBe(list.reduce((sum, order) => sum + order.actualRepayAmount, 0));
    expect(data.overdueAmount).toBeGreaterThan(4_000_000);
    expect(data.showProducts).toEqual([]);
    expect(data.canNotApplyProducts.length).toBeGreaterThan(0);
    expect(new Set(data.canNotApplyProducts.map((card) => card.lockReason))).toEqual(new Set(['overdue']));
  });

  it('a locked card without an overdue loan says credit, review or rejected', async () => {
    const borrower = await createBorrower(t, 2_000_000n);
    await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 2_000_000n, planNums: 1 });
    const data = await home(borrower.token);
    expect(data.overdueOrderCount).toBe(0);
    expect(new Set(data.canNotApplyProducts.map((card) => card.lockReason))).toEqual(new Set(['credit']));
  });
});
