import type { BorrowerDetail, OperatorView, ReviewCase } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubServerInEnglish } from '../../test/stubbed-server.ts';
import { operatorKeys } from '../auth/operator-query.ts';
import { mayAppeal } from './appeal-dialog.tsx';
import { CreditTab } from './credit-tab.tsx';

const fetchMock = stubServerInEnglish();

type Account = NonNullable<BorrowerDetail['credit']['account']>;
const account = (change: Partial<Account> = {}): Account => ({
  status: 2,
  creditLimit: 0,
  usedAmount: 0,
  reviewPending: false,
  decidedAt: '2026-11-20T03:00:00.000Z',
  nextTryDate: '2026-12-20',
  calmUntilDate: null,
  ...change,
});

const operator = { id: 3, email: 'rita@sen.local', name: 'Rita Reviewer' };
const opened: ReviewCase = {
  id: 58,
  borrower: { userId: 1007, phoneMasked: '09*****678', nameMasked: null },
  status: 'pending',
  cause: 'appeal',
  engine: { outcome: 'reject', creditLimit: 0, reasons: ['maxAge'], ruleResults: [], policyVersion: 'v1' },
  suggestedLimit: 7_000_000,
  requestedAt: '2026-11-26T02:00:00.000Z',
  appeal: { reason: 'Retired teacher with a pension', openedBy: operator },
  asked: null,
  decision: null,
};

function renderTab(creditAccount: Account | null, permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(operatorKeys.me, { ...operator, role: 'reviewer', permissions } as unknown as OperatorView);
  const page = { borrower: { userId: 1007 }, credit: { account: creditAccount, decisions: [] }, limits: { decisions: 20 } } as unknown as BorrowerDetail;
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <App>
          <CreditTab page={page} />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** antd validates and animates asynchronously; on a loaded machine a second is not always enough. */
const SLOW = { timeout: 5000 };


describe('when an appeal may be opened', () => {
  it('for a rejected or paused borrower with no review under way only', () => {
    expect(mayAppeal(account())).toBe(true);
    expect(mayAppeal(account({ status: 0, calmUntilDate: '2026-12-01' }))).toBe(true);
    expect(mayAppeal(account({ reviewPending: true }))).toBe(false);
    expect(mayAppeal(account({ status: 1, creditLimit: 5_000_000 }))).toBe(false);
    expect(mayAppeal(account({ status: 0 }))).toBe(false);
    expect(mayAppeal(null)).toBe(false);
  });
});

// antd's modal and form render slowly in jsdom
describe('opening an appeal from the credit tab', { timeout: 30_000 }, () => {
  it('is offered to a role that decides reviews, for a borrower who may appeal', () => {
    renderTab(account(), ['borrowers.read', 'reviews.decide']);
    expect(screen.getByRole('button', { name: 'Open an appeal' })).toBeInTheDocument();
  });

  it('is hidden from a role without reviews.decide', () => {
    renderTab(account(), ['borrowers.read']);
    expect(screen.queryByRole('button', { name: 'Open an appeal' })).toBeNull();
  });

  it('is hidden for an approved borrower', () => {
    renderTab(account({ status: 1, creditLimit: 5_000_000 }), ['borrowers.read', 'reviews.decide']);
    expect(screen.queryByRole('button', { name: 'Open an appeal' })).toBeNull();
  });

  it('needs a reason, sends it with the borrower, and says where the case is', async () => {
    const user = setupUser();
    renderTab(account(), ['borrowers.read', 'reviews.decide']);
    await user.click(screen.getByRole('button', { name: 'Open an appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal of borrower #1007' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Open the appeal' }));
    expect(await within(dialog).findByText('Please state a reason (at least 3 characters)', {}, SLOW)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(envelope({ review: opened }));
    await user.type(within(dialog).getByLabelText('What the borrower says (kept with the case and in the audit trail)'), '  Retired teacher with a pension ');
    await user.click(within(dialog).getByRole('button', { name: 'Open the appeal' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), SLOW);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/reviews/appeal');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 1007, reason: 'Retired teacher with a pension' });
    expect(await screen.findByText('Appeal opened: review #58 is in the queue.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open review #58' })).toHaveAttribute('href', '/reviews/58');
  });

  it("shows the server's refusal in the dialog", async () => {
    const user = setupUser();
    renderTab(account(), ['borrowers.read', 'reviews.decide']);
    await user.click(screen.getByRole('button', { name: 'Open an appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal of borrower #1007' }, SLOW);
    fetchMock.mockResolvedValueOnce(envelope(null, 6043, 'An appeal is possible only for a rejected or paused borrower with no review under way'));
    await user.type(within(dialog).getByLabelText('What the borrower says (kept with the case and in the audit trail)'), 'Wants a second look');
    await user.click(within(dialog).getByRole('button', { name: 'Open the appeal' }));
    expect(await within(dialog).findByText('An appeal is possible only for a rejected or paused borrower with no review under way', {}, SLOW)).toBeInTheDocument();
  });
});
