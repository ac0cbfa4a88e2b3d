import { API_PATHS } from '@sen/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { envelopeResponse as envelope, setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { KycInfoPage } from './kyc-info-page.tsx';
import { KycPage } from './kyc-page.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../shared/ui/toast.ts', () => ({ showToast: toast }));

const fetchMock = setupApiTest();

/** The page in a data router (its leave confirmation holds the phone's Back with the router's blocker). */
function InRouter({ children }: { children: ReactNode }) {
  return <RouterProvider router={createMemoryRouter([{ path: '*', element: children }])} />;
}
const EMPTY_INFO = { id: null, userId: 7, frontImageUrl: null, backImageUrl: null, liveImageUrl: null, idCardType: null, livenessPassed: false, completed: false };

function serve(info: Record<string, unknown>) {
  fetchMock.mockImplementation(async (url) => {
    if (String(url).startsWith(API_PATHS.kycInfo)) return envelope(info);
    return envelope(null);
  });
}

describe('KYC page', () => {
  it('shows the three slots in Vietnamese, Next disabled until all three are uploaded', async () => {
    await changeLanguage('vn');
    serve(EMPTY_INFO);
    renderWithQuery(
      <InRouter>
        <KycPage />
      </InRouter>,
    );
    await waitFor(() => expect(screen.getByText('Mặt trước CCCD')).toBeInTheDocument());
    expect(screen.getByText('Mặt sau CCCD')).toBeInTheDocument();
    expect(screen.getByText('Ảnh chân dung')).toBeInTheDocument();
    expect(screen.getByTestId('kyc-next')).toBeDisabled();
  });

  it('says why when the chosen file is not an image, and uploads nothing', async () => {
    await changeLanguage('en');
    serve(EMPTY_INFO);
    renderWithQuery(
      <InRouter>
        <KycPage />
      </InRouter>,
    );
    const input = await screen.findByTestId('kyc-front-file-input');
    const calls = fetchMock.mock.calls.length;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'cccd.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(screen.getByTestId('kyc-front-error')).toHaveTextContent('Upload failed: only JPEG, PNG or WebP images are accepted'));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('marks the slots already uploaded (owner-only links from kyc/info)', async () => {
    await changeLanguage('en');
    serve({ ...EMPTY_INFO, id: 1, frontImageUrl: '/api/user/app/file/f?expires=1&sig=s', backImageUrl: '/api/user/app/file/b?expires=1&sig=s' });
    renderWithQuery(
      <InRouter>
        <KycPage />
      </InRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('kyc-front-done')).toBeInTheDocument());
    expect(screen.getByTestId('kyc-back-done')).toBeInTheDocument();
    expect(screen.queryByTestId('kyc-selfie-done')).toBeNull();
    expect(screen.getByRole('img', { name: 'ID card, front' })).toHaveAttribute('src', '/api/user/app/file/f?expires=1&sig=s');
    expect(screen.getByTestId('kyc-next')).toBeDisabled();
  });
});

describe('KYC info page', () => {
  it('shows the thumbnails and the state', async () => {
    await changeLanguage('vn');
    serve({ ...EMPTY_INFO, id: 1, frontImageUrl: '/f', backImageUrl: '/b', liveImageUrl: '/l', livenessPassed: true, completed: true });
    renderWithQuery(
      <InRouter>
        <KycInfoPage />
      </InRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('kyc-info-status')).toHaveTextContent('Đã xác minh'));
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(screen.queryByTestId('kyc-info-continue')).toBeNull();
  });
});
