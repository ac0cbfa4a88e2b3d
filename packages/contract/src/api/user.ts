import { z } from 'zod';
import { AUTH_DONE } from '../constants.ts';
import { safeText } from '../validation.ts';
import { mobileTypeSchema } from './common.ts';
import { REG_CLIENTS } from '../reg-client.ts';

export const equipmentSaveRequestSchema = z.object({
  appVersion: safeText(32).min(1),
  mobileType: mobileTypeSchema,
  regClient: z.enum(REG_CLIENTS),
  phoneMark: safeText(128).optional().nullable(),
  phoneBrand: safeText(64).optional().nullable(),
  phoneModel: safeText(128).optional().nullable(),
});
export type EquipmentSaveRequest = z.infer<typeof equipmentSaveRequestSchema>;

/** Certification items the server can require, as named in the comma-separated authConfig. */
export const AUTH_ITEMS = {
  ID: 'idState',
  WORK: 'workInfoState',
  BANK: 'bankCardState',
  KYC: 'kycState',
  TELECOM: 'telecomPermissionState',
} as const;
export type AuthItem = keyof typeof AUTH_ITEMS;

export const authConfigResponseSchema = z.object({
  /** Comma-separated AuthItem names, e.g. 'ID,WORK,BANK,KYC,TELECOM'. */
  authConfig: z.string(),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

const stateValue = z.string();
export const authDetailResponseSchema = z.object({
  idState: stateValue,
  workInfoState: stateValue,
  bankCardState: stateValue,
  kycState: stateValue,
  telecomPermissionState: stateValue,
  userAuthState: stateValue,
});
export type AuthDetail = z.infer<typeof authDetailResponseSchema>;

export function parseAuthConfig(authConfig: string): AuthItem[] {
  return authConfig
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter((item): item is AuthItem => item in AUTH_ITEMS);
}

/**
 * hasAuth (SPEC.md §4): every configured item except BANK is done, or the overall
 * userAuthState is done.
 */
export function hasCompletedAuth(detail: AuthDetail, authConfig: string): boolean {
  if (detail.userAuthState === AUTH_DONE) return true;
  const required = parseAuthConfig(authConfig).filter((item) => item !== 'BANK');
  return required.length > 0 && required.every((item) => detail[AUTH_ITEMS[item]] === AUTH_DONE);
}

export const userInfoResponseSchema = z.object({ id: z.string(), phone: z.string(), passwdSign: z.union([z.literal(0), z.literal(1)]) });
export type UserInfo = z.infer<typeof userInfoResponseSchema>;

export const devOutboxResponseSchema = z.object({
  messages: z.array(z.object({ phone: z.string(), text: z.string(), code: z.string(), sentAt: z.string() })),
});
export type DevOutboxResponse = z.infer<typeof devOutboxResponseSchema>;
