import { QueryClient } from '@tanstack/react-query';

/**
 * The one TanStack Query client: everything that comes from the server is cached here (never by
 * hand in a store). No automatic retry: the request layer already toasts a failure and retries a
 * bad signature once, so a second silent attempt would only repeat the toast.
 * networkMode 'always': offline, a query or mutation still runs and fails at once with the request
 * layer's network error (SPEC.md §8), which the screens show with Retry. TanStack's default
 * ('online') pauses it instead, and a paused query reads as loading for ever (issue 25: the Order
 * tab said 'Loading…' offline with no way to retry).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// Query keys live beside their feature (features/<f>/<f>-keys.ts), one factory each (docs/decisions/087).
