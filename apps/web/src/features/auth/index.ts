/** What other features may use of sign-in: the certification flag and logging out. */
export { selectHasAuth, useAuthStore } from './auth-store.ts';
export { loadAuthStatus, logout } from './session-actions.ts';
export { useCountdown } from './use-countdown.ts';
