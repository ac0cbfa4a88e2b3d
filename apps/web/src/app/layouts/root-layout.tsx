import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectHasAuth, useAuthStore } from '../../features/auth/auth-store.ts';
import { loadAuthStatus } from '../../features/auth/session-actions.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LoadingView } from '../../shared/ui/loading-view.tsx';
import { decideRoute, showsTabBar } from '../route-guard.ts';
import { TabBar } from './tab-bar.tsx';

function AuthStatusLoader() {
  const { t } = useT();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    loadAuthStatus().catch(() => {
      if (active) setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [attempt]);

  if (failed) {
    return (
      <LoadingView text={t('common.authLoadFailed')}>
        <Button
          color="primary"
          shape="rounded"
          onClick={() => {
            setFailed(false);
            setAttempt((value) => value + 1);
          }}
        >
          {t('common.retry')}
        </Button>
      </LoadingView>
    );
  }
  return <LoadingView text={t('common.loading')} />;
}

/** Every route renders inside this: the route guard, then the page, then the tab bar where it belongs. */
export function RootLayout() {
  const { pathname } = useLocation();
  const token = useSessionStore((state) => state.token);
  const loaded = useAuthStore((state) => state.loaded);
  const hasAuth = useAuthStore(selectHasAuth);
  const decision = decideRoute(pathname, token, loaded, hasAuth);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'load-auth') return <AuthStatusLoader />;

  const withTabBar = showsTabBar(pathname);
  return (
    <div className={`app-shell${withTabBar ? ' app-shell--with-tab-bar' : ''}`}>
      <Outlet />
      {withTabBar ? <TabBar /> : null}
    </div>
  );
}
