import { POLL_DEFAULTS, SECRET_POLL_MS, STORAGE_KEYS } from '@sen/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface SignState {
  /** The signing secret from GET /api/user/app/common/secret; '' until fetched (or when it failed). */
  signSecret: string;
  /** True while the secret is being fetched; concurrent callers wait for it to drop. */
  loading: boolean;
  setSecret: (signSecret: string) => void;
  setLoading: (loading: boolean) => void;
}

/** Persisted under exactly 'sign-storage' (SPEC.md §3). `loading` is not persisted: a reload mid-fetch must not wait forever. */
export const useSignStore = create<SignState>()(
  persist(
    (set) => ({
      signSecret: '',
      loading: false,
      setSecret: (signSecret) => set({ signSecret }),
      setLoading: (loading) => set({ loading }),
    }),
    {
      name: STORAGE_KEYS.sign,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ signSecret: state.signSecret }),
    },
  ),
);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits (polling every 50 ms, SPEC.md §4) while a secret fetch is in flight, then returns the secret. */
export async function waitForSignSecret(maxWaitMs: number = POLL_DEFAULTS.totalMs): Promise<string> {
  const started = Date.now();
  while (useSignStore.getState().loading && Date.now() - started < maxWaitMs) {
    await sleep(SECRET_POLL_MS);
  }
  return useSignStore.getState().signSecret;
}
