import { useT } from '../../shared/i18n/use-translation.ts';
import { useUnreadCount } from './unread-count.ts';
import './unread-badge.css';

/** The red count of unread messages (99+ above 99), with its meaning for screen readers; nothing at 0. */
export function UnreadBadge({ className = '' }: { className?: string }) {
  const { t } = useT();
  const count = useUnreadCount();
  if (count <= 0) return null;
  return (
    <span className={`unread-badge ${className}`.trim()} data-testid="unread-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('messages.unreadCount', { count })}</span>
    </span>
  );
}
