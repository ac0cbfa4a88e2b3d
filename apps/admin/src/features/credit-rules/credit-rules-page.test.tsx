import type { ProposalView } from '@sen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { describe, expect, it } from 'vitest';
import { renderProposingPage } from '../../test/render-proposing-page.tsx';
import { envelope, stubServerInEnglish } from '../../test/stubbed-server.ts';
import CreditRulesPage from './credit-rules-page.tsx';

const fetchMock = stubServerInEnglish();

const maker = { id: 5, email: 'fiona@sen.local', name: 'Fiona Finance' };
const checker = { id: 1, email: 'admin@sen.local', name: 'Demo Admin' };
const configured = { version: 0, rules: { manualReview: { failedRules: [], maxFailedRules: 1, approvalsFromVnd: null } }, effectiveFrom: null, proposalId: null, proposedBy: null, approvedBy: null };
const approved = {
  version: 1,
  rules: { manualReview: { failedRules: ['incomeBand'], maxFailedRules: 1, approvalsFromVnd: 7_000_000 } },
  effectiveFrom: '2026-11-25T03:00:00.000Z',
  proposalId: 9,
  proposedBy: maker,
  approvedBy: checker,
};
const rulesAnswer = () => envelope({ current: approved, history: [approved, configured] });

const proposal = (id: number, payload: unknown): ProposalView => ({
  id,
  kind: 'credit.rules',
  payload,
  summary: 'Credit rules v2',
  before: { version: 1 },
  reason: 'large limits need a person',
  status: 'pending',
  proposedBy: maker,
  proposedAt: '2026-11-26T02:00:00.000Z',
  expiresAt: '2026-12-03T02:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  result: null,
});

function renderPage(permissions: string[]) {
  renderProposingPage({ path: '/credit-rules', page: <CreditRulesPage />, operator: maker, role: 'finance', permissions });
}

/** antd validates and animates asynchronously; on a loaded machine a second is not always enough. */
const SLOW = { timeout: 5000 };
const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');


// antd's table, select and form render slowly in jsdom
describe('the credit rules page', { timeout: 60_000 }, () => {
  it('lists the rules in force and every approved version; a role that may not propose gets no form', async () => {
    fetchMock.mockResolvedValueOnce(rulesAnswer());
    renderPage(['products.read', 'proposals.read']);
    const current = (await screen.findByRole('heading', { name: 'In force: version 1' }, SLOW)).closest('.ant-card') as HTMLElement;
    expect(within(current).getByText('incomeBand')).toBeInTheDocument();
    expect(within(current).getByText('7,000,000 ₫')).toBeInTheDocument();
    expect(within(current).getByText(/approved by Demo Admin/)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/credit/rules');

    const history = screen.getByRole('heading', { name: 'Approved versions' }).closest('.ant-card') as HTMLElement;
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Fiona Finance');
    expect(rows[1]).toHaveTextContent('Configuration');
    expect(screen.queryByRole('heading', { name: 'Propose new rules' })).toBeNull();
  });

  it('proposes a change with its reason and opens the proposal on the approvals page; unchanged rules are not sent', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValueOnce(rulesAnswer());
    renderPage(['products.read', 'products.propose', 'proposals.read']);
    const form = await screen.findByRole('form', { name: 'Propose new rules' }, SLOW);
    const amount = within(form).getByLabelText('Approvals from this limit go to a person');
    expect(amount).toHaveValue('7,000,000');

    await user.type(within(form).getByLabelText('Reason (kept with the proposal and in the audit trail)'), 'nothing really');
    await user.click(within(form).getByRole('button', { name: 'Propose the change' }));
    expect(await within(form).findByText('These are the rules in force: change something to propose it', {}, SLOW)).toBeInTheDocument();
    expect(posted()).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '9000000');
    const payload = { rules: { manualReview: { failedRules: ['incomeBand'], maxFailedRules: 1, approvalsFromVnd: 9_000_000 } }, reason: 'nothing really' };
    fetchMock.mockResolvedValueOnce(envelope({ proposal: proposal(12, payload) }));
    fetchMock.mockResolvedValue(rulesAnswer());
    await user.click(within(form).getByRole('button', { name: 'Propose the change' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/proposals?status=pending&id=12'), SLOW);
    const [url, init] = posted()[0]!;
    expect(url).toBe('/api/admin/credit/rules/propose');
    expect(JSON.parse(String(init?.body))).toEqual(payload);
  });

  it('an emptied threshold proposes none (null); a missing reason and the server’s refusal are shown in the form', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValueOnce(rulesAnswer());
    renderPage(['products.read', 'products.propose']);
    const form = await screen.findByRole('form', { name: 'Propose new rules' }, SLOW);
    await user.clear(within(form).getByLabelText('Approvals from this limit go to a person'));
    await user.click(within(form).getByRole('button', { name: 'Propose the change' }));
    expect(await within(form).findByText('Please state a reason (at least 3 characters)', {}, SLOW)).toBeInTheDocument();
    expect(posted()).toHaveLength(0);

    fetchMock.mockResolvedValueOnce(envelope(null, 6033, 'A proposal for the same item is already waiting for approval'));
    await user.type(within(form).getByLabelText('Reason (kept with the proposal and in the audit trail)'), 'the engine may decide approvals');
    await user.click(within(form).getByRole('button', { name: 'Propose the change' }));
    expect(await within(form).findByText('A proposal for the same item is already waiting for approval', {}, SLOW)).toBeInTheDocument();
    expect(JSON.parse(String(posted()[0]![1]?.body))).toEqual({
      rules: { manualReview: { failedRules: ['incomeBand'], maxFailedRules: 1, approvalsFromVnd: null } },
      reason: 'the engine may decide approvals',
    });
  });
});
