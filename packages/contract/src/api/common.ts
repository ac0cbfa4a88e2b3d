import { z } from 'zod';
import { MOBILE_TYPE } from '../constants.ts';
import { wireIntCode } from '../wire.ts';

/** Parameters every call carries unless it opts out with skipDefaultParams (SPEC.md §7). */
export const defaultParamsSchema = z.object({
  appCode: z.string().min(1),
  version: z.string().min(1),
  /** 1 or 2, as a number or a numeric string (the family's clients send "1" and "2"). */
  mobileType: wireIntCode([MOBILE_TYPE.IOS, MOBILE_TYPE.ANDROID]),
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
  /** Client-made key of a loan commit when its body has no auditKey (docs/decisions/086-one-idempotency-mechanism.md). */
  idempotencyKey: 'idempotency-key',
} as const;

/** A call without input of its own (default params are checked separately and dropped here). */
export const emptyRequestSchema = z.object({});
export const nullResponseSchema = z.null();

/** A yyyy-MM-dd calendar day that exists (Date.parse would take 2026-02-30 as 2 March; PostgreSQL refuses it). */
export function isCalendarDay(text: string): boolean {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}
