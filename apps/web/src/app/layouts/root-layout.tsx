import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authStatusQuery, hasAuthOf } from '../../features/auth/auth-status.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LoadingView } from '../../shared/ui/loading-view.tsx';
import { decideRoute, showsTabBar } from '../route-guard.ts';
import { TabBar } from './tab-bar.tsx';

function AuthStatusFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <LoadingView text={t('common.authLoadFailed')}>
      <Button color="primary" shape="rounded" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </LoadingView>
  );
}

/** Every route renders inside this: the route guard, then the page, then the tab bar where it belongs. */
export function RootLayout() {
  const { t } = useT();
  const { pathname } = useLocation();
  const token = useSessionStore((state) => state.token);
  const userId = useSessionStore((state) => state.user?.id ?? null);
  // The auth status query is loaded here, where a page first needs it (never on the login pages).
  // Never without a session: a page whose session just ended (a closed account) must not ask for it.
  const needsAuthStatus = Boolean(token) && decideRoute(pathname, token, false, false).action === 'load-auth';
  const authStatus = useQuery({ ...authStatusQuery(userId), enabled: needsAuthStatus });
  const decision = decideRoute(pathname, token, authStatus.data !== undefined, hasAuthOf(authStatus.data));

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'load-auth') {
    if (authStatus.isError && !authStatus.isFetching) return <AuthStatusFailed onRetry={() => void authStatus.refetch()} />;
    return <LoadingView text={t('common.loading')} />;
  }

  const withTabBar = showsTabBar(pathname);
  return (
    <div className={`app-shell${withTabBar ? ' app-shell--with-tab-bar' : ''}`}>
      <Outlet />
      {withTabBar ? <TabBar /> : null}
    </div>
  );
}
