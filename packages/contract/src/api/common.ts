import { z } from 'zod';
import { MOBILE_TYPE } from '../constants.ts';
import { safeText } from '../validation.ts';

/**
 * mobileType as a number (JSON) or its string (query, form field): 1, 2, '1' or '2' only.
 * z.coerce.number() also took true (1) and [2] (2); those are refused now (issue 8, finding 12).
 */
export const mobileTypeSchema = z
  .union([z.literal(MOBILE_TYPE.IOS), z.literal(MOBILE_TYPE.ANDROID), z.literal(String(MOBILE_TYPE.IOS)), z.literal(String(MOBILE_TYPE.ANDROID))])
  .transform((value) => Number(value) as typeof MOBILE_TYPE.IOS | typeof MOBILE_TYPE.ANDROID);

/** Parameters every call carries unless it opts out with skipDefaultParams (SPEC.md §7). */
export const defaultParamsSchema = z.object({
  appCode: safeText(64).min(1),
  version: safeText(32).min(1),
  mobileType: mobileTypeSchema,
});
export type DefaultParams = z.infer<typeof defaultParamsSchema>;

/** Request headers the server reads. */
export const HEADERS = {
  authorization: 'authorization',
  appVersion: 'app-version',
  lang: 'lang',
  sign: 'sign',
  timestamp: 'timestamp',
  /** The persistent random device id of the browser; used for OTP send limits and consent. */
  deviceId: 'device-id',
  requestId: 'x-request-id',
} as const;

export const emptyRequestSchema = z.object({}).passthrough();
export const nullResponseSchema = z.null();
