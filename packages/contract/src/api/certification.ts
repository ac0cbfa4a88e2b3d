import { z } from 'zod';
import { AUTH_DONE } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { emptyRequestSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

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
  /** Comma-separated AuthItem names in the order the steps are walked, e.g. 'KYC,ID,BANK,TELECOM'. */
  authConfig: z.string(),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

/** Every state is a string; '30' means done (API-FAMILY.md §5.1). */
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

export const authConfigEndpoint = defineEndpoint({
  id: 'getAuthConfig',
  method: 'GET',
  alsoAnswers: ['POST'],
  path: API_PATHS.authConfig,
  summary: 'The certification steps this lender requires, in order.',
  module: 'certification',
  request: emptyRequestSchema,
  response: authConfigResponseSchema,
  signed: true,
  session: 'none',
  errors: [],
});

export const authDetailEndpoint = defineEndpoint({
  id: 'getAuthDetail',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.authDetail,
  summary: "The signed-in user's certification states ('30' = done).",
  module: 'certification',
  request: emptyRequestSchema,
  response: authDetailResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});
