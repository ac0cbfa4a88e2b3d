import { matchPath } from 'react-router';
import { PUBLIC_PATHS, TAB_BAR_PATHS, paths, type RoutePath } from './paths.ts';

export type GuardDecision =
  | { action: 'render' }
  | { action: 'redirect'; to: string }
  /** A token exists but the authentication status is unknown: load it before rendering. */
  | { action: 'load-auth' };

const ALL_PATHS = Object.values(paths) as RoutePath[];

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Route patterns match case-sensitively: /NotFound and /not-found are both routes, /NOTFOUND is not. */
function matches(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) => matchPath({ path: pattern, caseSensitive: true, end: true }, pathname) !== null);
}

export function isKnownPath(pathname: string): boolean {
  return matches(ALL_PATHS, normalize(pathname));
}

export function isPublicPath(pathname: string): boolean {
  return matches(PUBLIC_PATHS, normalize(pathname));
}

export function showsTabBar(pathname: string): boolean {
  return matches(TAB_BAR_PATHS, normalize(pathname));
}

/** /home: the has-auth home once authentication is complete, else the no-auth home. */
export function homeTarget(hasAuth: boolean): string {
  return hasAuth ? paths.homeHasAuth : paths.homeNoAuth;
}

/**
 * The route guard (SPEC.md §2, DESIGN.md departures), as a pure decision:
 * unknown path → /NotFound; visitor on a non-public path → /login; token with unknown auth
 * status → load it first (not on the login pages, which do not depend on it); /home → by hasAuth.
 */
export function decideRoute(pathname: string, token: string | null, authLoaded: boolean, hasAuth: boolean): GuardDecision {
  const path = normalize(pathname);
  if (!isKnownPath(path)) return { action: 'redirect', to: paths.notFoundAlias };
  if (!token) {
    if (path === paths.home) return { action: 'redirect', to: paths.homeNoAuth };
    return isPublicPath(path) ? { action: 'render' } : { action: 'redirect', to: paths.login };
  }
  const onLoginPages = path === paths.login || path.startsWith(`${paths.login}/`);
  if (!authLoaded && !onLoginPages) return { action: 'load-auth' };
  if (path === paths.home) return { action: 'redirect', to: homeTarget(hasAuth) };
  return { action: 'render' };
}
