import { API_PATHS, PRIVACY_POLICY_VERSION, transformPassword } from '@sen/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, setupApiTest } from '../../test/api-test.ts';
import { CreatePasswordPage } from './create-password-page.tsx';
import { PrivacyPolicyPage } from './privacy-policy-page.tsx';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));
const fetchMock = setupApiTest({ token: 'old', user: { id: 1, phone: '0912345678' } });

function renderAt(path: string, entries: string[] = [path]) {
  const router = createMemoryRouter(
    [
      { path: '/login/create-password', element: <CreatePasswordPage /> },
      { path: '/login/create-password/succeed', element: <h1>Succeed page</h1> },
      { path: '/login/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('create password', () => {
  it('shows the password rule and the mismatch message', async () => {
    renderAt('/login/create-password');
    fireEvent.change(screen.getByTestId('create-password-input'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('create-password-button'));
    expect(await screen.findByText('Password must be 3-20 characters, include letters and numbers')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('create-password-input'), { target: { value: 'abc123' } });
    fireEvent.change(screen.getByTestId('create-password-confirm-input'), { target: { value: 'abc124' } });
    fireEvent.click(screen.getByTestId('create-password-button'));
    expect(await screen.findByText('Password does not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the transformed password, stores the new token and shows the success page', async () => {
    fetchMock.mockResolvedValue(envelope({ token: 'new-token', id: 1, phone: '0912345678', passwdSign: 1, appId: 1, channelId: 1, activityUrl: null }));
    const router = renderAt('/login/create-password');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByTestId('create-password-button'));
    expect(await screen.findByText('Succeed page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/create-password/succeed');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(API_PATHS.passwordSet);
    expect(JSON.parse(String(init?.body)).newPasswd).toBe(transformPassword('abc123'));
    expect(useSessionStore.getState().token).toBe('new-token');
  });
});

describe('privacy policy', () => {
  it('Agree records consent and goes back', async () => {
    fetchMock.mockResolvedValue(envelope(null));
    const router = renderAt('/login/privacy-policy', ['/login', '/login/privacy-policy']);
    fireEvent.click(screen.getByTestId('privacy-agree'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(API_PATHS.privacyConsent);
    expect(JSON.parse(String(init?.body))).toMatchObject({ version: PRIVACY_POLICY_VERSION, agreed: true });
  });

  it('Reject records the refusal and goes home', async () => {
    fetchMock.mockResolvedValue(envelope(null));
    const router = renderAt('/login/privacy-policy');
    fireEvent.click(screen.getByTestId('privacy-reject'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ version: PRIVACY_POLICY_VERSION, agreed: false });
  });
});
