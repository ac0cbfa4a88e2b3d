import { selectHasAuth, useAuthStore } from '../auth/index.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { HasAuthHome } from './has-auth-home.tsx';
import { NoAuthHome } from './no-auth-home.tsx';

/** `/`: the visitor home for visitors and users without completed authentication, else the has-auth home. */
export function RootHomePage() {
  const token = useSessionStore((state) => state.token);
  const hasAuth = useAuthStore(selectHasAuth);
  return token && hasAuth ? <HasAuthHome /> : <NoAuthHome />;
}

export function NoAuthHomePage() {
  return <NoAuthHome />;
}

export function HasAuthHomePage() {
  return <HasAuthHome />;
}
