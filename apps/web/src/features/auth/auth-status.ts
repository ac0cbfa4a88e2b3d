import { hasCompletedAuth, type AuthDetail } from '@sen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/query/query-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { fetchAuthStatus } from './auth-api.ts';
import { authKeys } from './auth-keys.ts';

/**
 * The signed-in user's certification status (authConfig and authDetail) is server state like any
 * other: one TanStack query, keyed by user, loaded by the route guard (root layout) before a
 * private page renders, refreshed after a step changes it. Not persisted: every start loads it
 * again (docs/decisions/080).
 */
export interface AuthStatus {
  authDetail: AuthDetail;
  /** Comma-separated certification items the server requires ('ID,WORK,BANK,KYC,TELECOM'). */
  authConfig: string;
}

function currentUserId(): number | null {
  return useSessionStore.getState().user?.id ?? null;
}

/** The status query: changed only by a certification step, which refreshes it (never stale by time). */
export function authStatusQuery(userId: number | null) {
  return queryOptions({ queryKey: authKeys.status(userId), queryFn: () => fetchAuthStatus(), staleTime: Infinity });
}

/** The status loaded in this page, or undefined (the root layout loads it before a private page renders). */
export function useAuthStatus(): AuthStatus | undefined {
  const userId = useSessionStore((state) => state.user?.id ?? null);
  return useQuery({ ...authStatusQuery(userId), enabled: false }).data;
}

/** hasAuth (SPEC.md §4), derived from the status: never stored, so it cannot disagree with it. */
export function hasAuthOf(status: AuthStatus | undefined): boolean {
  return status !== undefined && hasCompletedAuth(status.authDetail, status.authConfig);
}

/** Loads the status again after a step changed it, and resolves to it; concurrent callers share one load. */
export function refreshAuthStatus(): Promise<AuthStatus> {
  return queryClient.fetchQuery({ ...authStatusQuery(currentUserId()), staleTime: 0 });
}

/** The status as last loaded in this page, outside React. */
export function cachedAuthStatus(): AuthStatus | undefined {
  return queryClient.getQueryData(authStatusQuery(currentUserId()).queryKey);
}

/** Forgets every user's status (login, logout, a closed account). */
export function clearAuthStatus(): void {
  queryClient.removeQueries({ queryKey: authKeys.all });
}
