import { TICKER_INTERVAL_MS, TICKER_VISIBLE, type Ticker } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { homeKeys } from './home-keys.ts';

/**
 * The home's ticker of recent loans (SPEC.md §1: 3 visible, moving on every 2 s). Real payouts only,
 * phones masked, from the server; with too few it is hidden, never filled with invented entries
 * (DESIGN.md departure).
 */
export function LoanTicker() {
  const { t, language } = useT();
  const ticker = useQuery<Ticker>({
    queryKey: homeKeys.ticker(),
    queryFn: () => callEndpoint(endpoints.loanTicker, {}, { skipErrorHandler: true }),
    staleTime: 60_000,
  });
  const entries = ticker.data?.show ? ticker.data.entries : [];
  const [start, setStart] = useState(0);
  useEffect(() => {
    if (entries.length <= TICKER_VISIBLE) return;
    const timer = setInterval(() => setStart((value) => (value + 1) % entries.length), TICKER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [entries.length]);
  if (entries.length === 0) return null;
  const visible = Array.from({ length: Math.min(TICKER_VISIBLE, entries.length) }, (_, index) => entries[(start + index) % entries.length]!);
  return (
    <section className="loan-ticker" aria-label={t('home.ticker.label')} data-testid="loan-ticker">
      <ul className="loan-ticker__list" aria-live="off">
        {visible.map((entry, index) => (
          <li key={`${start}-${index}`} className="loan-ticker__item" data-testid="ticker-entry">
            {/* The amount ends the sentence in every language; it keeps its room and the words give way on a narrow screen. */}
            <span className="loan-ticker__text">
              {t('home.ticker.entry', { phone: entry.phone, amount: '' }).trim()}
            </span>{' '}
            <strong className="loan-ticker__amount">
              {money(entry.amount, language)}
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
