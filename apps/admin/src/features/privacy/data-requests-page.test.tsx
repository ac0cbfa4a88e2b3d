import type { AdminDataRequest } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { DataRequestsDueCard } from './data-requests-due-card.tsx';
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
  reminder: null,
  ...change,
});

/** Now: 10 December 2026, 17:00 UTC (midnight starting the 11th in Vietnam). */
const NOW = new Date('2026-12-10T17:00:00.000Z');
// The server's reminders on Friday 11 December in Vietnam: due soon means due by Tuesday the 15th.
const list = [
  request({ id: 1, due: '2026-12-08', reminder: 'overdue' }),
  request({ id: 2, due: '2026-12-12', reminder: 'due_soon' }),
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
    // Due days written as the filed and acknowledged instants are, not as ISO days.
    expect(soon.closest('tr')).toHaveTextContent('12 Dec 2026');
    expect(soon.closest('tr')).not.toHaveTextContent('2026-12-12');
    expect(within(extended.closest('tr')!).getByLabelText('Extend request #3')).toBeDisabled();
    vi.useRealTimers();
  });

  it('reminds of requests due within 2 working days: highlighted, tagged, and a tab of their own (decision 121)', async () => {
    const user = setupUser();
    fetchMock.mockImplementation(async (url) => envelope(String(url).includes('state=due_soon') ? list.slice(0, 2) : list));
    renderPage();
    const soon = await screen.findByTestId('data-request-reminder-2');
    expect(soon).toHaveTextContent('Due within 2 working days');
    expect(soon.closest('tr')).toHaveClass('row--due-soon');
    expect(screen.getByTestId('data-request-reminder-1')).toHaveTextContent('Overdue');
    expect(screen.getByTestId('data-request-reminder-1').closest('tr')).toHaveClass('row--overdue');
    expect(screen.queryByTestId('data-request-reminder-3')).toBeNull();

    await user.click(screen.getByText('Due soon or overdue'));
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/admin/privacy/requests?state=due_soon'));
    await waitFor(() => expect(screen.queryByTestId('data-request-reminder-3')).toBeNull());
    expect(screen.getByTestId('data-request-reminder-2')).toBeInTheDocument();
  });

  it('the home counts the requests overdue and due soon, and links to them', async () => {
    fetchMock.mockImplementation(async () => envelope([list[0], list[1], request({ id: 4, due: '2026-12-14', reminder: 'due_soon' })]));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DataRequestsDueCard />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('home-data-requests');
    await waitFor(() => expect(card).toHaveTextContent('Overdue1'));
    expect(card).toHaveTextContent('Due within 2 working days2');
    expect(within(card).getByRole('link', { name: 'Open the data requests' })).toHaveAttribute('href', '/data-requests?state=due_soon');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/privacy/requests?state=due_soon');
  });

  it('extends a request once, by at most 15 days, with its reason', async () => {
    const user = setupUser();
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
