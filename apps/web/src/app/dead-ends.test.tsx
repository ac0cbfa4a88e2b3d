import { API_PATHS } from '@sen/contract';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../features/auth/index.ts';
import { setNavigator } from '../shared/navigation/navigation.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { envelopeResponse as envelope, setupApiTest } from '../test/api-test.ts';
import { renderWithQuery } from '../test/render.tsx';
import { routes } from './router.tsx';

vi.mock('../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/* Issue 25, item 1: every screen has a way out and a state for loading, error and offline. */
const fetchMock = setupApiTest();
const SLOW = { timeout: 8000 };
const DONE = '30';

function open(entries: string[], answer: (path: string) => Response | Promise<Response> = () => envelope(null)) {
  fetchMock.mockImplementation(async (url) => answer(String(url)));
  useSessionStore.setState({ token: 'tok', user: { id: 7, phone: '0912345678' } });
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  setNavigator((to, options) => void router.navigate(to, options));
  renderWithQuery(<RouterProvider router={router} />, (client) =>
    client.setQueryData(authKeys.status(7), {
      authDetail: { idState: '10', workInfoState: DONE, bankCardState: '10', kycState: '10', telecomPermissionState: DONE, userAuthState: '10' },
      authConfig: 'KYC,WORK,TELECOM',
    }),
  );
  return router;
}

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

describe('dead ends', { timeout: 20_000 }, () => {
  it('offline, the Order tab says the network failed (SPEC.md §8) with Retry, not Loading for ever', async () => {
    onlineManager.setOnline(false);
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    open(['/order/repay-list'], () => Promise.reject(new TypeError('Failed to fetch')));
    const failure = await screen.findByTestId('repay-error', {}, SLOW);
    expect(failure).toHaveTextContent('Network connection error, please check your network settings');
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(calls));
  });

  it('/order/info without an order says so and leads to the list', async () => {
    const router = open(['/order/info']);
    expect(await screen.findByTestId('order-error', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'My orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/list'), SLOW);
  });

  it('/product/info without a product says so and leads home', async () => {
    const router = open(['/product/info']);
    expect(await screen.findByTestId('product-missing', {}, SLOW)).toHaveTextContent('No loan product was chosen');
    fireEvent.click(screen.getByTestId('product-missing-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
  });

  it('the ID-photo step asks before leaving, on the header’s Back and the phone’s, and never grows history', async () => {
    const kyc = { id: null, userId: 7, frontImageUrl: null, backImageUrl: null, liveImageUrl: null, idCardType: null, livenessPassed: false, completed: false };
    const router = open(['/home/no-auth', '/authentication/batch/kyc'], (path) => (path.startsWith(API_PATHS.kycInfo) ? envelope(kyc) : envelope(null)));
    await screen.findByTestId('kyc-front', {}, SLOW);

    fireEvent.click(screen.getByTestId('back-button'));
    expect(await screen.findByTestId('exit-confirm')).toHaveTextContent('Leave verification?');
    expect(router.state.location.pathname).toBe('/authentication/batch/kyc');
    fireEvent.click(screen.getByTestId('exit-confirm-stay'));

    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('exit-confirm')).toBeVisible();
    expect(router.state.location.pathname).toBe('/authentication/batch/kyc');

    fireEvent.click(screen.getByTestId('exit-confirm-leave'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
