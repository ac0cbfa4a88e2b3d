import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { queryClient } from '../shared/query/query-client.ts';

/**
 * Renders with the app's one TanStack Query client, emptied first (nothing shared between tests):
 * what the app does outside React (refreshing the auth status, invalidating after a money action)
 * reaches the same cache the screens read. `prepare` fills the emptied cache before the first render.
 */
export function renderWithQuery(ui: ReactNode, prepare?: (client: QueryClient) => void) {
  queryClient.clear();
  prepare?.(queryClient);
  return { client: queryClient, ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>) };
}

/** A hook rendered with the app's one query client, emptied first (see renderWithQuery). */
export function renderHookWithQuery<Result>(hook: () => Result, prepare?: (client: QueryClient) => void) {
  queryClient.clear();
  prepare?.(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { client: queryClient, ...renderHook(hook, { wrapper }) };
}
