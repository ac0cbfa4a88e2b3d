import { STORAGE_KEYS, hasCompletedAuth, type AuthDetail } from '@sen/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface AuthState {
  authDetail: AuthDetail | null;
  /** Comma-separated certification items the server requires ('ID,WORK,BANK,KYC,TELECOM'). */
  authConfig: string | null;
  /** True once the status was loaded in this page; not persisted, so each start reloads it. */
  loaded: boolean;
  setAuth: (authDetail: AuthDetail, authConfig: string) => void;
  clear: () => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      authDetail: null,
      authConfig: null,
      loaded: false,
      setAuth: (authDetail, authConfig) => set({ authDetail, authConfig, loaded: true }),
      clear: () => set({ authDetail: null, authConfig: null, loaded: false }),
    }),
    {
      name: STORAGE_KEYS.auth,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ authDetail: state.authDetail, authConfig: state.authConfig }),
    },
  ),
);

/** hasAuth (SPEC.md §4), derived from the stored status: never stored, so it cannot disagree with it. */
export function selectHasAuth(state: Pick<AuthState, 'authDetail' | 'authConfig'>): boolean {
  return state.authDetail !== null && state.authConfig !== null && hasCompletedAuth(state.authDetail, state.authConfig);
}
