import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homeIndex, productCard } from '../../test/home-fixtures.ts';
import { setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { homeKeys } from '../home/index.ts';
import { CreditSummary } from './credit-summary.tsx';

/* /mine's credit summary (issue 25 item 8): the amount range never reaches past the borrower's maximum. */
setupApiTest({ token: 'tok', user: { id: 7, phone: '0912345678' } });

describe('CreditSummary', () => {
  it('caps the range at the maximum when the products lend more (every product locked: their own ranges)', async () => {
    const locked = productCard({ lock: true, maxLoanAmount: 15_000_000, minLoanAmount: 3_000_000 });
    const home = homeIndex({ totalCreditAmount: 10_000_000, userCreditAmount: 0, usedAmount: 10_000_000, showProducts: [], canNotApplyProducts: [locked], minLoanAmount: 3_000_000, maxLoanAmount: 15_000_000 });
    renderWithQuery(<CreditSummary userId={7} />, (client) => client.setQueryData(homeKeys.index(7), home));
    const summary = await screen.findByTestId('mine-credit');
    expect(summary).toHaveTextContent('3,000,000 ₫ – 10,000,000 ₫');
    expect(summary).not.toHaveTextContent('15,000,000');
  });

  it('keeps a range within the maximum as it is', async () => {
    renderWithQuery(<CreditSummary userId={7} />, (client) => client.setQueryData(homeKeys.index(7), homeIndex({ totalCreditAmount: 10_000_000, minLoanAmount: 1_000_000, maxLoanAmount: 5_000_000 })));
    expect(await screen.findByTestId('mine-credit')).toHaveTextContent('1,000,000 ₫ – 5,000,000 ₫');
  });
});
