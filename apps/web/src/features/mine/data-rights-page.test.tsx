import { API_PATHS, BORROWER_ERRORS, type DataRequestView, type MyDataRights } from '@sen/contract';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { DataRightsPage } from './data-rights-page.tsx';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));
const fetchMock = setupApiTest({ token: 'token-1', user: { id: 42, phone: '0912345678' } });
const SLOW = { timeout: 8000 };

const request = (change: Partial<DataRequestView> = {}): DataRequestView => ({
  id: 5,
  kind: 'access',
  consent: null,
  details: '',
  state: 'open',
  filedAt: '2026-11-27T03:00:00.000Z',
  acknowledgedAt: '2026-11-27T03:00:00.000Z',
  acknowledgeDue: '2026-12-01',
  due: '2026-12-12',
  extendedDue: null,
  extensionReason: null,
  closedAt: null,
  outcome: null,
  ...change,
});

/** Answers the list with `rights` and a filing with `filed` (or its refusal). */
function serve(rights: MyDataRights, filed: () => Response = () => envelope(request({ id: 9 }))) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.startsWith(API_PATHS.dataRightsList)) return envelope(rights);
    if (path.startsWith(API_PATHS.dataRightsFile)) return filed();
    return envelope(null);
  });
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/mine', element: <p>mine</p> },
      { path: '/mine/data-rights', element: <DataRightsPage /> },
    ],
    { initialEntries: ['/mine', '/mine/data-rights'], initialIndex: 1 },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

describe('my data rights', { timeout: 20_000 }, () => {
  it('lists each request with its state, acknowledged date, due date and the extended due date; a withdrawn consent says its consequence', async () => {
    serve({
      requests: [
        request({ id: 7, kind: 'correct', details: 'My address is wrong', extendedDue: '2026-12-27', extensionReason: 'Checking with the bank' }),
        request({ id: 6, kind: 'delete', state: 'refused', closedAt: '2026-11-28T02:00:00.000Z', outcome: 'Loan records are kept for 5 years' }),
      ],
      withdrawnConsents: [{ consent: 'lending', withdrawnAt: '2026-11-26T17:30:00.000Z' }],
    });
    renderPage();
    const open = await screen.findByTestId('data-request-7', {}, SLOW);
    expect(within(open).getByTestId('data-request-state-7')).toHaveTextContent('Being handled');
    expect(open).toHaveTextContent('Acknowledged27/11/2026');
    expect(within(open).getByTestId('data-request-due-7')).toHaveTextContent('12/12/2026');
    expect(within(open).getByTestId('data-request-extended-7')).toHaveTextContent('27/12/2026');
    expect(open).toHaveTextContent('Checking with the bank');
    const refused = screen.getByTestId('data-request-6');
    expect(refused).toHaveTextContent('Refused');
    expect(refused).toHaveTextContent('Loan records are kept for 5 years');
    // Withdrawn at 00:30 on the 27th in Vietnam: the 27th, not the UTC day.
    const withdrawn = screen.getByTestId('withdrawn-lending');
    expect(withdrawn).toHaveTextContent('27/11/2026');
    expect(withdrawn).toHaveTextContent('You cannot take new loans');
  });

  it('says when there is no request yet, and the header leads back', async () => {
    serve({ requests: [], withdrawnConsents: [] });
    const router = renderPage();
    expect(await screen.findByTestId('data-rights-empty', {}, SLOW)).toHaveTextContent('You have not made any request yet');
    fireEvent.click(screen.getByTestId('back-button'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/mine/data-rights'));
  });

  it('offline: the network message with Retry, which asks again', async () => {
    onlineManager.setOnline(false);
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage();
    const failure = await screen.findByTestId('data-rights-error', {}, SLOW);
    expect(failure).toHaveTextContent('Network connection error, please check your network settings');
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByTestId('data-rights-retry'));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(calls));
  });

  it('checks the form before sending: a kind, then details for a correction', async () => {
    serve({ requests: [], withdrawnConsents: [] });
    renderPage();
    fireEvent.click(await screen.findByTestId('data-rights-new', {}, SLOW));
    fireEvent.click(screen.getByTestId('data-request-submit'));
    expect(await screen.findByText('Please select')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('data-kind-correct'));
    fireEvent.change(screen.getByTestId('data-details'), { target: { value: '  short  ' } });
    fireEvent.click(screen.getByTestId('data-request-submit'));
    expect(await screen.findByTestId('data-details-error')).toHaveTextContent('Please describe your request (at least 10 characters)');
    fireEvent.click(screen.getByTestId('data-kind-withdraw_consent'));
    fireEvent.click(screen.getByTestId('data-request-submit'));
    expect(await screen.findByText('Please choose the consent to withdraw')).toBeInTheDocument();
    expect(requestBody(fetchMock, API_PATHS.dataRightsFile)).toBeUndefined();
  });

  it('files a request and says when it was received and when it is due', async () => {
    serve({ requests: [], withdrawnConsents: [] }, () => envelope(request({ id: 9, kind: 'correct', details: 'My address changed to Hanoi' })));
    renderPage();
    fireEvent.click(await screen.findByTestId('data-rights-new', {}, SLOW));
    fireEvent.click(screen.getByTestId('data-kind-correct'));
    fireEvent.change(screen.getByTestId('data-details'), { target: { value: 'My address changed to Hanoi' } });
    fireEvent.click(screen.getByTestId('data-request-submit'));
    expect(await screen.findByTestId('data-rights-filed')).toHaveTextContent('Received on 27/11/2026. We will answer by 12/12/2026');
    expect(requestBody(fetchMock, API_PATHS.dataRightsFile)).toMatchObject({ kind: 'correct', details: 'My address changed to Hanoi' });
  });

  it('withdrawing the lending consent states its consequence and sends only once confirmed', async () => {
    serve({ requests: [], withdrawnConsents: [] }, () => envelope(request({ id: 10, kind: 'withdraw_consent', consent: 'lending', state: 'completed', closedAt: '2026-11-27T03:00:00.000Z' })));
    renderPage();
    fireEvent.click(await screen.findByTestId('data-rights-new', {}, SLOW));
    fireEvent.click(screen.getByTestId('data-kind-withdraw_consent'));
    fireEvent.click(screen.getByTestId('data-consent-lending'));
    fireEvent.click(screen.getByTestId('data-request-submit'));
    expect(await screen.findByTestId('data-withdraw-consequence')).toHaveTextContent('You cannot take new loans. Your current loans are still serviced');
    expect(requestBody(fetchMock, API_PATHS.dataRightsFile)).toBeUndefined();
    fireEvent.click(screen.getByTestId('data-withdraw-confirm'));
    expect(await screen.findByTestId('data-rights-filed')).toHaveTextContent('withdrawn');
    expect(requestBody(fetchMock, API_PATHS.dataRightsFile)).toMatchObject({ kind: 'withdraw_consent', consent: 'lending', details: '' });
  });

  it('shows the server’s refusal in place (one open request per kind), in the reader’s language', async () => {
    await changeLanguage('vn');
    serve({ requests: [], withdrawnConsents: [] }, () =>
      envelope(null, { code: BORROWER_ERRORS.DATA_REQUEST_OPEN.code, message: 'Bạn đã có một yêu cầu loại này đang được xử lý. Vui lòng chờ phản hồi của chúng tôi', status: 409 }),
    );
    renderPage();
    expect(await screen.findByText('Quyền dữ liệu của tôi', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('data-rights-new', {}, SLOW));
    fireEvent.click(screen.getByTestId('data-kind-access'));
    fireEvent.click(screen.getByTestId('data-request-submit'));
    expect(await screen.findByTestId('data-request-refusal')).toHaveTextContent('Bạn đã có một yêu cầu loại này đang được xử lý');
  });
});
