/** What other features may use of sign-in: the certification flag and logging out. */
export { authKeys } from './auth-keys.ts';
export { cachedAuthStatus, clearAuthStatus, hasAuthOf, refreshAuthStatus, useAuthStatus, type AuthStatus } from './auth-status.ts';
export { logout } from './session-actions.ts';
export { useCountdown } from './use-countdown.ts';
