import { hasCompletedAuth, type AuthDetail } from '@sen/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface AuthState {
  authDetail: AuthDetail | null;
  /** Comma-separated certification items the server requires ('ID,WORK,BANK,KYC,TELECOM'). */
  authConfig: string | null;
  /** hasCompletedAuth of the contract (SPEC.md §4). */
  hasAuth: boolean;
  /** True once the status was loaded in this page; not persisted, so each start reloads it. */
  loaded: boolean;
  setAuth: (authDetail: AuthDetail, authConfig: string) => void;
  clear: () => void;
}

export const AUTH_STORAGE_KEY = 'auth-storage';

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      authDetail: null,
      authConfig: null,
      hasAuth: false,
      loaded: false,
      setAuth: (authDetail, authConfig) =>
        set({ authDetail, authConfig, hasAuth: hasCompletedAuth(authDetail, authConfig), loaded: true }),
      clear: () => set({ authDetail: null, authConfig: null, hasAuth: false, loaded: false }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ authDetail: state.authDetail, authConfig: state.authConfig, hasAuth: state.hasAuth }),
    },
  ),
);
