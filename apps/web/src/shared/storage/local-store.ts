import { STORAGE_KEYS } from '@sen/contract';

/** localStorage that never throws (private mode, quota, disabled storage). */
export const localStore = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the value lives for this page only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  },
};

/** The app cache (SPEC.md §3: a cache with optional expiry); cleared on every login. */
export function clearAppCache(): void {
  localStore.remove(STORAGE_KEYS.cache);
}
