import type { ProposalView, UnidentifiedTransferView } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import UnidentifiedTransfersPage from './unidentified-transfers-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown, code = 200, message = 'ok') =>
  new Response(JSON.stringify({ code, message, data }), { status: code === 200 ? 200 : 409, headers: { 'content-type': 'application/json' } });

const transfer: UnidentifiedTransferView = {
  transferId: 41,
  providerTransactionId: '900041',
  transactionDate: '2026-11-25 09:15:00',
  transactionDateAsSent: null,
  content: 'PHAM THI QUYNH tra no',
  amount: 1_250_000,
  state: 'open',
  orderNo: null,
  decidedAt: null,
  returnMemo: null,
  returnedAt: null,
  returnCandidates: [],
  suggestions: [
    {
      repaymentRequestId: '8a7d5c1e-7d1c-4c55-9a44-0b6c1b7e2f10',
      orderId: 7,
      orderNo: 'SEN26112500000007',
      borrowerName: 'Phạm Thị Quỳnh',
      amount: 1_250_000,
      requestedAt: '2026-11-25T01:00:00.000Z',
      score: 99,
      reasons: ['amountEqual', 'nameMatch', 'timeClose'],
    },
  ],
};
const proposal: ProposalView = {
  id: 77,
  kind: 'transfer.match',
  payload: {},
  summary: 'Apply unidentified transfer 41',
  before: null,
  reason: 'name on the statement',
  status: 'pending',
  proposedBy: { id: 1, email: 'f@sen.test', name: 'Finance' },
  proposedAt: '2026-11-25T03:00:00.000Z',
  expiresAt: '2026-12-02T03:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  result: null,
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>
          <UnidentifiedTransfersPage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** The list for every GET; the answers given for the POSTs in order. */
function serve(posts: Response[], list: UnidentifiedTransferView[] = [transfer]) {
  fetchMock.mockImplementation(async (url, init) => {
    if ((init?.method ?? 'GET') === 'GET') return envelope(list);
    const next = posts.shift();
    if (!next) throw new Error(`unexpected call ${String(url)}`);
    return next;
  });
}
const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown }));

beforeEach(async () => {
  await changeLanguage('en');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  return changeLanguage('vn');
});

// antd's table, modal and form render slowly in jsdom
describe('the unmatched queue page', { timeout: 60_000 }, () => {
  it('shows each waiting transfer with its suggestions, and proposes a match to one with its request', async () => {
    const user = setupUser();
    serve([envelope(null, 6033, 'A proposal for the same item is already waiting for approval'), envelope({ proposal })]);
    renderPage();
    const suggestion = await screen.findByTestId('suggestion-41-SEN26112500000007');
    expect(suggestion).toHaveTextContent('Phạm Thị Quỳnh');
    expect(suggestion).toHaveTextContent('same amount, name in content, within a day');

    await user.click(within(suggestion).getByRole('button', { name: 'Match to this' }));
    const dialog = screen.getByRole('dialog', { name: 'Match transfer #41 to an order' });
    expect(within(dialog).getByLabelText('Order number')).toHaveValue('SEN26112500000007');
    // The reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Propose the match' }));
    expect(await within(dialog).findByText('Please state a reason (at least 3 characters)')).toBeInTheDocument();
    expect(posted()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason (kept with the proposal and in the audit trail)'), 'name on the statement');
    await user.click(within(dialog).getByRole('button', { name: 'Propose the match' }));
    expect(await within(dialog).findByText('A proposal for the same item is already waiting for approval')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Propose the match' }));
    expect(await screen.findByText('Proposal #77 is waiting for another operator')).toBeInTheDocument();
    expect(posted()).toEqual([
      ...Array.from({ length: 2 }, () => ({
        url: '/api/admin/repayments/unidentified/match',
        body: { transferId: 41, orderNo: 'SEN26112500000007', repaymentRequestId: transfer.suggestions[0]!.repaymentRequestId, reason: 'name on the statement' },
      })),
    ]);
  });

  it('marks a transfer whose bank time could not be read: dated when received, with what the bank sent (decision 127)', async () => {
    serve([], [transfer, { ...transfer, transferId: 42, providerTransactionId: '900042', transactionDate: '2026-11-25 10:20:00', transactionDateAsSent: '25/11/2026 10:19' }]);
    renderPage();
    const unreadable = (await screen.findByText('900042')).closest('tr')!;
    expect(unreadable).toHaveTextContent('Bank time unreadable');
    expect(unreadable).toHaveTextContent('Dated when received; the bank sent: 25/11/2026 10:19');
    const read = screen.getByText('900041').closest('tr')!;
    expect(read).not.toHaveTextContent('Bank time unreadable');
  });

  it('proposes a return with its reason', async () => {
    const user = setupUser();
    serve([envelope({ proposal: { ...proposal, id: 78, kind: 'transfer.return' as const } })]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Return transfer #41' }));
    const dialog = screen.getByRole('dialog', { name: 'Return transfer #41 to its sender' });
    expect(within(dialog).queryByLabelText('Order number')).toBeNull();
    await user.type(within(dialog).getByLabelText('Reason (kept with the proposal and in the audit trail)'), 'sender called');
    await user.click(within(dialog).getByRole('button', { name: 'Propose the return' }));
    expect(await screen.findByText('Proposal #78 is waiting for another operator')).toBeInTheDocument();
    await waitFor(() => expect(posted()).toEqual([{ url: '/api/admin/repayments/unidentified/return', body: { transferId: 41, reason: 'sender called' } }]));
  });

  it('tells finance the memo to send a return back with (decision 121)', async () => {
    fetchMock.mockImplementation(async () =>
      envelope([{ ...transfer, state: 'to_return', decidedAt: '2026-11-25T04:00:00.000Z', returnMemo: 'HOANTRA41', suggestions: [] }]),
    );
    renderPage();
    expect(await screen.findByTestId('return-memo-41')).toHaveTextContent('Send it back from the bank with the memo HOANTRA41');
  });

  it('records which money out returned a transfer sent back without its memo, for a second operator (decision 125)', async () => {
    const user = setupUser();
    const toReturn = { ...transfer, state: 'to_return' as const, decidedAt: '2026-11-25T04:00:00.000Z', suggestions: [] };
    const candidate = { transferId: 95, providerTransactionId: '900095', transactionDate: '2026-11-26 10:05:00', content: 'hoan tien', amount: 1_250_000 };
    const list = [
      { ...toReturn, returnMemo: 'HOANTRA41', returnCandidates: [] },
      { ...toReturn, transferId: 42, providerTransactionId: '900042', returnMemo: 'HOANTRA42', returnCandidates: [candidate] },
    ];
    fetchMock.mockImplementation(async (_url, init) => ((init?.method ?? 'GET') === 'GET' ? envelope(list) : envelope({ proposal: { ...proposal, id: 79, kind: 'transfer.returned' as const } })));
    renderPage();

    // Nothing reported yet for #41: the dialog says what to do instead, and cannot propose.
    await user.click(await screen.findByRole('button', { name: 'Record the return of transfer #41' }));
    let dialog = screen.getByRole('dialog', { name: 'Record the money out that returned transfer #41' });
    expect(within(dialog).getByText(/No money out of this amount without a memo/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Propose recording the return' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Record the return of transfer #42' }));
    dialog = screen.getByRole('dialog', { name: 'Record the money out that returned transfer #42' });
    await user.click(within(dialog).getByLabelText('Reason (kept with the proposal and in the audit trail)'));
    await user.paste('bank sent it without the memo');
    // The money out is required.
    await user.click(within(dialog).getByRole('button', { name: 'Propose recording the return' }));
    expect(await within(dialog).findByText('Please input')).toBeInTheDocument();
    expect(posted()).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: /· hoan tien \(900095\)$/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Propose recording the return' }));
    expect(await screen.findByText('Proposal #79 is waiting for another operator')).toBeInTheDocument();
    expect(posted()).toEqual([{ url: '/api/admin/repayments/unidentified/returned', body: { transferId: 42, outgoingTransferId: 95, reason: 'bank sent it without the memo' } }]);
  });
});
