import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { messageKeys } from './messages-keys.ts';


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
