import { useEffect, useRef, useState } from 'react';

/**
 * SPEC.md §9 'loading indicator hold 300 ms': once shown, a loading indicator stays at least
 * `holdMs`, so a quick answer does not make it flash on and off.
 */
export function useHeldFlag(active: boolean, holdMs = 300): boolean {
  const [holding, setHolding] = useState(false);
  const shownAt = useRef(0);
  useEffect(() => {
    if (active) {
      shownAt.current = Date.now();
      return;
    }
    if (shownAt.current === 0) return;
    const wait = shownAt.current + holdMs - Date.now();
    shownAt.current = 0;
    if (wait <= 0) return;
    const start = setTimeout(() => setHolding(true), 0);
    const end = setTimeout(() => setHolding(false), wait);
    return () => {
      clearTimeout(start);
      clearTimeout(end);
    };
  }, [active, holdMs]);
  return active || holding;
}
