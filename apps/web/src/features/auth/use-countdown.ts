import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * A seconds countdown: start(n) counts down to 0. It follows the clock rather than counting
 * ticks, so a throttled background tab still ends on time.
 */
export function useCountdown() {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (endAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endAt) setEndAt(null);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [endAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndAt(seconds > 0 ? current + seconds * 1000 : null);
  }, []);

  const remaining = endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / 1000));
  return { remaining, counting: remaining > 0, start };
}
