import { QueryClient } from '@tanstack/react-query';

/**
 * The one TanStack Query client: everything the back office shows from the server is cached here.
 * No automatic retry (an error shows its message and a retry button); no refetch on focus (an
 * operator comparing two tabs should not see a table change under the cursor).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 15_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
