import {
  LOGIN_PLACEHOLDER_COORDINATE,
  LOGIN_TYPE,
  OTP_RESEND_SECONDS,
  PRIVACY_POLICY_VERSION,
  detectRegClient,
  endpoints,
  transformPassword,
  type EquipmentSaveRequest,
  type LoginSession,
} from '@sen/contract';
import { currentUserAgent } from '../../shared/device/user-agent.ts';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import type { RequestOptions } from '../../shared/request/request.ts';

/** The sign-in and account calls, by their contract endpoints (API-FAMILY.md §3). */

function loginCommon(phone: string) {
  return {
    phone: phone.trim(),
    coordinate: LOGIN_PLACEHOLDER_COORDINATE,
    regClient: detectRegClient(currentUserAgent()),
  };
}

/** Sends a login code by SMS (login/sms); resolves to the seconds before another may be asked for. */
export async function sendLoginCode(phone: string, options?: RequestOptions): Promise<number> {
  await callEndpoint(endpoints.loginSms, { phone: phone.trim() }, options);
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
