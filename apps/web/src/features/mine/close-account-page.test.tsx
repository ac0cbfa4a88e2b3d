import { API_PATHS, BORROWER_ERRORS } from '@sen/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/query/query-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { CloseAccountPage } from './close-account-page.tsx';
import { CloseAccountSucceedPage } from './close-account-succeed-page.tsx';
import { exportFileName } from './data-export.ts';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));
const fetchMock = setupApiTest({ token: 'token-1', user: { id: 42, phone: '0912345678' } });

function renderClose() {
  const router = createMemoryRouter(
    [
      { path: '/mine/settings/close-account', element: <CloseAccountPage /> },
      { path: '/mine/settings/close-account/succeed', element: <CloseAccountSucceedPage /> },
    ],
    { initialEntries: ['/mine/settings/close-account'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('close account', () => {
  it('asks for a reason before anything is sent', async () => {
    renderClose();
    fireEvent.click(screen.getByTestId('close-account-button'));
    expect(await screen.findByText('Please select')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends rid, reason and remark, then shows the succeed page and ends the local session', async () => {
    fetchMock.mockResolvedValue(envelope(null));
    queryClient.setQueryData(['seeded-before-closing'], { owner: 42 });
    const router = renderClose();
    fireEvent.click(screen.getByTestId('close-reason-4'));
    fireEvent.change(screen.getByTestId('close-remark'), { target: { value: '  only one loan  ' } });
    fireEvent.click(screen.getByTestId('close-account-button'));
    fireEvent.click(await screen.findByTestId('close-account-confirm'));
    expect(await screen.findByTestId('close-account-succeed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mine/settings/close-account/succeed');
    expect(requestBody(fetchMock, API_PATHS.deleteUser)).toMatchObject({ rid: 42, reason: 4, remark: 'only one loan' });
    expect(useSessionStore.getState().token).toBeNull();
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toEqual([]));
  });

  it("shows the server's refusal and keeps the session", async () => {
    fetchMock.mockResolvedValue(
      envelope(null, { code: BORROWER_ERRORS.ACCOUNT_CLOSE_REFUSED.code, message: 'You have a loan that is not settled yet. Please repay it before closing your account', status: 409 }),
    );
    renderClose();
    fireEvent.click(screen.getByTestId('close-reason-3'));
    fireEvent.click(screen.getByTestId('close-account-button'));
    fireEvent.click(await screen.findByTestId('close-account-confirm'));
    expect(await screen.findByTestId('close-refusal')).toHaveTextContent('You have a loan that is not settled yet');
    expect(requestBody(fetchMock, API_PATHS.deleteUser)).toMatchObject({ rid: 42, reason: 3 });
    expect(requestBody(fetchMock, API_PATHS.deleteUser)).not.toHaveProperty('remark');
    expect(useSessionStore.getState().token).toBe('token-1');
  });
});

describe('data export file', () => {
  it('is named by the date of the export', () => {
    expect(exportFileName('2026-11-22T06:40:00.000Z')).toBe('sen-personal-data-2026-11-22.json');
  });
});
