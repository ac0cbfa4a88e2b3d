import { Navigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { hasAuthOf, useAuthStatus } from '../auth/index.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { HasAuthHome } from './has-auth-home.tsx';
import { NoAuthHome } from './no-auth-home.tsx';
import { StepsLeftHome } from './steps-left-home.tsx';

/**
 * `/`: the has-auth home once certified; a signed-in borrower not yet certified sees the steps
 * left; a visitor sees the visitor home.
 */
export function RootHomePage() {
  const token = useSessionStore((state) => state.token);
  const hasAuth = hasAuthOf(useAuthStatus());
  if (token && hasAuth) return <HasAuthHome />;
  return token ? <StepsLeftHome /> : <NoAuthHome />;
}

/** /home/no-auth: the visitor home, or the steps left for a signed-in borrower. */
export function NoAuthHomePage() {
  const token = useSessionStore((state) => state.token);
  const hasAuth = hasAuthOf(useAuthStatus());
  // A certified borrower has no steps left: their home is the signed-in one, never '0 steps' (issue 25).
  if (token && hasAuth) return <Navigate to={paths.homeHasAuth} replace />;
  return token ? <StepsLeftHome /> : <NoAuthHome />;
}

/** /home/has-auth: only for certified borrowers; others go to the home that fits them. */
export function HasAuthHomePage() {
  const token = useSessionStore((state) => state.token);
  const hasAuth = hasAuthOf(useAuthStatus());
  if (!token || !hasAuth) return <Navigate to={paths.homeNoAuth} replace />;
  return <HasAuthHome />;
}
