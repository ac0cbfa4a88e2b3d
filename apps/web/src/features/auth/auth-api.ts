import {
  LOGIN_PLACEHOLDER_COORDINATE,
  LOGIN_TYPE,
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

/** Sends a login code by SMS (login/sms). */
export function sendOtp(phone: string, options?: RequestOptions): Promise<true> {
  return callEndpoint(endpoints.loginSms, { phone: phone.trim() }, options);
}

export function loginWithOtp(phone: string, smsCode: string): Promise<LoginSession> {
  return callEndpoint(endpoints.login, { ...loginCommon(phone), loginType: LOGIN_TYPE.SMS, smsCode: smsCode.trim() });
}

export function loginWithPassword(phone: string, password: string): Promise<LoginSession> {
  return callEndpoint(endpoints.login, { ...loginCommon(phone), loginType: LOGIN_TYPE.PASSWORD, passwd: transformPassword(password) });
}

export async function setPassword(password: string): Promise<string> {
  return (await callEndpoint(endpoints.passwordSet, { newPasswd: transformPassword(password) })).token;
}

/** The forgotten password: a login code proves the phone; answers a fresh session. */
export function resetPasswordWithCode(phone: string, smsCode: string, password: string): Promise<LoginSession> {
  return callEndpoint(endpoints.passwordUpdate, { phone: phone.trim(), smsCode: smsCode.trim(), newPasswd: transformPassword(password) });
}

export function changePassword(oldPassword: string, password: string): Promise<LoginSession> {
  return callEndpoint(endpoints.passwordUpdate, { oldPasswd: transformPassword(oldPassword), newPasswd: transformPassword(password) });
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
