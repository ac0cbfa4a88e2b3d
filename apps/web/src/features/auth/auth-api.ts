import {
  BORROWER_ERRORS,
  LOGIN_PLACEHOLDER_COORDINATE,
  LOGIN_TYPE,
  OTP_RESEND_SECONDS,
  PRIVACY_POLICY_VERSION,
  detectRegClient,
  transformPassword,
  type EquipmentSaveRequest,
  type LoginSession,
} from '@sen/contract';
import { solveAltchaChallenge } from '../../shared/bot-check/pow-solver.ts';
import { currentUserAgent } from '../../shared/device/user-agent.ts';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import type { RequestOptions } from '../../shared/request/request.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { showToast } from '../../shared/ui/toast.ts';
import { endpoints } from '../../shared/request/endpoints.ts';

/** The sign-in and account calls, by their contract endpoints (API-FAMILY.md §3). */

function loginCommon(phone: string) {
  return {
    phone: phone.trim(),
    coordinate: LOGIN_PLACEHOLDER_COORDINATE,
    regClient: detectRegClient(currentUserAgent()),
  };
}

/**
 * Sends a login code by SMS (login/sms); resolves to the seconds before another may be asked for.
 * Near the send limits the server asks for a bot check (CHALLENGE_REQUIRED): the app then fetches
 * a proof-of-work challenge, solves it without showing anything and sends again with the solution
 * (docs/decisions/036).
 */
export async function sendLoginCode(phone: string, options: RequestOptions = {}): Promise<number> {
  const input = { phone: phone.trim() };
  try {
    await callEndpoint(endpoints.loginSms, input, { ...options, skipErrorHandler: true });
    return OTP_RESEND_SECONDS;
  } catch (error) {
    if (!isRequestError(error) || error.code !== BORROWER_ERRORS.CHALLENGE_REQUIRED.code) {
      // The toast the request layer would have shown, had this first try not asked it not to.
      if (isRequestError(error) && !options.skipErrorHandler) showToast(error.message);
      throw error;
    }
  }
  const challenge = await callEndpoint(endpoints.challenge, {}, options);
  const altcha = challenge.altcha ? await solveAltchaChallenge(challenge.altcha) : null;
  await callEndpoint(endpoints.loginSms, altcha ? { ...input, altcha } : input, options);
  return OTP_RESEND_SECONDS;
}

export function loginWithOtp(phone: string, smsCode: string, options?: RequestOptions): Promise<LoginSession> {
  return callEndpoint(endpoints.login, { ...loginCommon(phone), loginType: LOGIN_TYPE.SMS, smsCode: smsCode.trim() }, options);
}

export function loginWithPassword(phone: string, password: string, options?: RequestOptions): Promise<LoginSession> {
  return callEndpoint(endpoints.login, { ...loginCommon(phone), loginType: LOGIN_TYPE.PASSWORD, passwd: transformPassword(password) }, options);
}

/** First password after a code login; resolves to the new token (every older session is revoked). */
export async function setPassword(password: string, options?: RequestOptions): Promise<string> {
  return (await callEndpoint(endpoints.passwordSet, { newPasswd: transformPassword(password) }, options)).token;
}

/** The forgotten password: a login code proves the phone; answers a fresh session. */
export function resetPasswordWithCode(phone: string, smsCode: string, password: string, options?: RequestOptions): Promise<LoginSession> {
  return callEndpoint(endpoints.passwordUpdate, { phone: phone.trim(), smsCode: smsCode.trim(), newPasswd: transformPassword(password) }, options);
}

/** Change with the old password (signed in); answers a fresh session, every other one is revoked. */
export function changePasswordWithOld(oldPassword: string, password: string, options?: RequestOptions): Promise<LoginSession> {
  return callEndpoint(endpoints.passwordUpdate, { oldPasswd: transformPassword(oldPassword), newPasswd: transformPassword(password) }, options);
}

export function saveEquipment(record: EquipmentSaveRequest): Promise<unknown> {
  return callEndpoint(endpoints.equipmentSave, record, { skipErrorHandler: true });
}

export async function fetchAuthStatus(options?: RequestOptions) {
  const [config, detail] = await Promise.all([callEndpoint(endpoints.authConfig, {}, options), callEndpoint(endpoints.authDetail, {}, options)]);
  return { authConfig: config.authConfig, authDetail: detail };
}

export function logoutCall(): Promise<unknown> {
  return callEndpoint(endpoints.logout, {}, { skipErrorHandler: true });
}

export function postPrivacyConsent(agreed: boolean, options?: RequestOptions): Promise<unknown> {
  return callEndpoint(endpoints.privacyConsent, { version: PRIVACY_POLICY_VERSION, agreed }, options);
}
