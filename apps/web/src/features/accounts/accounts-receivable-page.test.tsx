import { API_PATHS, BORROWER_ERRORS } from '@sen/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { AccountsReceivablePage } from './accounts-receivable-page.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../shared/ui/toast.ts', () => ({ showToast: toast }));

const fetchMock = setupApiTest({ token: 'token-1' });

const card = (id: number, bankName: string, isDefault: 0 | 1) => ({
  id,
  userId: 7,
  appId: 1,
  countryId: 84,
  bankCode: bankName.slice(0, 3).toUpperCase(),
  bankName,
  bankNo: '*********4567',
  cardNo: '',
  accountUser: 'NGUYEN VAN AN',
  bankPhone: '',
  isDefault,
  status: 1,
  loanState: 0,
  payOutFailSign: false,
  bindTime: '2026-11-22 10:00:00',
  createTime: '2026-11-22 10:00:00',
  updateTime: '2026-11-22 10:00:00',
  payWay: 'CARD',
  bin: '970436',
  logoUrl: '',
});

function render() {
  renderWithQuery(
    <MemoryRouter>
      <AccountsReceivablePage />
    </MemoryRouter>,
  );
}

describe('/mine/accounts-receivable', () => {
  it('lists cards and wallets, default first, numbers masked', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (String(url).startsWith(API_PATHS.bankMyCard)) return envelope([card(1, 'Techcombank', 0)]);
      if (String(url).startsWith(API_PATHS.cashWalletListMy)) {
        return envelope([
          {
            id: 2, walletId: 1, walletCode: 'MOMO', walletName: 'MoMo', walletType: 'WALLET', walletKey: 'MOMO', walletValue: 'MoMo', walletDesc: '', status: 1, sort: 1,
            defaultSign: 1, effectiveTime: '', expireTime: '', operator: '', createTime: '', updateTime: '', accountCode: '******4567', accountUser: '',
          },
        ]);
      }
      return envelope(null);
    });
    render();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((item) => item.getAttribute('aria-label'))).toEqual(['MoMo ******4567', 'Techcombank *********4567']);
    expect(within(cards[0]!).getByTestId('default-badge')).toHaveTextContent('Default');
  });

  it('shows the empty state, and the error state with a retry', async () => {
    fetchMock.mockImplementation(async () => envelope([]));
    render();
    expect(await screen.findByTestId('accounts-empty')).toHaveTextContent('No receiving account yet');

    fetchMock.mockImplementation(async () => envelope(null, { code: 500, message: 'Server error', status: 500 }));
    render();
    expect(await screen.findByTestId('accounts-error')).toBeInTheDocument();
  });

  it('unbinds only after the confirmation, with the server’s refusal shown', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (String(url).startsWith(API_PATHS.bankMyCard)) return envelope([card(5, 'Vietcombank', 1)]);
      if (String(url).startsWith(API_PATHS.cashWalletListMy)) return envelope([]);
      if (String(url).startsWith(API_PATHS.bankUnbind)) {
        return envelope(null, { code: BORROWER_ERRORS.BANK_UNBIND_ONLY_ACCOUNT.code, message: 'This is your only receiving account', status: 409 });
      }
      return envelope(null);
    });
    render();
    fireEvent.click(await screen.findByTestId('unbind-5'));
    expect(requestBody(fetchMock, API_PATHS.bankUnbind)).toBeUndefined();
    fireEvent.click(await screen.findByTestId('unbind-confirm'));
    await waitFor(() => expect(requestBody(fetchMock, API_PATHS.bankUnbind)).toMatchObject({ bankInfoId: '5', payWay: 'CARD' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('This is your only receiving account'));
  });
});
