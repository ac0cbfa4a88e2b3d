import { APP_VERSION, detectRegClient, type LoginSession } from '@sen/contract';
import { paths } from '../../app/paths.ts';
import { getDeviceId } from '../../shared/device/device-id.ts';
import { currentUserAgent, mobileTypeOf, parsePhoneModel } from '../../shared/device/user-agent.ts';
import { navigateTo } from '../../shared/navigation/navigation.ts';
import { queryClient } from '../../shared/query/query-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { clearAppCache } from '../../shared/storage/local-store.ts';
import { noteLogin } from '../../shared/tracking/index.ts';
import { logoutCall, saveEquipment } from './auth-api.ts';
import { clearAuthStatus, refreshAuthStatus } from './auth-status.ts';

/** The device record saved after each login (SPEC.md §3). */
export function deviceRecord(userAgent: string = currentUserAgent()) {
  const { phoneBrand, phoneModel } = parsePhoneModel(userAgent);
  return {
    appVersion: APP_VERSION,
    mobileType: mobileTypeOf(userAgent),
    regClient: detectRegClient(userAgent),
    phoneMark: getDeviceId(),
    phoneBrand,
    phoneModel,
  };
}

/** Clears the session and the auth state and goes to /login (SPEC.md §4). */
export function clearSessionAndGoToLogin(): void {
  useSessionStore.getState().clear();
  clearAuthStatus();
  navigateTo(paths.login, { replace: true });
}

/** Logout: tells the server (errors ignored: the local session ends regardless), then clears. */
export async function logout(): Promise<void> {
  try {
    await logoutCall();
  } catch {
    // A dead session or no network must not keep the user logged in here.
  }
  clearSessionAndGoToLogin();
}

/**
 * After a successful login (code 200): forget the previous user's cached answers, store the
 * session, save the device record without waiting on it, clear the app cache, then go to create-password (passwdSign 0) or load the auth status
 * and go home.
 */
export async function completeLogin(response: LoginSession): Promise<void> {
  // Every cached answer belonged to whoever used this phone before (orders, accounts, messages):
  // none may be shown to the one signing in now, not even while it refetches.
  queryClient.clear();
  useSessionStore.getState().setSession(response.token, { id: response.id, phone: response.phone });
  void saveEquipment(deviceRecord()).catch(() => undefined);
  clearAppCache();
  noteLogin();
  if (response.passwdSign === 0) {
    navigateTo(paths.createPassword, { replace: true });
    return;
  }
  try {
    await refreshAuthStatus();
  } catch {
    // The route guard loads it again (with a retry view) when home renders.
  }
  navigateTo(paths.root, { replace: true });
}
