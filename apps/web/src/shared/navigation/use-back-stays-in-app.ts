import { useLayoutEffect } from 'react';

/**
 * On a page that can be the first entry of the app's history (a result reached through replaced
 * entries, as "password created" after /login was opened directly), the phone's Back would leave
 * the app. This puts `fallback` (an app path, e.g. home) under the page once, on arrival: Back then
 * lands there. The entries carry react-router's `idx`, so the router reads the Back as a normal POP.
 * A layout effect: the entry is in place before the page is painted, so a Back pressed as soon as
 * the page shows cannot leave the app.
 */
export function useBackStaysInApp(fallback: string): void {
  useLayoutEffect(() => {
    const state = (window.history.state ?? {}) as { idx?: number; usr?: unknown; key?: string };
    if ((state.idx ?? 0) > 0) return;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    window.history.replaceState({ usr: null, key: 'fallback', idx: 0 }, '', fallback);
    window.history.pushState({ ...state, idx: 1 }, '', here);
  }, [fallback]);
}
