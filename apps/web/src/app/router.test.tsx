import { API_PATHS } from '@sen/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authKeys } from '../features/auth/auth-keys.ts';
import { cachedAuthStatus, hasAuthOf, type AuthStatus } from '../features/auth/auth-status.ts';
import { queryClient } from '../shared/query/query-client.ts';
import { changeLanguage } from '../shared/i18n/i18n.ts';
import { setNavigator } from '../shared/navigation/navigation.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { envelopeResponse as envelope, setupApiTest } from '../test/api-test.ts';
import { renderWithQuery } from '../test/render.tsx';
import { paths } from './paths.ts';
import { routes } from './router.tsx';

vi.mock('../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = setupApiTest();
const AUTH_DONE_DETAIL = { idState: '30', workInfoState: '30', bankCardState: '10', kycState: '30', telecomPermissionState: '30', userAuthState: '10' };

/** Renders the app's routes at a path; with `authStatus`, as if the signed-in user's status were loaded. */
function renderAt(path: string, authStatus?: AuthStatus) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  renderWithQuery(<RouterProvider router={router} />, (client) => {
    if (authStatus) client.setQueryData(authKeys.status(useSessionStore.getState().user?.id ?? null), authStatus);
  });
  return router;
}

describe('routes', () => {
  it('registers every path of the route table', () => {
    const registered = routes[0]!.children!.map((route) => route.path);
    for (const path of Object.values(paths)) expect(registered, path).toContain(path);
  });

  it.each(['/not-found', '/NotFound'])('%s shows the 404 heading', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
  });

  it('sends unknown paths to /NotFound', async () => {
    const router = renderAt('/this/does/not/exist');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/NotFound');
  });

  it('shows a visitor the no-auth home with the tab bar at /', async () => {
    renderAt('/');
    expect(await screen.findByTestId('no-auth-home')).toBeInTheDocument();
    expect(screen.getByText('We refuse to lend money to under 18!')).toBeInTheDocument();
    expect(screen.getByTestId('tab-bar')).toBeInTheDocument();
  });

  it('names the tab bar in the interface language', async () => {
    await changeLanguage('vn');
    renderAt('/');
    expect(await screen.findByRole('navigation', { name: 'Điều hướng chính' })).toBe(screen.getByTestId('tab-bar'));
  });

  it('sends a visitor from /home to /home/no-auth and from Apply via the guard to /login', async () => {
    const router = renderAt('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/no-auth'));
    fireEvent.click(await screen.findByTestId('apply-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByTestId('tab-bar')).not.toBeInTheDocument();
  });

  it('sends a visitor on a private page to /login', async () => {
    const router = renderAt('/mine/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('with a token loads the auth status first, then resolves /home to has-auth', async () => {
    useSessionStore.setState({ token: 'tok', user: { id: 1, phone: '0912345678' } });
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith(API_PATHS.authConfig) ? envelope({ authConfig: 'ID,WORK,BANK,KYC,TELECOM' }) : envelope(AUTH_DONE_DETAIL),
    );
    const router = renderAt('/home');
    expect(screen.getByTestId('loading-view')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/has-auth'));
    expect(await screen.findByTestId('has-auth-home')).toBeInTheDocument();
    expect(hasAuthOf(cachedAuthStatus())).toBe(true);
  });

  it('Mine → Log out calls the logout API, clears state and goes to /login', async () => {
    useSessionStore.setState({ token: 'tok', user: { id: 1, phone: '0912345678' } });
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    const router = renderAt('/mine', { authDetail: AUTH_DONE_DETAIL, authConfig: 'ID' });
    expect(await screen.findByTestId('mine-phone')).toHaveTextContent('09*****678');
    fireEvent.click(screen.getByTestId('logout-button'));
    fireEvent.click(await screen.findByTestId('logout-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // (The Mine tab's unread-messages badge makes its own call.)
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(API_PATHS.logout);
    expect(useSessionStore.getState().token).toBeNull();
    expect(queryClient.getQueriesData({ queryKey: authKeys.all }).map(([, data]) => data)).not.toContainEqual(expect.anything());
  });

  it('every route of SPEC.md §2 has its page: the loan application shows its title and a back button', async () => {
    useSessionStore.setState({ token: 'tok', user: null });
    renderAt('/product/info', { authDetail: AUTH_DONE_DETAIL, authConfig: 'ID' });
    expect(await screen.findByText('Loan application', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});
