import type { OperatorView } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, stubServerInEnglish } from '../../test/stubbed-server.ts';
import { ChangeRoleDialog, DeactivateDialog } from './operator-action-dialogs.tsx';

const fetchMock = stubServerInEnglish();

const reviewer: OperatorView = {
  id: 7,
  email: 'lan@sen.test',
  name: 'Lan',
  role: 'reviewer',
  status: 'active',
  permissions: ['borrowers.read'],
  totpEnrolled: true,
  lastSignInAt: null,
  createdAt: '2026-11-26T01:00:00.000Z',
};

function renderWithClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}


// antd's modal and form render slowly in jsdom
describe('the operator action dialogs', { timeout: 30_000 }, () => {
  it('changing a role needs a reason; the role and the trimmed reason are sent; the dialog closes on success', async () => {
    const user = setupUser();
    const onClose = vi.fn();
    renderWithClient(<ChangeRoleDialog operator={reviewer} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Change the role of Lan' })).toBeInTheDocument();
    const reason = screen.getByLabelText('Reason (kept in the audit trail)');
    await user.type(reason, 'ok');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Please state a reason (at least 3 characters)')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(envelope({ operator: reviewer }));
    await user.clear(reason);
    await user.type(reason, '  moved to reviews  ');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/operators/role');
    expect(JSON.parse(String(init?.body))).toEqual({ operatorId: 7, role: 'reviewer', reason: 'moved to reviews' });
  });

  it('a refused deactivation keeps the dialog open with the server message', async () => {
    const user = setupUser();
    const onClose = vi.fn();
    renderWithClient(<DeactivateDialog operator={reviewer} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Deactivate Lan?' })).toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(envelope(null, 6022, 'You cannot deactivate yourself'));
    await user.type(screen.getByLabelText('Reason (kept in the audit trail)'), 'left the company');
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('You cannot deactivate yourself')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ operatorId: 7, reason: 'left the company' });
  });
});
