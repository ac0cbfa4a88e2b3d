import { z } from 'zod';
import { MOBILE_TYPE, PRIVACY_POLICY_VERSION } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { plainText, wireIntCode, wireOptionalText } from '../wire.ts';
import { wireRegClientSchema } from './auth.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

/** Device record saved right after login (SPEC.md §3, API-FAMILY.md §3.4). */
export const equipmentSaveRequestSchema = z.object({
  appVersion: plainText(32).trim().min(1, { error: 'validation.required' }),
  /** Also in the default params; optional here (the family's clients differ). */
  mobileType: z.preprocess((value) => (value === '' || value === 'null' || value === null ? undefined : value), wireIntCode([MOBILE_TYPE.IOS, MOBILE_TYPE.ANDROID]).optional()),
  regClient: wireRegClientSchema,
  phoneMark: wireOptionalText(128),
  phoneBrand: wireOptionalText(64),
  phoneModel: wireOptionalText(128),
});
export type EquipmentSaveRequest = z.input<typeof equipmentSaveRequestSchema>;
export type ParsedEquipmentSaveRequest = z.output<typeof equipmentSaveRequestSchema>;

/**
 * The family's risk-data upload (API-FAMILY.md §3.5). Sen keeps only the device's model, system
 * and network facts; album, SMS, call-log, contacts, app-list and location fields are not in this
 * schema, so they are dropped at parsing, unread, and never stored or logged (DESIGN.md).
 * Each kept value is the client's stringified JSON object.
 */
export const deviceSaveRequestSchema = z.object({
  hardwareInfo: wireOptionalText(16_384),
  systemInfo: wireOptionalText(16_384),
  networkInfo: wireOptionalText(16_384),
});
export type DeviceSaveRequest = z.input<typeof deviceSaveRequestSchema>;
export type ParsedDeviceSaveRequest = z.output<typeof deviceSaveRequestSchema>;

export const privacyConsentRequestSchema = z.object({
  version: z.literal(PRIVACY_POLICY_VERSION),
  agreed: z.boolean(),
});
export type PrivacyConsentRequest = z.infer<typeof privacyConsentRequestSchema>;

export const userInfoResponseSchema = z.object({
  /** The user's public number (as `id` in the login session). */
  id: z.number().int(),
  phone: z.string(),
  passwdSign: z.union([z.literal(0), z.literal(1)]),
});
export type UserInfo = z.infer<typeof userInfoResponseSchema>;

export const userInfoEndpoint = defineEndpoint({
  id: 'getUserInfo',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.userInfo,
  summary: "The signed-in user's number, phone and whether a password is set.",
  module: 'user',
  request: emptyRequestSchema,
  response: userInfoResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const equipmentSaveEndpoint = defineEndpoint({
  id: 'saveEquipment',
  method: 'POST',
  path: API_PATHS.equipmentSave,
  summary: 'Records the device the user signed in on (one record per user and device id).',
  module: 'user',
  request: equipmentSaveRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED'],
});

export const deviceHasEndpoint = defineEndpoint({
  id: 'hasDevice',
  method: 'POST',
  path: API_PATHS.deviceHas,
  summary: 'Whether the device facts of this user are already recorded (false: the family client posts userDevice/save).',
  module: 'user',
  request: emptyRequestSchema,
  response: z.boolean(),
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const deviceSaveEndpoint = defineEndpoint({
  id: 'saveDevice',
  method: 'POST',
  path: API_PATHS.deviceSave,
  summary: 'Accepts the family risk-data upload but keeps only model, system and network facts (no album, SMS, call log, contacts or location).',
  module: 'user',
  request: deviceSaveRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED'],
});

export const privacyConsentEndpoint = defineEndpoint({
  id: 'recordPrivacyConsent',
  method: 'POST',
  path: API_PATHS.privacyConsent,
  summary: 'Records Agree or Reject on a privacy-policy version (from visitors too; tied to the user when signed in).',
  module: 'user',
  request: privacyConsentRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'optional',
  errors: ['VALIDATION_FAILED'],
});
