import { API_PATHS, type OrderDetail, type RepayableOrder, type RepayQuote } from '@sen/contract';
import { addVietnamDays, vietnamDate } from '@sen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBorrower, demoProducts, openLoan, type TestBorrower } from './helpers/loans.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * One vocabulary of amounts on every view (issue 25 item 3; decision 119): the order detail, the
 * repayable orders (the repay list and the choose screen) and the repayment quotes carry the same
 * figure under the same name (due now, next instalment, to settle today, remaining principal); the
 * order's interest is the contract's whatever the day, the interest accrued so far apart; the total
 * repayment of an overdue loan includes its overdue fee. PGlite and PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await demoProducts(t);
});
afterAll(async () => t?.close());

const today = () => vietnamDate(t.clock.now());

const detailOf = async (borrower: TestBorrower, orderId: number) => {
  const response = await t.post<OrderDetail>(API_PATHS.orderDetail, { token: borrower.token, payload: { orderId }, lang: 'en' });
  expect(response.envelope.code, response.body).toBe(200);
  return response.envelope.data;
};
const listOf = async (borrower: TestBorrower) => (await t.post<RepayableOrder[]>(API_PATHS.multipleOrderList, { token: borrower.token, lang: 'en' })).envelope.data;
const quote = async (borrower: TestBorrower, path: string, payload: Record<string, unknown>) => {
  const response = await t.post<RepayQuote>(path, { token: borrower.token, payload, lang: 'en' });
  expect(response.envelope.code, response.body).toBe(200);
  return response.envelope.data.amount;
};

describe("the order's interest and total repayment (the issue's unpaid 30-day loan of 5,000,000 ₫)", () => {
  it('interest is the contract’s 45,000 on day 0, 10 and 40, accrued apart; the total includes the overdue fee of the overdue loan', async () => {
    const seen: Array<Pick<OrderDetail, 'interestAmount' | 'contractInterest' | 'accruedInterest' | 'totalRepayment' | 'penaltyAmount'>> = [];
    for (const daysAgo of [0, 10, 40]) {
      const borrower = await createBorrower(t);
      const loan = await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 5_000_000n, planNums: 1, startDate: addVietnamDays(today(), -daysAgo) });
      const detail = await detailOf(borrower, loan.order.id);
      seen.push({ interestAmount: detail.interestAmount, contractInterest: detail.contractInterest, accruedInterest: detail.accruedInterest, totalRepayment: detail.totalRepayment, penaltyAmount: detail.penaltyAmount });
      // To settle today is what the order asks now (the family's actualNeedRepayAmount).
      expect(detail.amounts?.settleToday).toBe(detail.actualNeedRepayAmount);
    }
    expect(seen).toEqual([
      { interestAmount: 45_000, contractInterest: 45_000, accruedInterest: 0, totalRepayment: 5_045_000, penaltyAmount: 0 },
      { interestAmount: 45_000, contractInterest: 45_000, accruedInterest: 15_000, totalRepayment: 5_045_000, penaltyAmount: 0 },
      // Ten days overdue at 0.045 %/day: 22,500 of overdue fee, in the total.
      { interestAmount: 45_000, contractInterest: 45_000, accruedInterest: 45_000, totalRepayment: 5_067_500, penaltyAmount: 22_500 },
    ]);
  });
});

describe('the same figure under the same name on every view', () => {
  it('an instalment loan 5 days overdue: detail and repay list agree; paying due now or settling today is quoted exactly that', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { productCode: 'sen-linh-hoat', principal: 3_000_000n, planNums: 3, startDate: addVietnamDays(today(), -35) });
    const detail = await detailOf(borrower, loan.order.id);
    const row = (await listOf(borrower)).find((order) => order.orderNo === loan.order.orderNo)!;
    expect(detail.amounts).not.toBeNull();
    expect(row.amounts).toEqual(detail.amounts);
    const amounts = detail.amounts!;
    expect(amounts.duePlanParts).toEqual([1]);
    expect(amounts.dueNow).toBe(detail.installmentRepaymentPlanDTOList[0]!.actualNeedRepayAmount);
    expect(amounts.dueNow).toBeGreaterThan(detail.installmentRepaymentPlanDTOList[0]!.scheduledTotal);
    expect(amounts.nextInstalment).toEqual({ planPart: 2, dueDate: detail.installmentRepaymentPlanDTOList[1]!.dueDate, amount: detail.installmentRepaymentPlanDTOList[1]!.scheduledTotal });
    expect(amounts.settleToday).toBe(row.actualRepayAmount);
    expect(amounts.remainingPrincipal).toBe(3_000_000);
    expect(await quote(borrower, API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: amounts.duePlanParts })).toBe(amounts.dueNow);
    expect(await quote(borrower, API_PATHS.multipleOrderRepay, { orderNoList: [loan.order.orderNo] })).toBe(amounts.settleToday);
  });

  it('a loan not yet due: nothing due now, its next instalment as the schedule has it on both views', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { productCode: 'sen-linh-hoat', principal: 3_000_000n, planNums: 3, startDate: addVietnamDays(today(), -10) });
    const detail = await detailOf(borrower, loan.order.id);
    const row = (await listOf(borrower)).find((order) => order.orderNo === loan.order.orderNo)!;
    expect(row.amounts).toEqual(detail.amounts);
    expect(detail.amounts).toMatchObject({ dueNow: 0, duePlanParts: [], nextInstalment: { planPart: 1, amount: detail.installmentRepaymentPlanDTOList[0]!.scheduledTotal } });
    expect(detail.amounts!.settleToday).toBeLessThan(detail.totalRepayment);
    expect(detail.totalRepayment).toBe(detail.scheduledTotal);
  });

  it('a settled order has no amounts to pay; its total is what it cost', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 2_000_000n, planNums: 1 });
    const owed = await quote(borrower, API_PATHS.multipleOrderRepay, { orderNoList: [loan.order.orderNo] });
    expect((await postSepay(t, sepayTransfer(t, { content: loan.order.orderNo, transferAmount: owed }))).statusCode).toBe(200);
    const detail = await detailOf(borrower, loan.order.id);
    expect(detail.actualNeedRepayAmount).toBe(0);
    expect(detail.amounts).toBeNull();
    // Paid out and settled the same day: no interest for days not used.
    expect(detail.totalRepayment).toBe(2_000_000);
  });
});

describe("an old loan's product name in the reader's language (issue 25 item 8)", () => {
  it('the order list, the detail and the repay list name the product in en and zh, and as made in vn', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 2_000_000n, planNums: 1 });
    const names: string[] = [];
    for (const lang of ['vn', 'en', 'zh'] as const) {
      const list = (await t.post<Array<{ orderId: number; productName: string }>>(API_PATHS.orderList, { token: borrower.token, lang })).envelope.data;
      const detail = (await t.post<OrderDetail>(API_PATHS.orderDetail, { token: borrower.token, payload: { orderId: loan.order.id }, lang })).envelope.data;
      const repay = (await t.post<RepayableOrder[]>(API_PATHS.multipleOrderList, { token: borrower.token, lang })).envelope.data;
      const name = list.find((order) => order.orderId === loan.order.id)!.productName;
      expect([detail.appOrderInfoDto.productName, repay.find((order) => order.orderNo === loan.order.orderNo)!.productName]).toEqual([name, name]);
      names.push(name);
    }
    expect(names).toEqual(['Sen Nhanh', 'Sen Express', 'Sen 快贷']);
  });
});
