import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { endpoints } from '../../shared/request/endpoints.ts';

/**
 * Query keys of the messages, per signed-in user: a cache filled for one user is never shown to
 * the next one who signs in on the same phone.
 */
export const messageKeys = {
  all: ['messages'] as const,
  unread: (userId: number | undefined) => ['messages', userId ?? 0, 'unread'] as const,
  list: (userId: number | undefined) => ['messages', userId ?? 0, 'list'] as const,
  detail: (userId: number | undefined, id: number) => ['messages', userId ?? 0, 'detail', id] as const,
};

/**
 * How many of the signed-in user's messages are unread (0 for a visitor, and while loading or
 * after a failure: a badge is not worth a toast). Refreshed when stale on each mount and every
 * minute while shown, so a message from a background event reaches the badge.
 */
export function useUnreadCount(): number {
  const token = useSessionStore((state) => state.token);
  const userId = useSessionStore((state) => state.user?.id);
  const query = useQuery({
    queryKey: messageKeys.unread(userId),
    queryFn: async () => (await callEndpoint(endpoints.messageUnreadCount, {}, { skipErrorHandler: true })).unreadCount,
    enabled: Boolean(token),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  return token ? (query.data ?? 0) : 0;
}
