import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { UnreadBadge } from '../../features/messages/index.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { HomeIcon, OrderIcon, UserIcon } from '../../shared/ui/icons.tsx';
import { paths } from '../paths.ts';

const TABS: { key: 'home' | 'order' | 'mine'; to: string; icon: ReactNode; match: (path: string) => boolean }[] = [
  { key: 'home', to: paths.root, icon: <HomeIcon />, match: (path) => path === '/' || path.startsWith('/home') },
  { key: 'order', to: paths.orderRepayList, icon: <OrderIcon />, match: (path) => path.startsWith('/order') },
  { key: 'mine', to: paths.mine, icon: <UserIcon />, match: (path) => path.startsWith('/mine') },
];

/** The bottom tab bar: Home → /, Order → /order/repay-list, Mine → /mine (with the unread-messages badge). */
export function TabBar() {
  const { t } = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <nav className="tab-bar" data-testid="tab-bar" aria-label={t('tab.label')}>
      {TABS.map((tab) => {
        const active = tab.match(pathname);
        return (
          <button
            key={tab.key}
            type="button"
            className={`tab-bar__item${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid={`tab-${tab.key}`}
            onClick={() => navigate(tab.to)}
          >
            <span className="tab-bar__icon">
              {tab.icon}
              {tab.key === 'mine' ? <UnreadBadge className="unread-badge--corner" /> : null}
            </span>
            <span>{t(`tab.${tab.key}`)}</span>
          </button>
        );
      })}
    </nav>
  );
}
