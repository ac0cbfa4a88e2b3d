import { API_PATHS, ORDER_STATUS, PLAN_STATUS, type LoanAmounts, type OrderDetail, type OrderInstalment, type RepayableOrder } from '@sen/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { setNavigator } from '../../shared/navigation/navigation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, setupApiTest } from '../../test/api-test.ts';
import { orderBean, orderDetail } from '../../test/order-fixtures.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { authKeys } from '../auth/index.ts';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/*
 * One vocabulary of amounts (issue 25 item 3; decision 119): the repay list, the order page and the
 * choose screen show the server's figures under the same labels: due now, next instalment (with its
 * date), to settle today. 'Due now' is never the next instalments' sum, and the order's interest is
 * the contract's, with the accrued interest apart.
 */
const fetchMock = setupApiTest();
const SLOW = { timeout: 8000 };

const instalment = (planPart: number, planStatus: number, dueDate: string, owed: number, scheduled: number): OrderInstalment => ({
  planPart,
  installmentOrderNo: `SEN26112400000009-${planPart}`,
  repayTime: `${dueDate} 00:00:00`,
  planStatus,
  actualNeedRepayAmount: owed,
  needRepayLoanAmount: 1_000_000,
  needRepayInterestSum: owed - 1_000_000,
  needRepayAfterHandleAmount: 0,
  needRepayPenaltyAmount: 0,
  dueDate,
  scheduledTotal: scheduled,
  paidAmount: 0,
});

/** Instalment 1 five days overdue (with its overdue fee), 2 and 3 to come. */
const overdue: LoanAmounts = { dueNow: 1_043_500, duePlanParts: [1], nextInstalment: { planPart: 2, dueDate: '2026-12-30', amount: 1_024_000 }, settleToday: 3_051_500, remainingPrincipal: 3_000_000 };
/** Nothing due yet: instalment 1 is next; today it owes less than on its due date (interest for the days used). */
const current: LoanAmounts = { dueNow: 0, duePlanParts: [], nextInstalment: { planPart: 1, dueDate: '2026-12-26', amount: 1_036_000 }, settleToday: 3_012_000, remainingPrincipal: 3_000_000 };

function repayable(amounts: LoanAmounts, overdueDays: number): RepayableOrder {
  return {
    orderId: 9,
    orderNo: 'SEN26112400000009',
    productName: 'Sen Linh Hoạt',
    actualRepayAmount: amounts.settleToday,
    currencySymbol: '₫',
    orderStatus: overdueDays > 0 ? ORDER_STATUS.OVERDUE : ORDER_STATUS.PENDING_REPAYMENT,
    statusLabel: overdueDays > 0 ? 'Overdue' : 'Pending repayment',
    dueDate: amounts.nextInstalment?.dueDate ?? '2026-11-30',
    // The earlier field (the next due date's amount) is no longer what 'Due now' shows.
    dueAmount: 9_999_999,
    overdueDays,
    loanAmount: 3_000_000,
    amounts,
  };
}

function detailOf(amounts: LoanAmounts, rows: OrderInstalment[], overdueDays: number): OrderDetail {
  return orderDetail(overdueDays > 0 ? ORDER_STATUS.OVERDUE : ORDER_STATUS.PENDING_REPAYMENT, overdueDays > 0 ? 'Overdue' : 'Pending repayment', {
    appOrderInfoDto: { ...orderBean(ORDER_STATUS.OVERDUE, 'Overdue'), overdueDays },
    actualNeedRepayAmount: amounts.settleToday,
    canRepay: true,
    amounts,
    overdueDays,
    installmentRepaymentPlanDTOList: rows,
    interestAmount: 108_000,
    contractInterest: 108_000,
    accruedInterest: 43_500,
    totalRepayment: 3_151_500,
  });
}

function render(path: string, list: RepayableOrder[], detail: OrderDetail) {
  fetchMock.mockImplementation(async (url) => {
    const target = String(url);
    if (target.startsWith(API_PATHS.multipleOrderList)) return envelope(list);
    if (target.startsWith(API_PATHS.orderDetail)) return envelope(detail);
    return envelope(null);
  });
  useSessionStore.setState({ token: 'tok', user: { id: 7, phone: '0912345678' } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  renderWithQuery(<RouterProvider router={router} />, (client) =>
    client.setQueryData(authKeys.status(7), {
      authDetail: { idState: '30', workInfoState: '30', bankCardState: '30', kycState: '30', telecomPermissionState: '30', userAuthState: '30' },
      authConfig: 'KYC,ID',
    }),
  );
}

/** The label and figure of one line of the vocabulary. */
const line = (element: HTMLElement) => element.closest('div')!.textContent!.replace(/\s+/g, ' ').trim();

const overdueRows = [instalment(1, PLAN_STATUS.OVERDUE, '2026-11-21', 1_043_500, 1_036_000), instalment(2, PLAN_STATUS.PENDING, '2026-12-30', 1_000_000, 1_024_000), instalment(3, PLAN_STATUS.PENDING, '2027-01-29', 1_000_000, 1_012_000)];
const currentRows = [instalment(1, PLAN_STATUS.PENDING, '2026-12-26', 1_012_000, 1_036_000), instalment(2, PLAN_STATUS.PENDING, '2027-01-25', 1_000_000, 1_024_000), instalment(3, PLAN_STATUS.PENDING, '2027-02-24', 1_000_000, 1_012_000)];

describe('one vocabulary of amounts', { timeout: 20_000 }, () => {
  it('an overdue instalment: due now, next instalment and to settle today read the same on the repay list, the order page and the choose screen', async () => {
    const list = [repayable(overdue, 5)];
    const detail = detailOf(overdue, overdueRows, 5);

    render('/order/repay-list', list, detail);
    const total = await screen.findByTestId('repay-total-due', {}, SLOW);
    expect(total).toHaveTextContent('1,043,500 ₫');
    expect(screen.getByText('Due now', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByTestId('repay-total-settle')).toHaveTextContent('3,051,500 ₫');
    const onList = [line(screen.getByTestId('amount-due-now')), line(screen.getByTestId('amount-next-instalment')), line(screen.getByTestId('amount-settle-today'))];
    expect(onList).toEqual(['Due now1,043,500 ₫', 'Next instalment, 30/12/20261,024,000 ₫', 'To settle today3,051,500 ₫']);
    cleanup();

    render('/order/info?orderId=9', list, detail);
    expect(await screen.findByTestId('order-owed', {}, SLOW)).toHaveTextContent('3,051,500 ₫');
    expect(screen.getByText('To settle today', { selector: 'p' })).toBeInTheDocument();
    expect([line(screen.getByTestId('amount-due-now')), line(screen.getByTestId('amount-next-instalment'))]).toEqual(onList.slice(0, 2));
    // The plan's overdue row is 'Due now', its figure the same; a row to come names its parts (its principal
    // is 'Remaining principal', never 'Accrued to date'), beside its contract amount.
    const owed = screen.getAllByTestId('plan-owed').map((element) => element.textContent!.replace(/\s+/g, ' '));
    expect(owed).toEqual(['Due now: 1,043,500 ₫', 'Remaining principal: 1,000,000 ₫', 'Remaining principal: 1,000,000 ₫']);
    expect(screen.getAllByTestId('plan-accrued-interest').map((element) => element.textContent!.replace(/\s+/g, ' '))).toEqual(['Interest accrued to date: 0 ₫', 'Interest accrued to date: 0 ₫']);
    expect(screen.getByTestId('repayment-plan')).toHaveTextContent('Per contract: 1,024,000 ₫');
    // The contract's interest, and the interest accrued so far apart; the total with the overdue fee.
    expect(line(screen.getByTestId('order-contract-interest'))).toContain('Interest (contract)108,000 ₫');
    expect(line(screen.getByTestId('order-accrued-interest'))).toBe('Interest accrued to date43,500 ₫');
    expect(line(screen.getByTestId('order-total-repayment'))).toBe('Total repayment3,151,500 ₫');
    cleanup();

    render('/order/batch-repay-list?orderNo=SEN26112400000009', list, detail);
    const part = await screen.findByTestId('scope-part-amount', {}, SLOW);
    expect(part).toHaveTextContent('1,043,500 ₫');
    expect(part.closest('label')).toHaveTextContent('Due now');
    expect(screen.getByTestId('scope-all').closest('label')).toHaveTextContent('To settle today');
    expect(screen.getByTestId('scope-all').closest('label')).toHaveTextContent('3,051,500 ₫');
    expect(screen.getByTestId('selected-total')).toHaveTextContent('3,051,500 ₫');
    fireEvent.click(screen.getByTestId('scope-part'));
    expect(screen.getByTestId('selected-total')).toHaveTextContent('1,043,500 ₫');
  });

  it('nothing due yet: the choose screen shows the next instalment as the repay list does, and names paying it early apart', async () => {
    const list = [repayable(current, 0)];
    const detail = detailOf(current, currentRows, 0);
    render('/order/repay-list', list, detail);
    expect(await screen.findByTestId('repay-total-due', {}, SLOW)).toHaveTextContent('0 ₫');
    expect(screen.getByTestId('amount-due-now')).toHaveTextContent('Nothing is due yet');
    const next = line(screen.getByTestId('amount-next-instalment'));
    expect(next).toBe('Next instalment, 26/12/20261,036,000 ₫');
    cleanup();

    render('/order/batch-repay-list?orderNo=SEN26112400000009', list, detail);
    expect(await screen.findByTestId('scope-next-instalment', {}, SLOW)).toHaveTextContent('Next instalment, 26/12/2026: 1,036,000 ₫');
    const part = screen.getByTestId('scope-part-amount');
    // Paying it today costs what it owes today, under its own name, never 'Next instalment'.
    expect(part).toHaveTextContent('1,012,000 ₫');
    expect(part.closest('label')).toHaveTextContent('Pay instalment 1 early, today');
    expect(part.closest('label')).toHaveTextContent('falls due on 26/12/2026');
  });

  it('the order page names each part of an instalment not yet due, in en, vn and zh (never its principal as "accrued to date")', async () => {
    for (const [lang, principal, interest] of [
      ['en', 'Remaining principal: 1,000,000 ₫', 'Interest accrued to date: 12,000 ₫'],
      ['vn', 'Dư nợ gốc còn lại: 1.000.000 ₫', 'Tiền lãi đã tính đến hôm nay: 12.000 ₫'],
      ['zh', '剩余本金: 1,000,000 ₫', '截至今日已计利息: 12,000 ₫'],
    ] as const) {
      await changeLanguage(lang);
      render('/order/info?orderId=9', [repayable(current, 0)], detailOf(current, currentRows, 0));
      await screen.findByTestId('repayment-plan', {}, SLOW);
      const text = (id: string) => screen.getAllByTestId(id).map((element) => element.textContent!.replace(/\s+/g, ' '));
      expect(text('plan-owed')[0]).toBe(principal);
      expect(text('plan-accrued-interest')[0]).toBe(interest);
      cleanup();
    }
    await changeLanguage('en');
  });

  it('speaks Vietnamese with the same names', async () => {
    await changeLanguage('vn');
    render('/order/repay-list', [repayable(overdue, 5)], detailOf(overdue, overdueRows, 5));
    await screen.findByTestId('repay-total-due', {}, SLOW);
    expect([line(screen.getByTestId('amount-due-now')), line(screen.getByTestId('amount-next-instalment')), line(screen.getByTestId('amount-settle-today'))]).toEqual([
      'Cần trả hiện tại1.043.500 ₫',
      'Kỳ tiếp theo, ngày 30/12/20261.024.000 ₫',
      'Tất toán hôm nay3.051.500 ₫',
    ]);
    await changeLanguage('en');
  });
});
