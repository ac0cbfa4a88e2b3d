import type { CollectionCaseDetail, CollectionPromise } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { stubServerInEnglish } from '../../test/stubbed-server.ts';
import { PromiseForm } from './promise-form.tsx';

stubServerInEnglish();

const promise = (status: CollectionPromise['status']): CollectionPromise => ({
  id: 7,
  amount: 500_000,
  promisedDate: '2026-11-30',
  madeOn: '2026-11-27',
  status,
  paid: 200_000,
  note: '',
  operator: null,
  createdAt: '2026-11-27T03:00:00.000Z',
  decidedAt: status === 'open' ? null : '2026-12-01T00:00:00.000Z',
});

/** The case page's parts the form reads. */
const page = (promises: CollectionPromise[]) => ({ case: { id: 3 }, today: '2026-11-27', promises }) as unknown as CollectionCaseDetail;

function renderForm(promises: CollectionPromise[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <PromiseForm page={page(promises)} />
      </App>
    </QueryClientProvider>,
  );
}

// antd renders slowly in jsdom
describe('the promise form (decision 126: one open promise per case)', { timeout: 60_000 }, () => {
  it('gives way to the open promise: what it is and that the payments decide it, no form to record a second', () => {
    renderForm([promise('open')]);
    expect(screen.getByTestId('promise-open')).toHaveTextContent('A promise of 500,000 ₫ by the end of 2026-11-30 is open (200,000 ₫ paid since it was made)');
    expect(screen.queryByRole('button', { name: 'Record the promise' })).toBeNull();
  });

  it('comes back once the promise is kept or broken', () => {
    renderForm([promise('broken')]);
    expect(screen.queryByTestId('promise-open')).toBeNull();
    expect(screen.getByRole('button', { name: 'Record the promise' })).toBeInTheDocument();
  });
});
