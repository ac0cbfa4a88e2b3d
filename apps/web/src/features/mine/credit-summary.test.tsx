import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { homeIndex, productCard } from '../../test/home-fixtures.ts';
import { setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { homeKeys } from '../home/index.ts';
import { CreditSummary } from './credit-summary.tsx';

/*
 * /mine's credit summary (SPEC.md §3 Credit): the amount range is what can be borrowed now (never past
 * what is available), the maximum amount is the limit, and the labels say so.
 */
setupApiTest({ token: 'tok', user: { id: 7, phone: '0912345678' } });

const text = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ') ?? '';

describe('CreditSummary', () => {
  it('limit 7,000,000 with 2,000,000 available: the range is what can be borrowed now, the maximum the limit, each named so', async () => {
    await changeLanguage('en');
    const open = productCard({ minLoanAmount: 1_000_000, maxLoanAmount: 2_000_000 });
    const home = homeIndex({ totalCreditAmount: 7_000_000, userCreditAmount: 2_000_000, usedAmount: 5_000_000, showProducts: [open], minLoanAmount: 1_000_000, maxLoanAmount: 2_000_000 });
    renderWithQuery(<CreditSummary userId={7} />, (client) => client.setQueryData(homeKeys.index(7), home));
    const summary = await screen.findByTestId('mine-credit');
    expect(text(summary)).toContain('Amount range you can borrow now1,000,000 ₫ – 2,000,000 ₫');
    expect(text(summary)).toContain('Maximum amount (your credit limit)7,000,000 ₫');
  });

  it('every product locked: no range to borrow now, never the products’ own ranges (up to 15,000,000 beside a 10,000,000 limit)', async () => {
    await changeLanguage('en');
    const locked = productCard({ lock: true, maxLoanAmount: 15_000_000, minLoanAmount: 3_000_000 });
    const home = homeIndex({ totalCreditAmount: 10_000_000, userCreditAmount: 0, usedAmount: 10_000_000, showProducts: [], canNotApplyProducts: [locked], minLoanAmount: 3_000_000, maxLoanAmount: 15_000_000 });
    renderWithQuery(<CreditSummary userId={7} />, (client) => client.setQueryData(homeKeys.index(7), home));
    const summary = await screen.findByTestId('mine-credit');
    expect(summary).toHaveTextContent('Nothing to borrow right now');
    expect(summary).not.toHaveTextContent('15,000,000');
  });

  it('names the two figures in vn and zh too', async () => {
    for (const [lang, range, maximum] of [
      ['vn', 'Khoảng số tiền có thể vay ngay', 'Số tiền tối đa (hạn mức của bạn)'],
      ['zh', '当前可借金额范围', '最高金额（您的总额度）'],
    ] as const) {
      await changeLanguage(lang);
      const { unmount } = renderWithQuery(<CreditSummary userId={7} />, (client) => client.setQueryData(homeKeys.index(7), homeIndex({ totalCreditAmount: 10_000_000, minLoanAmount: 1_000_000, maxLoanAmount: 5_000_000 })));
      const summary = await screen.findByTestId('mine-credit');
      expect(summary).toHaveTextContent(range);
      expect(summary).toHaveTextContent(maximum);
      unmount();
    }
  });
});
