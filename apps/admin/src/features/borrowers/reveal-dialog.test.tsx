import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { RevealDialog } from './reveal-dialog.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });

function renderDialog(what: 'idNumber' | 'idImages') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <RevealDialog userId={42} what={what} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

beforeEach(async () => {
  await changeLanguage('en');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  return changeLanguage('vn');
});

// antd's modal and form render slowly in jsdom
describe('RevealDialog', { timeout: 30_000 }, () => {
  it('asks for a reason of at least 10 characters before anything is sent, then shows the full ID number', async () => {
    const user = setupUser();
    renderDialog('idNumber');
    expect(screen.getByRole('dialog', { name: 'Reveal the full ID number' })).toBeInTheDocument();
    expect(screen.getByText('The audit trail records that you looked, when, and the reason you give.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Why do you need it?'), 'checking');
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('Please state why you need it (at least 10 characters)')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(envelope({ what: 'idNumber', idNumber: '001095012345', images: [], expiresAt: null }));
    await user.type(screen.getByLabelText('Why do you need it?'), ' the disputed repayment');
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByTestId('revealed-id-number')).toHaveTextContent('001095012345');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/borrowers/reveal');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 42, what: 'idNumber', reason: 'checking the disputed repayment' });
  });

  it('shows each revealed image fetched with the back-office headers (an <img src> could not send them)', async () => {
    const user = setupUser();
    vi.stubGlobal('URL', Object.assign(Object.create(URL) as typeof URL, { createObjectURL: () => 'blob:watermarked', revokeObjectURL: () => {} }));
    fetchMock.mockResolvedValueOnce(
      envelope({
        what: 'idImages',
        idNumber: null,
        images: [
          { side: 'front', url: '/api/admin/borrowers/id-image?token=a' },
          { side: 'back', url: '/api/admin/borrowers/id-image?token=b' },
        ],
        expiresAt: '2026-11-25T07:05:00.000Z',
      }),
    );
    fetchMock.mockImplementation(async () => new Response(new Blob(['jpeg']), { status: 200, headers: { 'content-type': 'image/jpeg' } }));
    renderDialog('idImages');
    await user.type(screen.getByLabelText('Why do you need it?'), 'Verifying the card against the selfie');
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByRole('img', { name: 'ID card, front' })).toHaveAttribute('src', 'blob:watermarked');
    expect(await screen.findByRole('img', { name: 'ID card, back' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const imageCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('token=a'))!;
    expect(imageCall[1]?.headers).toMatchObject({ 'x-sen-admin': '1' });
  });
});
