import type { BreachView } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { envelope } from '../../test/stubbed-server.ts';
import BreachesPage, { BreachTable } from './breaches-page.tsx';

const breach = (change: Partial<BreachView>): BreachView => ({
  id: 1,
  discoveredAt: '2026-11-20T00:00:00.000Z',
  description: 'A support laptop was stolen',
  dataAffected: 'Names and phones',
  borrowersAffected: 120,
  notifyBy: '2026-11-23T00:00:00.000Z',
  notifiedAt: null,
  notificationReference: null,
  recordedBy: { id: 1, email: 'a@sen.test', name: 'Admin' },
  recordedAt: '2026-11-20T01:00:00.000Z',
  notifiedBy: null,
  ...change,
});

beforeEach(async () => {
  await changeLanguage('en');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  return changeLanguage('vn');
});

describe('the breach register', { timeout: 30_000 }, () => {
  it('counts down the 72 hours, highlights a breach past them, and shows a notified one with its reference', () => {
    render(
      <BreachTable
        list={[
          breach({ id: 1 }),
          breach({ id: 2, discoveredAt: '2026-11-18T00:00:00.000Z', notifyBy: '2026-11-21T00:00:00.000Z' }),
          breach({ id: 3, notifiedAt: '2026-11-21T08:00:00.000Z', notificationReference: 'A05-2026-0042', notifiedBy: { id: 1, email: 'a@sen.test', name: 'Admin' } }),
        ]}
        onNotify={() => undefined}
      />,
    );
    const open = screen.getByTestId('breach-timer-1');
    expect(open).toHaveTextContent('12 h 0 min left');
    expect(open.closest('tr')).not.toHaveClass('row--overdue');
    const late = screen.getByTestId('breach-timer-2');
    expect(late).toHaveTextContent('Overdue by 1 d 12 h');
    expect(late.closest('tr')).toHaveClass('row--overdue');
    expect(screen.getByText(/A05-2026-0042/).closest('tr')).toHaveTextContent('Notified');
    expect(screen.getByLabelText('Mark breach #1 notified')).toBeInTheDocument();
    expect(screen.queryByLabelText('Mark breach #3 notified')).toBeNull();
  });
});

describe('recording a breach in another time zone', { timeout: 60_000 }, () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    // An operator's laptop set to New York (UTC-5): the times they pick are still Vietnam's (decision 121).
    process.env.TZ = 'America/New_York';
    vi.useRealTimers();
  });
  afterEach(() => {
    process.env.TZ = zone;
    vi.unstubAllGlobals();
  });

  it("sends the instant of the Vietnam time picked, not of the browser's", async () => {
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) =>
      envelope((init?.method ?? 'GET') === 'GET' ? [] : breach({ id: 9 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <App>
          <BreachesPage />
        </App>
      </QueryClientProvider>,
    );
    // Queried by text, not by role: role queries over antd take seconds in jsdom.
    fireEvent.click((await screen.findByText('Record a breach')).closest('button')!);
    const dialog = (await screen.findByLabelText('Discovered at')).closest<HTMLElement>('.ant-modal')!;
    const picker = within(dialog).getByLabelText('Discovered at');
    // Typed as a whole (key by key, antd re-renders the picker on every key in jsdom).
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: '2026-11-20 09:30' } });
    fireEvent.keyDown(picker, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.change(within(dialog).getByLabelText('What happened'), { target: { value: 'A support laptop was stolen' } });
    fireEvent.change(within(dialog).getByLabelText('Data affected'), { target: { value: 'Names and phones' } });
    fireEvent.change(within(dialog).getByLabelText('Borrowers affected'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByText('Record a breach', { selector: 'button *' }).closest('button')!);
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    // 09:30 in Vietnam is 02:30 UTC (in New York's zone the browser would have said 14:30 UTC).
    expect(JSON.parse(String(init!.body))).toMatchObject({ discoveredAt: '2026-11-20T02:30:00.000Z', borrowersAffected: 120 });
  });
});
