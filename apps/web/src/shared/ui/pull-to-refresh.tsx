import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useT } from '../i18n/use-translation.ts';
import { useHeldFlag } from './use-held-flag.ts';

const THRESHOLD_PX = 64;
const MAX_PULL_PX = 96;

/**
 * Pull-to-refresh (SPEC.md §2 Navigation: on the home): pulling down from the top of the page
 * shows a hint; releasing past the threshold runs `onRefresh` with an indicator held at least
 * 300 ms (SPEC.md §9). Touch only; no animation library.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useT();
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const showIndicator = useHeldFlag(refreshing);

  const onTouchStart = (event: TouchEvent) => {
    start.current = window.scrollY <= 0 && !refreshing ? (event.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (start.current === null) return;
    const distance = (event.touches[0]?.clientY ?? start.current) - start.current;
    setPull(Math.max(0, Math.min(MAX_PULL_PX, distance * 0.6)));
  };
  const onTouchEnd = () => {
    const release = pull >= THRESHOLD_PX;
    start.current = null;
    setPull(0);
    if (!release) return;
    setRefreshing(true);
    void onRefresh().finally(() => setRefreshing(false));
  };

  const label = showIndicator ? t('home.refresh.loading') : pull >= THRESHOLD_PX ? t('home.refresh.release') : t('home.refresh.pull');
  return (
    <div className="pull-to-refresh" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} data-testid="pull-to-refresh">
      <div className="pull-to-refresh__hint" style={{ height: showIndicator ? 40 : pull }} role="status" aria-live="polite">
        {pull > 0 || showIndicator ? (
          <>
            {showIndicator ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
            <span>{label}</span>
          </>
        ) : null}
      </div>
      {children}
    </div>
  );
}
