import {
  API_PATHS,
  OTP_RESEND_SECONDS,
  LOGIN_PLACEHOLDER_COORDINATE,
  PRIVACY_POLICY_VERSION,
  authConfigResponseSchema,
  authDetailResponseSchema,
  detectRegClient,
  loginResponseSchema,
  tokenResponseSchema,
  transformPassword,
  type EquipmentSaveRequest,
  type LoginPasswordRequest,
  type LoginResponse,
  type LoginSmsRequest,
  type SendOtpResponse,
  type TokenResponse,
  type AuthConfigResponse,
  type AuthDetail,
} from '@sen/contract';
import { currentUserAgent } from '../../shared/device/user-agent.ts';
import { post, type RequestOptions } from '../../shared/request/request.ts';
import { checkResponse } from '../../shared/request/response-check.ts';

/** The answer, checked against its schema where checks are on (development, tests). */
function checked<T>(schema: Parameters<typeof checkResponse>[0] | null, data: unknown, options?: RequestOptions): T {
  if (schema) checkResponse(schema, data, options);
  return data as T;
}
const CHECK = __SEN_CHECK_RESPONSES__;

/** The auth calls. Every call but the secret is a POST (the spec does not name methods; the server follows API_PATHS). */

function loginCommon(phone: string) {
  return {
    phone: phone.trim(),
    coordinate: LOGIN_PLACEHOLDER_COORDINATE,
    regClient: detectRegClient(currentUserAgent()),
    adjustId: null,
    content: null,
  };
}

/** Sends a login code by SMS; resolves to the seconds before another may be requested. */
export async function sendLoginCode(phone: string, options?: RequestOptions): Promise<number> {
  const data = await post<SendOtpResponse | null>(API_PATHS.sendOtp, { phone: phone.trim() }, options);
  return data?.resendAfterSeconds ?? OTP_RESEND_SECONDS;
}

export async function loginWithOtp(phone: string, smsCode: string, options?: RequestOptions): Promise<LoginResponse> {
  const payload: LoginSmsRequest = { ...loginCommon(phone), smsCode: smsCode.trim(), loginType: 'sms' };
  return checked<LoginResponse>(CHECK ? loginResponseSchema : null, await post<unknown>(API_PATHS.loginSms, payload, options), options);
}

export async function loginWithPassword(phone: string, password: string, options?: RequestOptions): Promise<LoginResponse> {
  const payload: LoginPasswordRequest = { ...loginCommon(phone), passwd: transformPassword(password), loginType: 'password' };
  return checked<LoginResponse>(CHECK ? loginResponseSchema : null, await post<unknown>(API_PATHS.loginPassword, payload, options), options);
}

/** First password after a code login; resolves to the new token (every older session is revoked). */
export async function setPassword(password: string, options?: RequestOptions): Promise<string> {
  const data = checked<TokenResponse>(CHECK ? tokenResponseSchema : null, await post<unknown>(API_PATHS.passwordSet, { passwd: transformPassword(password) }, options), options);
  return data.token;
}

/** Change with the old password (signed in); resolves to the new token. */
export async function changePasswordWithOld(oldPassword: string, password: string, options?: RequestOptions): Promise<string> {
  const body = { oldPasswd: transformPassword(oldPassword), passwd: transformPassword(password) };
  return checked<TokenResponse>(CHECK ? tokenResponseSchema : null, await post<unknown>(API_PATHS.passwordUpdate, body, options), options).token;
}

/** Forgotten password: a code sent to the phone proves it; resolves to the login session. */
export async function resetPasswordWithCode(phone: string, smsCode: string, password: string, options?: RequestOptions): Promise<LoginResponse> {
  const body = { phone: phone.trim(), smsCode: smsCode.trim(), newPasswd: transformPassword(password) };
  return checked<LoginResponse>(CHECK ? loginResponseSchema : null, await post<unknown>(API_PATHS.passwordUpdate, body, options), options);
}

export function saveEquipment(record: EquipmentSaveRequest): Promise<unknown> {
  return post(API_PATHS.equipmentSave, { ...record }, { skipErrorHandler: true });
}

export async function fetchAuthStatus(options?: RequestOptions) {
  const [config, detail] = await Promise.all([post<unknown>(API_PATHS.authConfig, {}, options), post<unknown>(API_PATHS.authDetail, {}, options)]);
  return {
    authConfig: checked<AuthConfigResponse>(CHECK ? authConfigResponseSchema : null, config, options).authConfig,
    authDetail: checked<AuthDetail>(CHECK ? authDetailResponseSchema : null, detail, options),
  };
}

export function logoutCall(): Promise<unknown> {
  return post(API_PATHS.logout, {}, { skipErrorHandler: true });
}

export function postPrivacyConsent(agreed: boolean, options?: RequestOptions): Promise<unknown> {
  return post(API_PATHS.privacyConsent, { version: PRIVACY_POLICY_VERSION, agreed }, options);
}
