import { API_PATHS, ORDER_STATUS, type OrderDetail } from '@sen/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { authKeys } from '../auth/index.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { setNavigator } from '../../shared/navigation/navigation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { orderDetail as detail } from '../../test/order-fixtures.ts';
import { renderWithQuery } from '../../test/render.tsx';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/* The order page's servicing states (issue 23): a written-off loan says so and offers no repay; a
 * refund shows as a line with its state; a settled loan offers its settlement certificate, which
 * is fetched as a file. */
const fetchMock = setupApiTest();
/** A written-off order's amounts (decision 119): all it still owes is due now and settles it. */
const writtenOffAmounts = { dueNow: 2_400_000, duePlanParts: [1, 2, 3], nextInstalment: null, settleToday: 2_400_000, remainingPrincipal: 2_000_000 };
const SLOW = { timeout: 8000 };

let router: ReturnType<typeof createMemoryRouter>;

function render(answer: OrderDetail, file?: () => Response, reloanButtonSign = '0') {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.startsWith(API_PATHS.orderDetail)) return envelope(answer);
    if (path.startsWith(API_PATHS.settlementCertificate) && file) return file();
    if (path.startsWith(API_PATHS.reloanButtonSign)) return envelope({ reloanButtonSign });
    return envelope(null);
  });
  useSessionStore.setState({ token: 'tok', user: { id: 7, phone: '0912345678' } });
  router = createMemoryRouter(routes, { initialEntries: ['/order/info?orderId=9'] });
  setNavigator((to, options) => void router.navigate(to, options));
  renderWithQuery(<RouterProvider router={router} />, (client) =>
    client.setQueryData(authKeys.status(7), {
      authDetail: { idState: '30', workInfoState: '30', bankCardState: '30', kycState: '30', telecomPermissionState: '30', userAuthState: '30' },
      authConfig: 'KYC,ID',
    }),
  );
}

describe('/order/info repay and borrow again (issue 25 item 8)', { timeout: 20_000 }, () => {
  it('offers it while the product still lends: the wish is sent (apply/again, same product), then the repayment opens', async () => {
    render(detail(ORDER_STATUS.PENDING_REPAYMENT, 'Pending repayment', { canRepay: true, actualNeedRepayAmount: 3_012_000 }), undefined, '1');
    fireEvent.click(await screen.findByTestId('repay-and-reborrow', {}, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/batch-repay-list'));
    expect(requestBody(fetchMock, API_PATHS.applyAgain)).toMatchObject({ orderId: 9, applyAgainSign: 1 });
  });

  it('not while the products no longer lend; a wish already made says so and can be dropped', async () => {
    render(detail(ORDER_STATUS.PENDING_REPAYMENT, 'Pending repayment', { canRepay: true, reloanSign: 1 }), undefined, '0');
    expect(await screen.findByTestId('reloan-wish', {}, SLOW)).toHaveTextContent('we will apply for the same product again');
    expect(screen.queryByTestId('repay-and-reborrow')).toBeNull();
    fireEvent.click(screen.getByTestId('reloan-cancel'));
    await waitFor(() => expect(requestBody(fetchMock, API_PATHS.applyAgainCancel)).toMatchObject({ orderId: 9 }));
  });
});

describe('/order/info servicing states', { timeout: 20_000 }, () => {
  it('a written-off order: still owed, not forgiven; what was written off and repaid since; Repay opens the repayment of that order', async () => {
    render(detail(ORDER_STATUS.BAD_DEBTS, 'Bad debt', { actualNeedRepayAmount: 2_400_000, canRepay: true, amounts: writtenOffAmounts, writeOff: { on: '2026-11-20', amount: 3_400_000, recovered: 1_000_000 } }));
    const banner = await screen.findByTestId('order-written-off', {}, SLOW);
    expect(banner).toHaveTextContent('This loan was moved to bad debt');
    expect(banner).toHaveTextContent('The debt is not cancelled: you still owe 2,400,000 ₫');
    expect(banner).toHaveTextContent('3,400,000');
    expect(banner).toHaveTextContent('1,000,000');
    expect(banner).toHaveTextContent('You cannot take new loans');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Bad debt');
    expect(screen.getByTestId('order-status').className).toContain('status-tag--danger');
    expect(screen.getByTestId('order-owed')).toHaveTextContent('2,400,000');
    expect(screen.queryByTestId('download-certificate')).toBeNull();
    fireEvent.click(screen.getByTestId('repay-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/batch-repay-list'));
    expect(router.state.location.search).toBe('?orderNo=SEN26112400000009');
  });

  it('a written-off order in Vietnamese never reads as forgiven', async () => {
    await changeLanguage('vn');
    render(detail(ORDER_STATUS.BAD_DEBTS, 'Nợ xấu', { actualNeedRepayAmount: 2_400_000, canRepay: true, writeOff: { on: '2026-11-20', amount: 3_400_000, recovered: 1_000_000 } }));
    const banner = await screen.findByTestId('order-written-off', {}, SLOW);
    expect(banner).toHaveTextContent('Khoản vay đã được chuyển sang nợ xấu');
    expect(banner).toHaveTextContent('bạn vẫn phải trả 2.400.000');
    expect(banner).not.toHaveTextContent('xóa nợ');
    expect(screen.getByTestId('repay-button')).toHaveTextContent('Trả nợ');
    await changeLanguage('en');
  });

  it('a written-off order repaid in full: nothing more to pay, no repay button', async () => {
    render(detail(ORDER_STATUS.SETTLED, 'Bad debt', { actualNeedRepayAmount: 0, canRepay: false, writeOff: { on: '2026-11-20', amount: 3_400_000, recovered: 3_400_000 } }));
    const banner = await screen.findByTestId('order-written-off', {}, SLOW);
    expect(banner).toHaveTextContent('owe nothing more on this loan');
    expect(screen.queryByTestId('repay-button')).toBeNull();
  });

  it('refunds: each a line with its state, in the borrower’s language', async () => {
    await changeLanguage('vn');
    render(
      detail(ORDER_STATUS.SETTLED, 'Đã tất toán', {
        refunds: [
          { amount: 75_000, state: 'succeeded', createdAt: '2026-11-20T03:00:00.000Z', completedAt: '2026-11-20T03:05:00.000Z', maskedAccount: '******4567' },
          { amount: 75_000, state: 'failed', createdAt: '2026-11-19T03:00:00.000Z', completedAt: '2026-11-19T03:05:00.000Z', maskedAccount: '******4567' },
        ],
      }),
    );
    const lines = await screen.findAllByTestId('order-refund', {}, SLOW);
    expect(lines.map((line) => line.dataset.state)).toEqual(['succeeded', 'failed']);
    expect(within(lines[0]!).getByText('Đã hoàn')).toBeInTheDocument();
    expect(lines[0]).toHaveTextContent('******4567');
    expect(within(lines[1]!).getByText('Chưa thành công, khoản tiền vẫn được giữ cho bạn')).toBeInTheDocument();
    expect(screen.getByTestId('order-refunds')).toHaveTextContent('Hoàn tiền thanh toán thừa');
  });

  it('a settled order offers its settlement certificate, fetched as a file with the order', async () => {
    const createObjectURL = vi.fn(() => 'blob:certificate');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    // jsdom cannot follow a download link: the click itself is what the browser would act on.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(detail(ORDER_STATUS.SETTLED, 'Settled', { certificateAvailable: true }), () => new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    fireEvent.click(await screen.findByTestId('download-certificate', {}, SLOW));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('xac-nhan-tat-toan-SEN26112400000009.pdf');
    click.mockRestore();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith(API_PATHS.settlementCertificate))!;
    expect(JSON.parse(String(call[1]!.body))).toMatchObject({ orderId: 9 });
  });
});

describe('/order/info contracts (issue 25 audit: one name per document)', { timeout: 20_000 }, () => {
  it('names the accepted documents as the borrower signed them, never a mortgage or a security contract', async () => {
    render(detail(ORDER_STATUS.PENDING_REPAYMENT, 'Pending repayment', { contracts: [{ document: 'lease', version: '2026-01', acceptedAt: '2026-11-26T17:30:00.000Z', url: '/agreement/leaseAgreement.html' }, { document: 'pawn', version: '2026-01', acceptedAt: '2026-11-26T17:30:00.000Z', url: '/agreement/pawnAgreement.html' }] }));
    expect(await screen.findByTestId('order-contract-lease', {}, SLOW)).toHaveTextContent('Loan agreement');
    expect(screen.getByTestId('order-contract-pawn')).toHaveTextContent('Repayment and collection undertaking');
    expect(screen.queryByText(/mortgage/i)).toBeNull();
  });

  it('in Vietnamese: the undertaking is not a "Hợp đồng bảo đảm" (the loan has no collateral)', async () => {
    await changeLanguage('vn');
    render(detail(ORDER_STATUS.PENDING_REPAYMENT, 'Chờ trả nợ', { contracts: [{ document: 'lease', version: '2026-01', acceptedAt: '2026-11-26T17:30:00.000Z', url: '/agreement/leaseAgreement.html' }, { document: 'pawn', version: '2026-01', acceptedAt: '2026-11-26T17:30:00.000Z', url: '/agreement/pawnAgreement.html' }] }));
    expect(await screen.findByTestId('order-contract-lease', {}, SLOW)).toHaveTextContent('Hợp đồng cho vay');
    expect(screen.getByTestId('order-contract-pawn')).toHaveTextContent('Thỏa thuận cam kết trả nợ và thu hồi nợ');
    expect(screen.queryByText(/bảo đảm/)).toBeNull();
    await changeLanguage('en');
  });
});
