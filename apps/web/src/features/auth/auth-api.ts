import {
  API_PATHS,
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
} from '@sen/contract';
import { currentUserAgent } from '../../shared/device/user-agent.ts';
import { post, type RequestOptions } from '../../shared/request/request.ts';

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

export function sendOtp(phone: string, options?: RequestOptions): Promise<SendOtpResponse | null> {
  return post<SendOtpResponse | null>(API_PATHS.sendOtp, { phone: phone.trim() }, options);
}

export async function loginWithOtp(phone: string, smsCode: string): Promise<LoginResponse> {
  const payload: LoginSmsRequest = { ...loginCommon(phone), smsCode: smsCode.trim(), loginType: 'sms' };
  return loginResponseSchema.parse(await post<unknown>(API_PATHS.loginSms, payload));
}

export async function loginWithPassword(phone: string, password: string): Promise<LoginResponse> {
  const payload: LoginPasswordRequest = { ...loginCommon(phone), passwd: transformPassword(password), loginType: 'password' };
  return loginResponseSchema.parse(await post<unknown>(API_PATHS.loginPassword, payload));
}

export async function setPassword(password: string): Promise<string> {
  const data = tokenResponseSchema.parse(await post<unknown>(API_PATHS.passwordSet, { passwd: transformPassword(password) }));
  return data.token;
}

export function saveEquipment(record: EquipmentSaveRequest): Promise<unknown> {
  return post(API_PATHS.equipmentSave, { ...record }, { skipErrorHandler: true });
}

export async function fetchAuthStatus(options?: RequestOptions) {
  const [config, detail] = await Promise.all([post<unknown>(API_PATHS.authConfig, {}, options), post<unknown>(API_PATHS.authDetail, {}, options)]);
  return { authConfig: authConfigResponseSchema.parse(config).authConfig, authDetail: authDetailResponseSchema.parse(detail) };
}

export function logoutCall(): Promise<unknown> {
  return post(API_PATHS.logout, {}, { skipErrorHandler: true });
}

export function postPrivacyConsent(agreed: boolean, options?: RequestOptions): Promise<unknown> {
  return post(API_PATHS.privacyConsent, { version: PRIVACY_POLICY_VERSION, agreed }, options);
}
