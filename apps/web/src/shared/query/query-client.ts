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

// Query keys live beside their feature (features/<f>/<f>-keys.ts), one factory each (docs/decisions/087).
