import type { RepayQuote } from '@sen/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { payPageHref, TransferView } from './transfer-view.tsx';

/* The hosted payment page picks its language from `lang` in its address, else from the phone's
 * Accept-Language: without `lang`, an English or Chinese reader of the app got it in Vietnamese
 * (issue 25 item 5: every string in the reader's language). */
const quote: RepayQuote = {
  payUrl: 'http://127.0.0.1:3125/pay/abcdefghijklmnop',
  requestId: '5b0c6c1e-6a59-4c43-9d43-0e7f3e0b6a11',
  amount: 1_036_000,
  transferContent: 'SEN7Q2K4',
  qrData: '000201',
  accountNumber: '0123456789',
  accountName: 'SEN FINANCE',
  bankBin: '970436',
  bankName: 'Vietcombank',
  expiresAt: '2099-01-15T10:00:00.000Z',
};

describe('the payment page link', () => {
  it('opens the page in the language the borrower reads the app in', async () => {
    await changeLanguage('en');
    render(<TransferView quote={quote} status={undefined} />);
    expect(screen.getByTestId('open-pay-page')).toHaveAttribute('href', 'http://127.0.0.1:3125/pay/abcdefghijklmnop?lang=en');
  });

  it('in Chinese and Vietnamese too, keeping the address as the server gave it', async () => {
    await changeLanguage('zh');
    render(<TransferView quote={quote} status={undefined} />);
    expect(screen.getByTestId('open-pay-page')).toHaveAttribute('href', 'http://127.0.0.1:3125/pay/abcdefghijklmnop?lang=zh');
    expect(payPageHref('/pay/abc?x=1', 'vn')).toBe(`${window.location.origin}/pay/abc?x=1&lang=vn`);
    await changeLanguage('en');
  });
});
