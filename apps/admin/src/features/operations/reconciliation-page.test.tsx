import type { OperatorView, ReconciliationReport, StatementImportResult } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../test/user.ts';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { envelope, stubServerInEnglish } from '../../test/stubbed-server.ts';
import { operatorKeys } from '../auth/operator-query.ts';
import ReconciliationPage from './reconciliation-page.tsx';

const fetchMock = stubServerInEnglish();

const clean: ReconciliationReport = {
  date: '2026-11-25',
  generatedAt: '2026-11-26T01:00:00.000Z',
  totals: { bankIn: 120_000, ledgerIn: 120_000, bankOut: 2_900_000, ledgerOut: 2_900_000, unidentifiedHeld: 0 },
  statementRows: 2,
  statementImported: true,
  awaitingStatement: { count: 0, amount: 0 },
  differences: [],
  differenceCount: 0,
};
const none = { transferId: null, bankTransactionId: null, reference: null, orderNo: null, bankAmount: null, ledgerAmount: null, at: null, state: null };
const withDifferences: ReconciliationReport = {
  ...clean,
  totals: { bankIn: 78_000, ledgerIn: 125_000, bankOut: 1_999_000, ledgerOut: 2_950_000, unidentifiedHeld: 45_000 },
  statementRows: 1,
  differences: [
    { ...none, kind: 'bank_in_not_in_ledger', transferId: 12, bankTransactionId: '900000123', bankAmount: 33_000, at: '2026-11-25 10:00:00' },
    { ...none, kind: 'payout_not_on_statement', reference: 'POSEN26112500000007-1', orderNo: 'SEN26112500000007', ledgerAmount: 950_000 },
    { ...none, kind: 'unidentified_held', transferId: 14, bankTransactionId: '900000125', bankAmount: 45_000, at: '2026-11-25 09:00:00', state: 'to_return' },
  ],
  differenceCount: 3,
};

function renderPage(permissions: string[] = ['ledger.read', 'receipts.review']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(operatorKeys.me, { id: 5, email: 'fiona@sen.local', name: 'Fiona Finance', role: 'finance', permissions } as unknown as OperatorView);
  render(
    <MemoryRouter initialEntries={['/reconciliation']}>
      <QueryClientProvider client={client}>
        <App>
          <ReconciliationPage />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const SLOW = { timeout: 5000 };
const reportCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/reconciliation/report'));

// antd's table renders slowly in jsdom
describe('the reconciliation page', { timeout: 60_000 }, () => {
  it('says a clean day is reconciled, with the totals side by side, and asks for the date picked', async () => {
    fetchMock.mockImplementation(async () => envelope(clean));
    renderPage();
    expect(await screen.findByText('Reconciled: no differences', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Money in, bank').closest('tr')).toHaveTextContent('120,000 ₫');
    expect(screen.getByText('2 transfers of this date came from an imported statement')).toBeInTheDocument();
    expect(reportCalls()[0]).toMatch(/^\/api\/admin\/reconciliation\/report\?date=\d{4}-\d{2}-\d{2}$/);

    fireEvent.change(screen.getByLabelText('Business date (Vietnam)'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(reportCalls()).toContain('/api/admin/reconciliation/report?date=2026-11-20'));
  });

  it("asks for yesterday in Vietnam, whatever the browser's zone (decision 121)", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    // 13:00 on the 25th in New York is already 01:00 on the 26th in Vietnam: yesterday there is the 25th.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T18:00:00.000Z'));
    try {
      fetchMock.mockImplementation(async () => envelope(clean));
      renderPage();
      expect(await screen.findByText('Reconciled: no differences', {}, SLOW)).toBeInTheDocument();
      expect(reportCalls()[0]).toBe('/api/admin/reconciliation/report?date=2026-11-25');
      expect(screen.getByLabelText('Business date (Vietnam)')).toHaveAttribute('max', '2026-11-26');
    } finally {
      vi.useRealTimers();
      process.env.TZ = zone;
    }
  });

  it('lists every difference with where to look into it', async () => {
    fetchMock.mockImplementation(async () => envelope(withDifferences));
    renderPage(['ledger.read']);
    expect(await screen.findByRole('heading', { name: 'Differences (3)' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('1 transfers of this date came from an imported statement')).toBeInTheDocument();
    expect(screen.queryByTestId('reconciliation-no-statement')).toBeNull();
    // Without receipts.review there is no statement upload.
    expect(screen.queryByLabelText('Statement file (CSV)')).toBeNull();

    const bankIn = screen.getByText('Money in at the bank, not in the ledger').closest('tr') as HTMLElement;
    expect(bankIn).toHaveTextContent('bank id 900000123');
    expect(bankIn).toHaveTextContent('33,000 ₫');
    expect(within(bankIn).getByRole('link', { name: 'Open bank transfers' })).toHaveAttribute('href', '/transfers?outcome=all');

    const payout = screen.getByText('Payout or refund sent, not on the statement').closest('tr') as HTMLElement;
    expect(payout).toHaveTextContent('POSEN26112500000007-1');
    expect(payout).toHaveTextContent('950,000 ₫');
    expect(within(payout).getByRole('link', { name: 'Find order SEN26112500000007' })).toHaveAttribute('href', '/borrowers?q=SEN26112500000007');

    const held = screen.getByText('Still held in suspense').closest('tr') as HTMLElement;
    expect(within(held).getByRole('link', { name: 'Open the unmatched queue' })).toHaveAttribute('href', '/unmatched?state=to_return');
  });

  it('says when no statement was imported for the day, rather than list its payouts as differences (decision 121)', async () => {
    const noStatement: ReconciliationReport = { ...clean, totals: { ...clean.totals, bankOut: 0 }, statementRows: 0, statementImported: false, awaitingStatement: { count: 3, amount: 2_900_000 } };
    fetchMock.mockImplementation(async () => envelope(noStatement));
    renderPage();
    const notice = await screen.findByTestId('reconciliation-no-statement', {}, SLOW);
    expect(notice).toHaveTextContent("No bank statement has been imported for 2026-11-25: the bank's money out cannot be checked yet.");
    expect(notice).toHaveTextContent('3 payouts and refunds (2,900,000 ₫) are waiting to be checked against the statement');
    // Not "reconciled", and no differences table.
    expect(screen.queryByText('Reconciled: no differences')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Differences/ })).toBeNull();

    await changeLanguage('vn');
    await waitFor(() => expect(screen.getByTestId('reconciliation-no-statement')).toHaveTextContent('Chưa nhập sao kê ngân hàng của ngày 2026-11-25: chưa thể đối chiếu tiền ra.'));
    expect(screen.getByTestId('reconciliation-no-statement')).toHaveTextContent('3 khoản giải ngân và hoàn tiền (2.900.000 ₫) đang chờ đối chiếu với sao kê');
  });

  it('shows a failure with its message and fetches again on Try again', async () => {
    fetchMock.mockResolvedValueOnce(envelope(null, 1001, 'The service is busy', 503)).mockImplementation(async () => envelope(clean));
    renderPage();
    expect(await screen.findByText('The service is busy', {}, SLOW)).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Reconciled: no differences', {}, SLOW)).toBeInTheDocument();
  });
});

describe('the statement upload', { timeout: 60_000 }, () => {
  const result: StatementImportResult = {
    fileName: 'mb-2026-11-25.csv',
    sha256: 'a'.repeat(64),
    rows: 6,
    recorded: 1,
    proposed: 2,
    proposedAmount: 290_000,
    proposal: {
      id: 81,
      kind: 'statement.import',
      payload: {},
      summary: 'Record 2 transfers in',
      before: null,
      reason: 'Bank statement mb-2026-11-25.csv',
      status: 'pending',
      proposedBy: { id: 5, email: 'fiona@sen.local', name: 'Fiona Finance' },
      proposedAt: '2026-11-26T02:00:00.000Z',
      expiresAt: '2026-12-03T02:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      result: null,
    },
    alreadyProposed: false,
    known: 1,
    errors: [
      { row: 4, problem: 'invalid', field: 'transferAmount', transactionId: '900000130' },
      { row: 6, problem: 'conflict', field: null, transactionId: '900000131' },
    ],
  };

  it('sends the chosen file and shows what was new, known and refused, row by row', async () => {
    const user = setupUser();
    fetchMock.mockImplementation(async (url) => (String(url).startsWith('/api/admin/repayments/statements') ? envelope(result) : envelope(clean)));
    renderPage();
    await screen.findByText('Reconciled: no differences', {}, SLOW);

    // Nothing chosen: nothing sent.
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('Choose a CSV file first')).toBeInTheDocument();
    // The picker's button and the chosen file's name in the operator's language, not the browser's.
    expect(screen.getByRole('button', { name: /Choose a file/ })).toBeInTheDocument();
    expect(screen.getByTestId('statement-file-name')).toHaveTextContent('No file chosen');

    const file = new File(['id,gateway\n'], 'mb-2026-11-25.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Statement file (CSV)'), file);
    expect(screen.getByTestId('statement-file-name')).toHaveTextContent('mb-2026-11-25.csv');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const shown = await screen.findByTestId('statement-result', {}, SLOW);
    expect(shown).toHaveTextContent('3 new, 1 already known, 2 errors');
    expect(shown).toHaveTextContent('1 recorded now (money out, other accounts)');
    expect(shown).toHaveTextContent('2 transfers in (290,000 ₫) wait for another operator: proposal #81.');
    expect(within(shown).getByRole('link', { name: 'Open the proposal' })).toHaveAttribute('href', '/proposals?status=pending&id=81');
    const amountRow = within(shown).getByText('The amount must be a whole number of đồng (150000 or 150.000)').closest('tr') as HTMLElement;
    expect(amountRow).toHaveTextContent('4');
    expect(amountRow).toHaveTextContent('transferAmount');
    expect(within(shown).getByText('The bank already reported this id with another amount, direction or account').closest('tr')).toHaveTextContent('900000131');

    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called) === '/api/admin/repayments/statements')!;
    expect(url).toBe('/api/admin/repayments/statements');
    const form = init?.body as FormData;
    expect(form.get('fileName')).toBe('mb-2026-11-25.csv');
    expect((form.get('statement') as File).name).toBe('mb-2026-11-25.csv');
    expect((init?.headers as Record<string, string>)['x-sen-admin']).toBe('1');
  });

  it('shows a refused file with the server\'s message', async () => {
    const user = setupUser();
    const message = "The statement's header row is not SePay's columns (missing: transferAmount; unknown: amount); nothing was imported";
    fetchMock.mockImplementation(async (url) => (String(url).startsWith('/api/admin/repayments/statements') ? envelope(null, 6091, message, 400) : envelope(clean)));
    renderPage();
    await screen.findByText('Reconciled: no differences', {}, SLOW);
    await user.upload(screen.getByLabelText('Statement file (CSV)'), new File(['amount\n1'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(message, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('statement-result')).toBeNull();
  });
});
