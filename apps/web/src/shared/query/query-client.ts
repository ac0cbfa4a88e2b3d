import { QueryClient } from '@tanstack/react-query';

/**
 * The one TanStack Query client: everything that comes from the server is cached here (never by
 * hand in a store). No automatic retry: the request layer already toasts a failure and retries a
 * bad signature once, so a second silent attempt would only repeat the toast.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Query keys in one place, so invalidation after login/logout reaches every screen. */
export const queryKeys = {
  authStatus: ['auth-status'] as const,
  commonIndex: ['common-index'] as const,
  activities: ['activities'] as const,
  userInfo: ['user-info'] as const,
  kycInfo: ['kyc-info'] as const,
};
