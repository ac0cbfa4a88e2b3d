import { z } from 'zod';
import { PRIVACY_POLICY_VERSION } from '../constants.ts';
import { REG_CLIENTS } from '../reg-client.ts';
import { otpSchema, passwordSchema, phoneSchema, safeText, transformedPasswordSchema } from '../validation.ts';

/** GET secret: the signing secret. Public by design; signing guards integrity, not identity. */
export const secretResponseSchema = z.object({ verifySignSecret: z.string().min(1) });
export type SecretResponse = z.infer<typeof secretResponseSchema>;

export const sendOtpRequestSchema = z.object({ phone: phoneSchema });
export type SendOtpRequest = z.infer<typeof sendOtpRequestSchema>;
export const sendOtpResponseSchema = z.object({
  /** Seconds until another code may be requested (the 60 s countdown). */
  resendAfterSeconds: z.number().int(),
  /** Seconds until this code stops being accepted. */
  expiresInSeconds: z.number().int(),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

const loginCommonFields = {
  phone: phoneSchema,
  coordinate: safeText(64).optional(),
  regClient: z.enum(REG_CLIENTS).optional(),
  adjustId: safeText(128).optional().nullable(),
  content: safeText(2000).optional().nullable(),
  loginType: safeText(32).optional(),
};

export const loginSmsRequestSchema = z.object({ ...loginCommonFields, smsCode: otpSchema });
export type LoginSmsRequest = z.infer<typeof loginSmsRequestSchema>;

export const loginPasswordRequestSchema = z.object({ ...loginCommonFields, passwd: transformedPasswordSchema });
export type LoginPasswordRequest = z.infer<typeof loginPasswordRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  id: z.string(),
  phone: z.string(),
  /** 0 until the user has set a password; the app then asks for one. */
  passwdSign: z.union([z.literal(0), z.literal(1)]),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const passwordSetRequestSchema = z.object({ passwd: transformedPasswordSchema });
export type PasswordSetRequest = z.infer<typeof passwordSetRequestSchema>;

export const passwordUpdateRequestSchema = z.object({
  oldPasswd: transformedPasswordSchema,
  passwd: transformedPasswordSchema,
});
export type PasswordUpdateRequest = z.infer<typeof passwordUpdateRequestSchema>;

/** password/set and password/update answer with a fresh token; every older session is revoked. */
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The client-side form of the create-password page (before transformPassword). */
export const createPasswordFormSchema = z.object({ password: passwordSchema, confirmPassword: z.string() });

export const privacyConsentRequestSchema = z.object({
  version: z.literal(PRIVACY_POLICY_VERSION),
  agreed: z.boolean(),
});
export type PrivacyConsentRequest = z.infer<typeof privacyConsentRequestSchema>;
