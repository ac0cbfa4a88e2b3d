import { API_PATHS, type HomeIndex } from '@sen/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { setNavigator } from '../../shared/navigation/navigation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, setupApiTest } from '../../test/api-test.ts';
import { homeIndex as index, productCard as card } from '../../test/home-fixtures.ts';
import { renderWithQuery } from '../../test/render.tsx';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/* The signed-in homes rendered through the router with the server's answers faked at fetch. */
const fetchMock = setupApiTest();
/** Lazy route chunks load slowly on a busy machine. */
const SLOW = { timeout: 8000 };
const CONFIG = 'ID,WORK,BANK,KYC,TELECOM';
const certified = { idState: '30', workInfoState: '30', bankCardState: '30', kycState: '30', telecomPermissionState: '30', userAuthState: '30' };
const halfway = { idState: '30', workInfoState: '10', bankCardState: '10', kycState: '30', telecomPermissionState: '10', userAuthState: '10' };

function serve(auth: object, home?: HomeIndex) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.startsWith(API_PATHS.authConfig)) return envelope({ authConfig: CONFIG });
    if (path.startsWith(API_PATHS.authDetail)) return envelope(auth);
    if (path.startsWith(API_PATHS.homeIndex)) return envelope(home);
    if (path.startsWith(API_PATHS.activityList)) return envelope([]);
    return envelope(null);
  });
}

function renderAt(path: string) {
  useSessionStore.setState({ token: 'tok', user: { id: 7, phone: '0912345678' } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

describe('signed-in homes', () => {
  it('a borrower not yet certified sees the steps left at / and continues at /authentication/batch', async () => {
    await changeLanguage('en');
    serve(halfway);
    const router = renderAt('/');
    expect(await screen.findByText('2 steps to your credit limit', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('continue-certification'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/batch'), SLOW);
  });

  it('a certified borrower at /home/no-auth goes to the signed-in home, never reading 0 steps (issue 25)', async () => {
    await changeLanguage('en');
    localStorage.setItem('home-congratulated:7', '1');
    serve(certified, index({}));
    const router = renderAt('/home/no-auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/has-auth'), SLOW);
    expect(await screen.findByTestId('has-auth-home', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/0 steps/)).toBeNull();
  });

  it('shows the bank-error banner, dismissible, with Modify bank card → /authentication/account', async () => {
    await changeLanguage('en');
    localStorage.setItem('home-congratulated:7', '1');
    serve(certified, index({ bankErrorFlag: true }));
    const router = renderAt('/home/has-auth');
    expect(await screen.findByText('Payment failed', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByText('Dismiss'));
    expect(screen.queryByText('Payment failed')).not.toBeInTheDocument();
    await router.navigate('/');
    fireEvent.click(await screen.findByText('Modify bank card', {}, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/account'), SLOW);
  });

  it('an overdue borrower reads the days and the amount, Repay now opens the repayment, and locked cards say why', async () => {
    await changeLanguage('en');
    localStorage.setItem('home-congratulated:7', '1');
    const locked = card({ lock: true, lockReason: 'overdue' });
    serve(certified, index({ overdueOrderCount: 2, overdueDays: 5, overdueAmount: 4_102_500, userCreditAmount: 0, showProducts: [], canNotApplyProducts: [locked] }));
    const router = renderAt('/home/has-auth');
    const banner = await screen.findByTestId('overdue-banner', {}, SLOW);
    expect(banner).toHaveTextContent('Your loan is 5 days overdue');
    expect(banner).toHaveTextContent('2 loans are overdue');
    expect(screen.getByTestId('overdue-amount')).toHaveTextContent('4,102,500');
    expect(screen.getByTestId('lock-reason')).toHaveTextContent('Locked while a loan is overdue');
    fireEvent.click(screen.getByRole('button', { name: 'Repay now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/batch-repay-list'), SLOW);
  });

  it('cards locked by a withdrawn consent or a restructure watch say which, in the reader\'s language', async () => {
    localStorage.setItem('home-congratulated:7', '1');
    for (const [lang, reason, text] of [
      ['en', 'consent', 'You withdrew your consent'],
      ['en', 'watch', 'new loans open again after its 90-day watch period'],
      ['vn', 'watch', 'bạn có thể vay mới sau 90 ngày theo dõi'],
      ['zh', 'watch', '90天观察期结束后才能再次借款'],
    ] as const) {
      await changeLanguage(lang);
      serve(certified, index({ userCreditAmount: 5_000_000, showProducts: [], canNotApplyProducts: [card({ lock: true, lockReason: reason })] }));
      renderAt('/home/has-auth');
      expect(await screen.findByTestId('lock-reason', {}, SLOW)).toHaveTextContent(text);
      cleanup();
    }
  });

  it('one day overdue reads in the singular', async () => {
    await changeLanguage('en');
    localStorage.setItem('home-congratulated:7', '1');
    serve(certified, index({ overdueOrderCount: 1, overdueDays: 1, overdueAmount: 1_004_500, userCreditAmount: 0, showProducts: [], canNotApplyProducts: [card({ lock: true, lockReason: 'overdue' })] }));
    renderAt('/home/has-auth');
    expect(await screen.findByTestId('overdue-banner', {}, SLOW)).toHaveTextContent('Your loan is 1 day overdue');
  });

  it('no overdue loan, no banner', async () => {
    await changeLanguage('en');
    localStorage.setItem('home-congratulated:7', '1');
    serve(certified, index({}));
    renderAt('/home/has-auth');
    await screen.findByTestId('apply-product', {}, SLOW);
    expect(screen.queryByTestId('overdue-banner')).toBeNull();
  });

  it('sends an unknown status with products to not-found', async () => {
    await changeLanguage('en');
    localStorage.setItem('home-congratulated:7', '1');
    serve(certified, index({ userCreditStatus: 5 }));
    const router = renderAt('/home/has-auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/NotFound'), SLOW);
  });

  it('no products: the empty state', async () => {
    await changeLanguage('en');
    localStorage.setItem('home-congratulated:7', '1');
    serve(certified, index({ showProducts: [], canNotApplyProducts: [] }));
    renderAt('/home/has-auth');
    expect(await screen.findByText('No loan products available right now', {}, SLOW)).toBeInTheDocument();
  });

  it("the congratulation's Borrow now opens a product for a borrower with a receiving account, never an empty account form (issue 25 item 8)", async () => {
    await changeLanguage('en');
    localStorage.removeItem('home-congratulated:7');
    serve(certified, index({}));
    const router = renderAt('/home/has-auth');
    fireEvent.click(await screen.findByTestId('borrow-now', {}, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/info'), SLOW);
    expect(router.state.location.search).toBe('?productId=1&amount=5000000');
  });

  it('without a receiving account, Apply asks for one and says where to come back: the product tapped (issue 25 item 8)', async () => {
    await changeLanguage('en');
    localStorage.setItem('home-congratulated:7', '1');
    serve({ ...certified, bankCardState: '10' }, index({}));
    const router = renderAt('/home/has-auth');
    fireEvent.click(await screen.findByTestId('apply-product', {}, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/account-and-contacts'), SLOW);
    expect(router.state.location.state).toEqual({ next: '/product/info?productId=1&amount=5000000' });
  });

  it('disables withdraw when togetherLoanSign is 0 and opens the loan detail on Apply', async () => {
    await changeLanguage('en');
    localStorage.setItem('home-congratulated:7', '1');
    serve(certified, index({}));
    const router = renderAt('/home/has-auth');
    expect(await screen.findByTestId('withdraw', {}, SLOW)).toBeDisabled();
    // SPEC.md §4: the unlocked card shows its range beside its maximum (issue 25 item 8).
    expect(screen.getByTestId('card-range')).toHaveTextContent('Amount range 1,000,000 ₫ – 5,000,000 ₫');
    fireEvent.click(screen.getByTestId('apply-product'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/info'), SLOW);
    expect(router.state.location.search).toBe('?productId=1&amount=5000000');
  });
});
