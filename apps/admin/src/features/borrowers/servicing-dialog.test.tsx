import type { BorrowerDetail, OperatorView } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { envelope, stubServerInEnglish } from '../../test/stubbed-server.ts';
import { operatorKeys } from '../auth/operator-query.ts';
import { OrderDetail, OrdersTab } from './orders-tab.tsx';

const fetchMock = stubServerInEnglish();

type Order = BorrowerDetail['orders'][number];
const order = (change: Partial<Order>): Order => ({
  orderId: 31,
  orderNo: 'SEN26112400000031',
  productName: 'Sen Nhanh',
  state: 'settled',
  principal: 2_000_000,
  disbursedAmount: 1_980_000,
  serviceFee: 20_000,
  termDays: 30,
  planNums: 1,
  applyDate: '2026-10-01',
  startDate: '2026-10-01',
  disbursedAt: '2026-10-01T03:00:00.000Z',
  settledAt: '2026-10-20T03:00:00.000Z',
  closedAt: null,
  closeReason: null,
  instalments: [],
  payments: [],
  creditHeld: 0,
  overdue: false,
  writtenOffOn: null,
  recovered: 0,
  writtenOff: 0,
  writtenOffPrincipal: 0,
  daysPastDue: 0,
  remainingPrincipal: 0,
  ...change,
});

function renderTab(orders: Order[], permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(operatorKeys.me, { id: 1, email: 'f@sen.test', name: 'Finance', role: 'finance', permissions } as unknown as OperatorView);
  const page = { orders, limits: { orders: 20 } } as unknown as BorrowerDetail;
  render(
    <QueryClientProvider client={client}>
      <App>
        <OrdersTab page={page} />
      </App>
    </QueryClientProvider>,
  );
}


// antd's table, modal and form render slowly in jsdom
describe('the orders tab: proposing a refund or a write-off', { timeout: 60_000 }, () => {
  it('offers a refund where money is held and a write-off where the loan is overdue, to a role that may propose them only', async () => {
    renderTab([order({ creditHeld: 75_000 }), order({ orderId: 32, orderNo: 'SEN26112400000032', state: 'repaying', overdue: true })], ['borrowers.read', 'loans.service']);
    expect(screen.getByTestId('propose-refund-SEN26112400000031')).toBeInTheDocument();
    expect(screen.queryByTestId('propose-write-off-SEN26112400000031')).toBeNull();
    expect(screen.getByTestId('propose-write-off-SEN26112400000032')).toBeInTheDocument();
    expect(screen.queryByTestId('propose-refund-SEN26112400000032')).toBeNull();
  });

  it('hides both from a role without loans.service', () => {
    renderTab([order({ creditHeld: 75_000, state: 'repaying', overdue: true })], ['borrowers.read']);
    expect(screen.queryByText('Propose refund')).toBeNull();
    expect(screen.queryByText('Propose write-off')).toBeNull();
  });

  it('sends the proposal with its reason, and shows the server’s refusal in place', async () => {
    const user = setupUser();
    renderTab([order({ creditHeld: 75_000 })], ['loans.service']);
    await user.click(screen.getByTestId('propose-refund-SEN26112400000031'));
    expect(screen.getByRole('dialog', { name: 'Refund the overpayment of order SEN26112400000031' })).toHaveTextContent('75,000');
    fetchMock.mockResolvedValueOnce(envelope(null, 6071, 'A refund of this order is already under way'));
    await user.type(screen.getByLabelText('Reason (kept with the proposal and in the audit trail)'), 'borrower asked by phone');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Propose refund' }));
    expect(await screen.findByText('A refund of this order is already under way')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/loans/refund/propose');
    expect(JSON.parse(String(init?.body))).toEqual({ orderId: 31, reason: 'borrower asked by phone' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    // Closed and opened again: the refusal does not greet the next proposal.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByTestId('propose-refund-SEN26112400000031'));
    expect(await screen.findByRole('dialog', { name: 'Refund the overpayment of order SEN26112400000031' })).toBeInTheDocument();
    expect(screen.queryByText('A refund of this order is already under way')).toBeNull();
  });
  it('retries a waiting payout at once and proposes its cancel, for an order not yet paid out only', async () => {
    const user = setupUser();
    renderTab([order({ orderId: 33, orderNo: 'SEN26112400000033', state: 'paying', startDate: null, disbursedAt: null, settledAt: null }), order({})], ['loans.service']);
    expect(screen.queryByTestId('retry-payout-SEN26112400000031')).toBeNull();
    expect(screen.queryByTestId('cancel-payout-SEN26112400000031')).toBeNull();

    fetchMock.mockResolvedValueOnce(envelope({ orderNo: 'SEN26112400000033', attempt: 2, state: 'created' }));
    await user.click(screen.getByTestId('retry-payout-SEN26112400000033'));
    const retry = screen.getByRole('dialog', { name: 'Retry the payout of order SEN26112400000033' });
    await user.type(within(retry).getByLabelText('Reason (kept with the proposal and in the audit trail)'), 'bank is back');
    await user.click(within(retry).getByRole('button', { name: 'Retry payout now' }));
    expect(await screen.findByText('The payout job will take this payout on its next run')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/loans/payout/retry');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ orderId: 33, reason: 'bank is back' });

    fetchMock.mockResolvedValueOnce(envelope(null, 6082, 'The payout partner is processing this transfer: wait for its answer'));
    await user.click(screen.getByTestId('cancel-payout-SEN26112400000033'));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel the payout of order SEN26112400000033' });
    await user.type(within(cancel).getByLabelText('Reason (kept with the proposal and in the audit trail)'), 'borrower withdrew');
    await user.click(within(cancel).getByRole('button', { name: 'Propose payout cancel' }));
    expect(await screen.findByText('The payout partner is processing this transfer: wait for its answer')).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/admin/loans/payout/cancel/propose');
  });
});

describe('a written-off order in the borrower view', { timeout: 60_000 }, () => {
  it('says what was written off, the principal still to recover and the days past due (never 0, never the whole balance unexplained)', () => {
    render(
      <OrderDetail
        order={order({ state: 'written_off', writtenOffOn: '2026-11-26', recovered: 500_000, writtenOff: 3_162_000, writtenOffPrincipal: 3_000_000, remainingPrincipal: 2_662_000, daysPastDue: 31 })}
      />,
    );
    expect(screen.getByTestId('written-off-figures-SEN26112400000031')).toHaveTextContent(
      'Written off 3,162,000 ₫, of it principal 3,000,000 ₫; principal still to recover 2,662,000 ₫ (recovery counts against overdue fee, fee and interest first); 31 days past due',
    );
  });
});

