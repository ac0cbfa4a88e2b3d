import type { RestructurePreview } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { envelope, stubServerInEnglish } from '../../test/stubbed-server.ts';
import { RestructureForm } from './restructure-form.tsx';

const fetchMock = stubServerInEnglish();

const rules = { maxInstalments: 12, minPeriodDays: 7, maxPeriodDays: 31, maxTermDays: 365, maxExtensionDays: 180, maxOverdueFeeWaiverPercent: 100, maxOverdueInterestWaiverPercent: 50, offerValidDays: 7, watchDays: 90 };
const request = { id: 3, orderId: 31, reason: 'income_loss' as const, note: 'Mất việc', monthlyAmount: 700_000, state: 'open' as const, createdAt: '2026-11-26T03:00:00.000Z' };
const plan: NonNullable<RestructurePreview['plan']> = {
  date: '2026-11-26',
  planNums: 2,
  periodDays: 30,
  closed: { principal: 3_000_000, interest: 36_000, fee: 45_000, overdueFee: 12_000 },
  waived: { principal: 0, interest: 0, fee: 0, overdueFee: 12_000 },
  carried: { principal: 3_000_000, interest: 36_000, fee: 45_000, overdueFee: 0 },
  instalments: [
    { planPart: 4, dueDate: '2026-12-26', principal: 1_500_000, interest: 54_000, fee: 22_500, overdueFee: 0, total: 1_576_500 },
    { planPart: 5, dueDate: '2027-01-25', principal: 1_500_000, interest: 36_000, fee: 22_500, overdueFee: 0, total: 1_558_500 },
  ],
  newInterest: 54_000,
  totalRepayable: 3_135_000,
  costOfCredit: 135_000,
  aprPercent: 14.32,
  firstDueDate: '2026-12-26',
  finalDueDate: '2027-01-25',
};
const preview = (change: Partial<RestructurePreview>): RestructurePreview => ({
  orderNo: 'SEN26112400000031',
  rules,
  caps: { overdueFee: 12_000, interest: 18_000 },
  violations: [],
  plan,
  request,
  openOffer: null,
  lastOffer: null,
  ...change,
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RestructureForm orderId={31} />
      </App>
    </QueryClientProvider>,
  );
}

// antd's form and table render slowly in jsdom
describe('the restructure offer form (decision 117)', { timeout: 60_000 }, () => {
  it('groups a waiver\'s digits in the operator\'s language, as the caps under the fields are written', async () => {
    const user = setupUser();
    renderForm();
    await user.type(screen.getByLabelText('Waive overdue fee'), '12000');
    expect(screen.getByLabelText('Waive overdue fee')).toHaveValue('12,000');
  });

  it('shows the rules an offer breaks, then the new schedule with its full cost and APR, and proposes it with a reason', async () => {
    const user = setupUser();
    renderForm();
    expect(screen.getByTestId('restructure-propose')).toBeDisabled();

    fetchMock.mockResolvedValueOnce(envelope(preview({ violations: ['instalments', 'interestWaiver'], plan: null })));
    await user.clear(screen.getByLabelText('Instalments'));
    await user.type(screen.getByLabelText('Instalments'), '13');
    await user.click(screen.getByTestId('restructure-preview'));
    const violations = await screen.findByTestId('restructure-violations');
    expect(violations).toHaveTextContent('Instalments must be 1 to 12');
    expect(violations).toHaveTextContent('At most 18,000 ₫ of the overdue interest may be waived');
    expect(screen.getByTestId('restructure-request')).toHaveTextContent('can pay 700,000 ₫ a month (lost job or income)');
    expect(screen.getByTestId('restructure-propose')).toBeDisabled();
    const query = new URL(String(fetchMock.mock.calls[0]![0]), 'http://admin.test').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ orderId: '31', planNums: '13', periodDays: '30', waiveOverdueFee: '0', waiveInterest: '0' });

    fetchMock.mockResolvedValueOnce(envelope(preview({})));
    await user.clear(screen.getByLabelText('Instalments'));
    await user.type(screen.getByLabelText('Instalments'), '2');
    await user.click(screen.getByTestId('restructure-preview'));
    expect(await screen.findByTestId('restructure-total')).toHaveTextContent('3,135,000 ₫');
    expect(screen.getByTestId('restructure-apr')).toHaveTextContent('14.32 %');
    expect(screen.getByTestId('restructure-plan')).toHaveTextContent('1,576,500 ₫');
    // Due days written as the back office writes days, never '2026-12-26'.
    expect(screen.getByTestId('restructure-plan')).toHaveTextContent('26 Dec 2026');

    // The reason is required, as for every proposal.
    const calls = fetchMock.mock.calls.length;
    await user.click(screen.getByTestId('restructure-propose'));
    expect(await screen.findByText('Please input')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
    fetchMock.mockResolvedValueOnce(envelope(null, 6101, 'The offer is outside the restructuring rules: extension', 400));
    await user.type(screen.getByLabelText('Reason (kept with the proposal and in the audit trail)'), 'lost job, can pay 700k');
    await user.click(screen.getByTestId('restructure-propose'));
    expect(await screen.findByText('The offer is outside the restructuring rules: extension')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/admin/collections/restructure/propose');
    expect(JSON.parse(String(init?.body))).toEqual({ orderId: 31, planNums: 2, periodDays: 30, waiveOverdueFee: 0, waiveInterest: 0, reason: 'lost job, can pay 700k' });
  });

  it('does not propose while an offer waits for the borrower', async () => {
    const user = setupUser();
    renderForm();
    fetchMock.mockResolvedValueOnce(envelope(preview({ openOffer: { id: 41, expiresAt: '2026-12-03T03:00:00.000Z' } })));
    await user.click(screen.getByTestId('restructure-preview'));
    expect(await screen.findByText('An offer is waiting for the borrower until 2026-12-03')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('restructure-propose')).toBeDisabled());
  });

  it('says when the last offer expired unanswered (decision 121), on its Vietnam date', async () => {
    const user = setupUser();
    renderForm();
    // 20:30 UTC on 3 December is already 4 December in Vietnam.
    fetchMock.mockResolvedValueOnce(envelope(preview({ lastOffer: { id: 41, state: 'expired', expiresAt: '2026-12-03T20:00:00.000Z', decidedAt: '2026-12-03T20:30:00.000Z' } })));
    await user.click(screen.getByTestId('restructure-preview'));
    expect(await screen.findByTestId('restructure-last-offer')).toHaveTextContent('Offer #41 expired unanswered on 2026-12-04');
    await waitFor(() => expect(screen.getByTestId('restructure-propose')).toBeEnabled());
  });
});
