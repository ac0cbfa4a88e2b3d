import type { CollectionRules, ProposalView } from '@sen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { describe, expect, it } from 'vitest';
import { renderProposingPage } from '../../test/render-proposing-page.tsx';
import { envelope, stubServerInEnglish } from '../../test/stubbed-server.ts';
import CollectionRulesPage from './collection-rules-page.tsx';

const fetchMock = stubServerInEnglish();

const admin = { id: 1, email: 'admin@sen.local', name: 'Demo Admin' };
const finance = { id: 5, email: 'fiona@sen.local', name: 'Fiona Finance' };
const rules: CollectionRules = {
  buckets: [
    { code: '1-30', minDays: 1, maxDays: 30 },
    { code: '31+', minDays: 31, maxDays: null },
  ],
  templates: [
    { code: 'overdue_notice', channel: 'sms', bodyVn: 'Khoan vay {orderNo} da qua han', bodyEn: 'Loan {orderNo} is overdue', approved: true },
    { code: 'old_notice', channel: 'sms', bodyVn: 'Khoan vay cu', bodyEn: 'Old loan text', approved: false },
  ],
  rules: [{ dayPastDue: 1, template: 'overdue_notice', active: true }],
};
const proposal = (id: number, status: ProposalView['status']): ProposalView => ({
  id,
  kind: 'collections.rules',
  payload: rules,
  summary: 'Collection rules',
  before: rules,
  reason: 'gentler notice',
  status,
  proposedBy: admin,
  proposedAt: '2026-11-26T02:00:00.000Z',
  expiresAt: '2026-12-03T02:00:00.000Z',
  decidedBy: status === 'approved' ? finance : null,
  decidedAt: status === 'approved' ? '2026-11-26T03:00:00.000Z' : null,
  decisionReason: null,
  result: null,
});
const answer = (change: Partial<{ current: CollectionRules; pending: ProposalView | null; lastApproved: ProposalView | null }> = {}) =>
  envelope({ current: rules, openCases: { '1-30': 4 }, pending: null, lastApproved: proposal(3, 'approved'), ...change });

function renderPage(permissions: string[]) {
  renderProposingPage({ path: '/collections/rules', page: <CollectionRulesPage />, operator: admin, role: 'admin', permissions });
}

/** antd validates and animates asynchronously; on a loaded machine a second is not always enough. */
const SLOW = { timeout: 5000 };
const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const card = (name: string) => screen.getByRole('heading', { name }).closest('.ant-card') as HTMLElement;

// antd's tables and forms render slowly in jsdom
describe('the collection rules page', { timeout: 60_000 }, () => {
  it('shows the buckets, steps and templates in force; a role that may not propose gets no button', async () => {
    fetchMock.mockResolvedValueOnce(answer());
    renderPage(['collections.read']);
    expect(await screen.findByText(/In force since .*, approved by Fiona Finance/, {}, SLOW)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/collections/rules');
    const buckets = within(card('Days-past-due buckets')).getAllByRole('row').slice(1);
    expect(buckets.map((row) => row.textContent)).toEqual(['1-301–304', '31+31 and more0']);
    expect(within(card('Dunning steps')).getAllByRole('row')[1]).toHaveTextContent('1overdue_noticeSMSYes');
    const templates = within(card('Approved templates')).getAllByRole('row').slice(1);
    expect(templates[0]).toHaveTextContent('Loan {orderNo} is overdue');
    expect(templates[1]).toHaveTextContent('Withdrawn');
    expect(screen.queryByRole('button', { name: 'Propose a change' })).toBeNull();
  });

  it('a pending change is linked instead of the button; empty steps and templates say what that means', async () => {
    fetchMock.mockResolvedValueOnce(answer({ current: { ...rules, templates: [], rules: [] }, pending: proposal(8, 'pending'), lastApproved: null }));
    renderPage(['collections.read', 'collections.rules']);
    expect(await screen.findByText('No dunning steps: the job sends nothing automatically', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('No templates: no SMS or message may be sent about a debt')).toBeInTheDocument();
    expect(screen.getByText('The rules shipped with the system: no change has been approved yet.')).toBeInTheDocument();
    expect(screen.getByText(/A change proposed by Demo Admin on .* is waiting for a second operator’s approval\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the proposal' })).toHaveAttribute('href', '/proposals?status=pending&id=8');
    expect(screen.queryByRole('button', { name: 'Propose a change' })).toBeNull();
  });

  it('shows a failed load with the server’s message and loads again on retry', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValueOnce(envelope(null, 500, 'The server could not answer', 500));
    renderPage(['collections.read']);
    expect(await screen.findByText('Could not load this', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not answer');
    fetchMock.mockResolvedValueOnce(answer());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dunning steps' }, SLOW)).toBeInTheDocument();
  });

  it('proposes the edited set with a reason; lists every problem the server names; opens the proposal once accepted', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValueOnce(answer());
    renderPage(['collections.read', 'collections.rules']);
    await user.click(await screen.findByRole('button', { name: 'Propose a change' }, SLOW));
    // Role queries walk the whole form's accessibility tree (seconds in jsdom): found by text and label instead.
    const form = screen.getByLabelText('Propose new collection rules', { selector: 'form' });
    const submit = () => user.click(within(form).getByText('Propose the change').closest('button')!);
    const firstDay = within(form).getAllByLabelText('First day')[1]!;
    // Pasted, not typed: every keystroke re-renders the whole antd form.
    const fill = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      if (text) await user.paste(text);
    };
    await fill(firstDay, '35');
    await fill(within(form).getByLabelText('Reason (kept with the proposal and in the audit trail)'), 'later second bucket');
    const problems = ['Days 31–34 past due fall in no bucket (between 1-30 and 31+)', 'The step of day 1 sends overdue_notice, which is not on the approved list'];
    fetchMock.mockResolvedValueOnce(envelope({ problems }, 6130, problems[0], 400));
    await submit();
    expect(await within(form).findByText('The rules cannot be proposed: 2 problems', {}, SLOW)).toBeInTheDocument();
    for (const problem of problems) expect(within(form).getByText(problem)).toBeInTheDocument();
    expect(JSON.parse(String(posted()[0]![1]?.body))).toEqual({
      rules: { ...rules, buckets: [rules.buckets[0], { code: '31+', minDays: 35, maxDays: null }] },
      reason: 'later second bucket',
    });

    await fill(firstDay, '31');
    fetchMock.mockResolvedValueOnce(envelope({ proposal: proposal(12, 'pending') }));
    fetchMock.mockResolvedValue(answer());
    await submit();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/proposals?status=pending&id=12'), SLOW);
    expect(JSON.parse(String(posted()[1]![1]?.body)).rules).toEqual(rules);
  });
});
