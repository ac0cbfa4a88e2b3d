import { API_PATHS } from '@sen/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { envelopeResponse as envelope, setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { NoAuthHome } from './no-auth-home.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../shared/ui/toast.ts', () => ({ showToast: toast }));

const fetchMock = setupApiTest();

const INDEX = {
  maxAmount: 12_000_000,
  annualizedInterestRate: '14.6%',
  annualizedInterestRatePercent: 14.6,
  loanTerm: '120',
  currency: 'VND',
  currencySymbol: '₫',
  customerEmail: 'hotro@sen.vn',
  customerPhone: '19006868',
  customerConfigs: [
    { title: 'Hotline', vernacularTitle: 'Tổng đài', enTitle: 'Hotline', content: '1900 6868', buttonType: 2 },
    { title: 'Email', vernacularTitle: 'Thư điện tử', enTitle: 'Email', content: 'hotro@sen.vn', buttonType: 1 },
  ],
  showBackButton: '1',
  appApplyJumpPage: null,
  aprRangePercent: { min: 18.77, max: 23.16 },
};
const BANNERS = [
  { id: 1, name: 'Lotus', summary: '', activityPicUrl: '/banners/sen-lotus.svg', activityH5Url: '' },
  { id: 2, name: 'Growth', summary: '', activityPicUrl: '/banners/sen-growth.svg', activityH5Url: '' },
];

function serve(banners: unknown[] = BANNERS) {
  fetchMock.mockImplementation(async (url) => {
    if (String(url).startsWith(API_PATHS.commonIndex)) return envelope(INDEX);
    if (String(url).startsWith(API_PATHS.activityList)) return envelope(banners);
    return envelope(null);
  });
}

describe('visitor home', () => {
  it('shows the figures of common/index in the interface language (vn: 14,6%)', async () => {
    await changeLanguage('vn');
    serve();
    renderWithQuery(
      <MemoryRouter>
        <NoAuthHome />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('annual-rate')).toHaveTextContent('14,6%'));
    expect(screen.getByTestId('max-loan-amount')).toHaveTextContent('12.000.000');
    expect(screen.getByTestId('loan-period')).toHaveTextContent('120');
    expect(screen.getAllByText(/0,03%/).length).toBeGreaterThan(0);
    // Beside the interest rate, the APR with fees (decision 119): the server's range, never the rate alone.
    expect(screen.getByTestId('apr-range')).toHaveTextContent('18,77% – 23,16%');
    expect(screen.getByTestId('apr-range').closest('div')).toHaveTextContent('APR (gồm lãi và phí)');
  });

  it('shows no APR range when the server offers none (an older server)', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (String(url).startsWith(API_PATHS.commonIndex)) return envelope({ ...INDEX, aprRangePercent: undefined });
      return envelope([]);
    });
    renderWithQuery(
      <MemoryRouter>
        <NoAuthHome />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('annual-rate')).toHaveTextContent('14.6%'));
    expect(screen.queryByTestId('apr-range')).toBeNull();
  });

  it('shows the banners in a carousel, and none when the list is empty', async () => {
    serve();
    const { unmount } = renderWithQuery(
      <MemoryRouter>
        <NoAuthHome />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('banner-carousel')).toBeInTheDocument();
    expect(screen.getByAltText('Lotus')).toHaveAttribute('src', '/banners/sen-lotus.svg');
    unmount();
    serve([]);
    renderWithQuery(
      <MemoryRouter>
        <NoAuthHome />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('annual-rate')).toHaveTextContent('14.6%'));
    expect(screen.queryByTestId('banner-carousel')).not.toBeInTheDocument();
  });

  it('opens the contact dialog; copying says copy success or copy failed', async () => {
    serve();
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithQuery(
      <MemoryRouter>
        <NoAuthHome />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('customer-service'));
    const copy = await screen.findByRole('button', { name: 'Copy' });
    fireEvent.click(copy);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('copy success'));
    expect(writeText).toHaveBeenCalledWith('hotro@sen.vn');
    fireEvent.click(copy);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('copy failed'));
  });
});
