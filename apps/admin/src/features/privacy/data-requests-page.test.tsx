import type { AdminDataRequest } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import DataRequestsPage from './data-requests-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown, code = 200, message = 'ok') =>
  new Response(JSON.stringify({ code, message, data }), { status: code === 200 ? 200 : 409, headers: { 'content-type': 'application/json' } });

const request = (change: Partial<AdminDataRequest>): AdminDataRequest => ({
  id: 1,
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
  userId: 1001,
  phoneMasked: '09*****678',
  extendedBy: null,
  extendedAt: null,
  closedBy: null,
  ...change,
});

/** Now: 10 December 2026, 17:00 UTC (midnight starting the 11th in Vietnam). */
const NOW = new Date('2026-12-10T17:00:00.000Z');
const list = [
  request({ id: 1, due: '2026-12-08' }),
  request({ id: 2, due: '2026-12-12' }),
  request({ id: 3, due: '2026-12-05', extendedDue: '2026-12-20', extensionReason: 'Archive search', extendedBy: { id: 4, email: 'r@sen.test', name: 'Reviewer' } }),
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>
          <DataRequestsPage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown }));

beforeEach(async () => {
  await changeLanguage('en');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  return changeLanguage('vn');
});

// antd's table, modal and form render slowly in jsdom
describe('the data requests queue', { timeout: 60_000 }, () => {
  it('shows the time left to complete each open request, the extended due day, and highlights the overdue one', async () => {
    // Only Date is faked, and only here: the dialogs' animations wait for time to pass.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    fetchMock.mockImplementation(async () => envelope(list));
    renderPage();
    const overdue = await screen.findByTestId('data-request-timer-1');
    // Due the 8th: its day ended at 17:00 UTC on the 8th, two days ago.
    expect(overdue).toHaveTextContent('Overdue by 2 d 0 h');
    expect(overdue.closest('tr')).toHaveClass('row--overdue');
    const soon = screen.getByTestId('data-request-timer-2');
    expect(soon).toHaveTextContent('2 d 0 h left');
    expect(soon.closest('tr')).not.toHaveClass('row--overdue');
    const extended = screen.getByTestId('data-request-timer-3');
    expect(extended).toHaveTextContent('10 d 0 h left');
    expect(extended.closest('tr')).toHaveTextContent('Extended by Reviewer: Archive search');
    expect(within(extended.closest('tr')!).getByLabelText('Extend request #3')).toBeDisabled();
    vi.useRealTimers();
  });

  it('extends a request once, by at most 15 days, with its reason', async () => {
    const user = userEvent.setup({ delay: null });
    fetchMock.mockImplementation(async (_url, init) => ((init?.method ?? 'GET') === 'GET' ? envelope(list) : envelope(request({ id: 2, extendedDue: '2026-12-22' }))));
    renderPage();
    // Queried by label and text, not by role: role queries over antd's table take seconds each in jsdom.
    await user.click(await screen.findByLabelText('Extend request #2'));
    const dialog = (await screen.findByText('Once only, by at most 15 days from the due day. The borrower sees the new day and the reason.')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText('Extend request #2')).toBeInTheDocument();
    const days = within(dialog).getByLabelText('Days');
    const submit = within(dialog).getByText('Extend').closest('button')!;
    // Typed as a whole (antd re-renders the dialog on every key in jsdom).
    fireEvent.change(days, { target: { value: '16' } });
    await user.click(submit);
    expect(await within(dialog).findByText('Extend by 1 to 15 days')).toBeInTheDocument();
    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (the borrower sees it; kept in the audit trail)'), { target: { value: 'Archive search' } });
    await user.click(submit);
    await waitFor(() => expect(posted()).toEqual([{ url: '/api/admin/privacy/requests/extend', body: { id: 2, days: 10, reason: 'Archive search' } }]));
  });
});
