import type { ProposalView, ReviewCase } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, stubServerInEnglish } from '../../test/stubbed-server.ts';
import { DecideForm, decideInput } from './decide-form.tsx';

const fetchMock = stubServerInEnglish();

const operator = { id: 3, email: 'rita@sen.local', name: 'Rita Reviewer' };
const review: ReviewCase = {
  id: 41,
  borrower: { userId: 1007, phoneMasked: '09*****678', nameMasked: 'Trần T** H**' },
  status: 'pending',
  cause: 'appeal',
  engine: {
    outcome: 'reject',
    creditLimit: 0,
    reasons: ['maxAge'],
    ruleResults: [{ rule: 'maxAge', passed: false, detail: 'age 63 > 60', onFail: 'reject' }],
    policyVersion: 'v1',
  },
  suggestedLimit: 5_000_000,
  requestedAt: '2026-11-25T02:00:00.000Z',
  appeal: { reason: 'Retired teacher with a pension', openedBy: operator },
  asked: null,
  decision: null,
};
const decided = (decision: 'approve' | 'reject', creditLimit: number, reason: string): ReviewCase => ({
  ...review,
  status: 'decided',
  decision: { decision, creditLimit, reason, decidedBy: operator, decidedAt: '2026-11-26T02:00:00.000Z' },
});

function renderForm(onDecided = vi.fn(), ownAppeal = false) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const node: ReactNode = (
    <QueryClientProvider client={client}>
      <App>
        <DecideForm review={review} ownAppeal={ownAppeal} onDecided={onDecided} />
      </App>
    </QueryClientProvider>
  );
  render(node);
  return onDecided;
}

/** antd validates and animates asynchronously; on a loaded machine a second is not always enough. */
const SLOW = { timeout: 5000 };

const sent = (call = 0) => JSON.parse(String(fetchMock.mock.calls[call]![1]?.body)) as Record<string, unknown>;


describe('what the decide form sends', () => {
  it('sends the limit with an approval only, and the reason trimmed', () => {
    expect(decideInput(41, { decision: 'approve', limit: 4_000_000, reason: '  pension slip seen ' })).toEqual({ reviewId: 41, decision: 'approve', limit: 4_000_000, reason: 'pension slip seen' });
    expect(decideInput(41, { decision: 'reject', limit: 4_000_000, reason: 'no income proof' })).toEqual({ reviewId: 41, decision: 'reject', reason: 'no income proof' });
    expect(decideInput(41, { decision: 'ask', reason: 'Please send a pension slip' })).toEqual({ reviewId: 41, decision: 'ask', reason: 'Please send a pension slip' });
  });
});

// antd's form, radio and modal render slowly in jsdom
describe('the decide form', { timeout: 60_000 }, () => {
  it('starts at the suggested limit; a missing reason or an empty, zero or too large limit is refused before any call', async () => {
    const user = setupUser();
    renderForm();
    const limit = screen.getByLabelText('Credit limit');
    expect(limit).toHaveValue('5,000,000');
    expect(screen.getByText('The policy suggests 5,000,000 ₫ for these facts')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Please state a reason (at least 3 characters)', {}, SLOW)).toBeInTheDocument();

    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Please input', {}, SLOW)).toBeInTheDocument();

    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The limit must be more than 0 ₫', {}, SLOW)).toBeInTheDocument();

    await user.clear(limit);
    await user.type(limit, '20000000000');
    // Above the suggested limit the button proposes (four eyes); the contract's bound is checked first.
    await user.click(screen.getByRole('button', { name: 'Propose the limit' }));
    expect(await screen.findByText('Must be at most 10,000,000,000 ₫', {}, SLOW)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('approves with the limit typed after a confirmation, and the author comes back with the decision', async () => {
    const user = setupUser();
    const onDecided = renderForm();
    const limit = screen.getByLabelText('Credit limit');
    await user.clear(limit);
    await user.type(limit, '4000000');
    await user.type(screen.getByLabelText('Reason (kept with the decision)'), '  pension slip seen on the call ');
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    const confirm = await screen.findByRole('dialog', { name: 'Approve this borrower?' }, SLOW);
    expect(confirm).toHaveTextContent('The borrower gets a credit limit of 4,000,000 ₫ at once.');
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(envelope({ review: decided('approve', 4_000_000, 'pension slip seen on the call'), proposal: null }));
    await user.click(screen.getAllByRole('button', { name: 'Approve' }).at(-1)!);
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith('approve', false), SLOW);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/reviews/decide');
    expect(init?.method).toBe('POST');
    expect(sent()).toEqual({ reviewId: 41, decision: 'approve', limit: 4_000_000, reason: 'pension slip seen on the call' });
  });

  it('a limit above the suggested one is proposed for a second operator, said before and after', async () => {
    const user = setupUser();
    const onDecided = renderForm();
    const limit = screen.getByLabelText('Credit limit');
    await user.clear(limit);
    await user.type(limit, '8000000');
    expect(await screen.findByText(/another operator must approve this limit/, {}, SLOW)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason (kept with the decision)'), 'two salary slips');
    await user.click(screen.getByRole('button', { name: 'Propose the limit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Propose this limit?' }, SLOW);
    expect(confirm).toHaveTextContent('8,000,000 ₫ is above the suggested 5,000,000 ₫');
    const proposal: ProposalView = {
      id: 77,
      kind: 'credit.limit',
      payload: { reviewId: 41, userId: 1007, suggestedLimit: 5_000_000, limit: 8_000_000, reason: 'two salary slips' },
      summary: 'Credit limit 8000000 VND for borrower 1007 (review 41; suggested 5000000 VND)',
      before: null,
      reason: 'two salary slips',
      status: 'pending',
      proposedBy: operator,
      proposedAt: '2026-11-26T02:00:00.000Z',
      expiresAt: '2026-12-03T02:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      result: null,
    };
    fetchMock.mockResolvedValueOnce(envelope({ review, proposal }));
    await user.click(screen.getAllByRole('button', { name: 'Propose the limit' }).at(-1)!);
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith('approve', true), SLOW);
    expect(sent()).toEqual({ reviewId: 41, decision: 'approve', limit: 8_000_000, reason: 'two salary slips' });
    expect(await screen.findByText('Proposed: the limit takes effect when another operator approves it', {}, SLOW)).toBeInTheDocument();
  });

  it('the operator who opened the appeal may only ask', async () => {
    renderForm(vi.fn(), true);
    expect(screen.getByText('You opened this appeal: another operator decides it. You can still ask the borrower for information.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Approve with a limit' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Reject' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Ask for information' })).toBeChecked();
    expect(screen.queryByLabelText('Credit limit')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a limit at the limit", async () => {
    const user = setupUser();
    const onDecided = renderForm();
    const limit = screen.getByLabelText('Credit limit');
    await user.clear(limit);
    await user.type(limit, '4050000');
    await user.type(screen.getByLabelText('Reason (kept with the decision)'), 'pension slip seen');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    fetchMock.mockResolvedValueOnce(envelope(null, 6042, 'The limit must be at most 100000000 VND, in steps of 100000 VND', 400));
    await user.click(screen.getAllByRole('button', { name: 'Approve' }).at(-1)!);
    const help = await screen.findByText('The limit must be at most 100000000 VND, in steps of 100000 VND', {}, SLOW);
    expect(help.closest('.ant-form-item')).toContainElement(limit);
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('a question needs no limit and no confirmation; a rejection is confirmed and sends no limit', async () => {
    const user = setupUser();
    const onDecided = renderForm();
    // antd draws the radio input under its label (pointer-events: none): the label is what is clicked.
    await user.click(screen.getByText('Ask for information'));
    expect(screen.queryByLabelText('Credit limit')).not.toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(envelope({ review: { ...review, status: 'asked', asked: { question: 'Please send a pension slip', by: operator, at: '2026-11-26T02:00:00.000Z' } }, proposal: null }));
    await user.type(screen.getByLabelText('Question for the borrower'), 'Please send a pension slip');
    await user.click(screen.getByRole('button', { name: 'Send the question' }));
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith('ask', false), SLOW);
    expect(sent(0)).toEqual({ reviewId: 41, decision: 'ask', reason: 'Please send a pension slip' });

    await user.click(screen.getByText('Reject', { selector: '.ant-radio-button-label, .ant-radio-button-wrapper span' }));
    await user.type(screen.getByLabelText('Reason for the rejection (kept with the decision)'), 'No proof of income');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByRole('dialog', { name: 'Reject this borrower?' }, SLOW);
    fetchMock.mockResolvedValueOnce(envelope({ review: decided('reject', 0, 'No proof of income'), proposal: null }));
    await user.click(screen.getAllByRole('button', { name: 'Reject' }).at(-1)!);
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith('reject', false), SLOW);
    expect(sent(1)).toEqual({ reviewId: 41, decision: 'reject', reason: 'No proof of income' });
  });
});
