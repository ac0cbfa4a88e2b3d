import { API_PATHS, TICKER_INTERVAL_MS } from '@sen/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse as envelope, setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { LoanTicker } from './loan-ticker.tsx';

/* The home ticker against the server's answer faked at fetch: real entries only, three at a time,
 * moving on; hidden when the server says there are too few, or when the call fails. */
const fetchMock = setupApiTest();

const entry = (n: number) => ({ phone: `090****${String(n).padStart(3, '0')}`, amount: n * 1_000_000, disbursedAt: '2026-11-25T10:00:00.000Z' });

function answer(data: unknown, failing = false) {
  fetchMock.mockImplementation(async (url) => {
    if (String(url).startsWith(API_PATHS.loanTicker)) return failing ? envelope(null, { code: 500, message: 'down', status: 500 }) : envelope(data);
    return envelope(null);
  });
}

afterEach(() => vi.useRealTimers());

describe('LoanTicker', () => {
  it('shows three real payouts with the amount whole, then moves on', async () => {
    // Fake timers from the start (the ticker's interval is set when it first shows), time still flowing for waitFor.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer({ show: true, entries: [entry(1), entry(2), entry(3), entry(4)] });
    renderWithQuery(<LoanTicker />);
    await waitFor(() => expect(screen.getAllByTestId('ticker-entry')).toHaveLength(3));
    const texts = () => screen.getAllByTestId('ticker-entry').map((item) => item.textContent);
    expect(texts()[0]).toContain('090****001');
    expect(texts()[0]).toContain('1,000,000\u00a0₫');
    act(() => vi.advanceTimersByTime(TICKER_INTERVAL_MS));
    expect(texts()[0]).toContain('090****002');
    expect(texts()[2]).toContain('090****004');
  });

  it('is absent when the server hides it or cannot answer', async () => {
    answer({ show: false, entries: [entry(1)] });
    const hidden = renderWithQuery(<LoanTicker />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('loan-ticker')).toBeNull();
    hidden.unmount();

    fetchMock.mockClear();
    answer(null, true);
    renderWithQuery(<LoanTicker />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('loan-ticker')).toBeNull();
  });
});
