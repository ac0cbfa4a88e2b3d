/**
 * What other features may use of the messages: the unread count and its badge (the Mine tab, the
 * Mine page's Messages row). The pages themselves are lazy routes (app/router.tsx).
 */
export { useUnreadCount } from './unread-count.ts';
export { UnreadBadge } from './unread-badge.tsx';
