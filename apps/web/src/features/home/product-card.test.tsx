import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { productCard } from '../../test/home-fixtures.ts';
import { ProductCardView } from './product-card.tsx';

/* A card's amount line: a range only when there is one, and a limit below the product's minimum said plainly. */
const show = (change: Parameters<typeof productCard>[0]) =>
  render(<ProductCardView card={productCard(change)} onApply={() => undefined} onAddInformation={() => undefined} />);

describe('ProductCardView amounts', () => {
  it('a locked card (not enough credit left) shows its range up to the limit the server sends', async () => {
    await changeLanguage('en');
    show({ lock: true, lockReason: 'credit', minLoanAmount: 3_000_000, maxLoanAmount: 7_000_000 });
    expect(screen.getByTestId('product-card-1')).toHaveTextContent('Amount range 3,000,000 ₫ – 7,000,000 ₫');
    expect(screen.getByTestId('lock-reason')).toHaveTextContent('Not enough credit left for this product.');
  });

  it('one amount (min = max) reads as one amount, not a range or "up to"', async () => {
    await changeLanguage('en');
    show({ minLoanAmount: 2_000_000, maxLoanAmount: 2_000_000 });
    const card = screen.getByTestId('product-card-1');
    expect(screen.getByTestId('card-range')).toHaveTextContent('Amount 2,000,000 ₫');
    expect(card).not.toHaveTextContent('Amount range');
    expect(card).not.toHaveTextContent('Up to');
  });

  it('a limit below the product’s minimum: its smallest amount and why, in vn, en and zh', async () => {
    for (const [lang, label, note] of [
      ['en', 'Smallest amount 3,000,000 ₫', 'Your credit limit is below this product\'s smallest amount.'],
      ['vn', 'Số tiền vay tối thiểu 3.000.000 ₫', 'Hạn mức của bạn thấp hơn số tiền vay tối thiểu'],
      ['zh', '最低借款金额 3,000,000 ₫', '您的额度低于该产品的最低借款金额'],
    ] as const) {
      await changeLanguage(lang);
      const { unmount } = show({ lock: true, lockReason: 'limit', minLoanAmount: 3_000_000, maxLoanAmount: 3_000_000 });
      const card = screen.getByTestId('product-card-1');
      expect(card.textContent?.replace(/\u00a0/g, ' ')).toContain(label);
      expect(screen.getByTestId('lock-reason')).toHaveTextContent(note);
      unmount();
    }
  });
});
