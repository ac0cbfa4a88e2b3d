import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { REG_CLIENTS, type RegClient } from '../reg-client.ts';
import { normalizePhone, otpSchema, phoneSchema, transformedPasswordSchema } from '../validation.ts';
import { isWireAbsent, plainText, wireIntCode, wireOptionalText } from '../wire.ts';
import { botCheckSolutionSchema } from './challenge.ts';
import { API_PATHS } from './paths.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';

/**
 * Sign-in and account calls as the API family has them (API-FAMILY.md §3): `login/sms` sends the
 * code, `login` signs in by code (loginType 1) or password (loginType 2), `password/set` and
 * `password/update` answer a fresh login session and revoke every older one.
 */

/** The phone as typed (9 digits, or 10 with the leading 0), stored in its 10-digit form. */
export const wirePhoneSchema = phoneSchema.transform(normalizePhone);

export const LOGIN_TYPE = { SMS: 1, PASSWORD: 2 } as const;

/** Any case of a known device family; anything else (H5, absent) is UNKNOWN. */
export const wireRegClientSchema = z.preprocess(
  (value) => (isWireAbsent(value) ? undefined : value),
  plainText(32)
    .optional()
    .transform((text): RegClient => REG_CLIENTS.find((known) => known.toLowerCase() === text?.trim().toLowerCase()) ?? 'UNKNOWN'),
);

/** A credential that must be present: 'Please input' when missing, its own rule otherwise. */
function requiredCredential(schema: z.ZodType<string, string>, missingKey: string) {
  return z.preprocess((value) => (isWireAbsent(value) ? undefined : value), z.string({ error: missingKey }).pipe(schema));
}

const optionalCredential = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (isWireAbsent(value) ? undefined : value), schema.optional());

export const sendCodeRequestSchema = z.object({
  phone: wirePhoneSchema,
  /** The solved bot check (challenge.ts), needed only once the phone, IP or device nears its limits. */
  altcha: optionalCredential(botCheckSolutionSchema),
});
export type SendCodeRequest = z.input<typeof sendCodeRequestSchema>;

export const loginRequestSchema = z
  .object({
    phone: wirePhoneSchema,
    /** 1 = OTP, 2 = password; when absent, OTP if a code is given (as the family's clients decide). */
    loginType: z.preprocess((value) => (isWireAbsent(value) ? undefined : value), wireIntCode([LOGIN_TYPE.SMS, LOGIN_TYPE.PASSWORD]).optional()),
    smsCode: optionalCredential(z.string()),
    /** md5hex of the password (transformPassword). */
    passwd: optionalCredential(z.string()),
    regClient: wireRegClientSchema,
    coordinate: wireOptionalText(64),
    adjustId: wireOptionalText(128),
    appsflyerId: wireOptionalText(128),
    content: wireOptionalText(4000),
    phoneMark: wireOptionalText(128),
  })
  .transform((input, context) => {
    const loginType = input.loginType ?? (input.smsCode !== undefined ? LOGIN_TYPE.SMS : LOGIN_TYPE.PASSWORD);
    const field = loginType === LOGIN_TYPE.SMS ? 'smsCode' : 'passwd';
    const rule = loginType === LOGIN_TYPE.SMS ? otpSchema : transformedPasswordSchema;
    const missingKey = loginType === LOGIN_TYPE.SMS ? 'validation.otp.required' : 'validation.password.required';
    const value = input[field];
    const checked = value === undefined ? null : rule.safeParse(value);
    if (!checked?.success) {
      context.addIssue({ code: 'custom', path: [field], message: checked ? checked.error.issues[0]!.message : missingKey });
      return z.NEVER;
    }
    const { smsCode: _smsCode, passwd: _passwd, loginType: _loginType, ...common } = input;
    const credential =
      loginType === LOGIN_TYPE.SMS ? ({ type: 'sms', smsCode: checked.data } as const) : ({ type: 'password', passwd: checked.data } as const);
    return { ...common, credential };
  });
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type ParsedLoginRequest = z.output<typeof loginRequestSchema>;

/** What a successful sign-in or password change answers (API-FAMILY.md §3.2 LoginSession). */
export const loginSessionSchema = z.object({
  /** Opaque session token, sent back raw in the Authorization header. */
  token: z.string(),
  /** The user's public number. */
  id: z.number().int(),
  phone: z.string(),
  /** 0 until the user has set a password; the app then asks for one. */
  passwdSign: z.union([z.literal(0), z.literal(1)]),
  appId: z.number().int(),
  channelId: z.number().int(),
  /** A non-blank URL switches the family's native app to its portal home; Sen sends null. */
  activityUrl: z.string().nullable(),
});
export type LoginSession = z.infer<typeof loginSessionSchema>;

/** The new password, as `newPasswd` (family) or `passwd` (older Sen web app). */
function withNewPassword<T extends { newPasswd?: string | undefined; passwd?: string | undefined }>(
  input: T,
  context: z.RefinementCtx,
): string | typeof z.NEVER {
  const value = input.newPasswd ?? input.passwd;
  if (value === undefined) {
    context.addIssue({ code: 'custom', path: ['newPasswd'], message: 'validation.password.required' });
    return z.NEVER;
  }
  const checked = transformedPasswordSchema.safeParse(value);
  if (!checked.success) {
    context.addIssue({ code: 'custom', path: ['newPasswd'], message: checked.error.issues[0]!.message });
    return z.NEVER;
  }
  return checked.data;
}

export const passwordSetRequestSchema = z
  .object({
    phone: optionalCredential(wirePhoneSchema),
    newPasswd: optionalCredential(z.string()),
    passwd: optionalCredential(z.string()),
  })
  .transform((input, context) => ({ newPasswd: withNewPassword(input, context) }));
export type PasswordSetRequest = z.input<typeof passwordSetRequestSchema>;

/**
 * By code (`phone, smsCode, newPasswd`: the forgotten password, no session needed) or by the old
 * password (`oldPasswd, newPasswd`, with a session).
 */
export const passwordUpdateRequestSchema = z
  .object({
    phone: optionalCredential(z.string()),
    smsCode: optionalCredential(z.string()),
    oldPasswd: optionalCredential(z.string()),
    newPasswd: optionalCredential(z.string()),
    passwd: optionalCredential(z.string()),
  })
  .transform((input, context) => {
    if (input.smsCode !== undefined || input.oldPasswd === undefined) {
      const phone = requiredCredential(wirePhoneSchema, 'validation.phone.required').safeParse(input.phone);
      if (!phone.success) {
        context.addIssue({ code: 'custom', path: ['phone'], message: phone.error.issues[0]!.message });
        return z.NEVER;
      }
      const smsCode = requiredCredential(otpSchema, 'validation.otp.required').safeParse(input.smsCode);
      if (!smsCode.success) {
        context.addIssue({ code: 'custom', path: ['smsCode'], message: smsCode.error.issues[0]!.message });
        return z.NEVER;
      }
      const newPasswd = withNewPassword(input, context);
      return { by: 'code', phone: phone.data, smsCode: smsCode.data, newPasswd } as const;
    }
    const oldPasswd = transformedPasswordSchema.safeParse(input.oldPasswd);
    if (!oldPasswd.success) {
      context.addIssue({ code: 'custom', path: ['oldPasswd'], message: oldPasswd.error.issues[0]!.message });
      return z.NEVER;
    }
    return { by: 'oldPassword', oldPasswd: oldPasswd.data, newPasswd: withNewPassword(input, context) } as const;
  });
export type PasswordUpdateRequest = z.input<typeof passwordUpdateRequestSchema>;
export type ParsedPasswordUpdateRequest = z.output<typeof passwordUpdateRequestSchema>;

const SIGN_IN_ERRORS = ['VALIDATION_FAILED', 'MISSING_PARAMS', 'BAD_SIGN', 'STALE_TIMESTAMP', 'TOO_MANY_REQUESTS'] as const;

export const loginSmsEndpoint = defineEndpoint({
  id: 'sendLoginCode',
  method: 'POST',
  path: API_PATHS.loginSms,
  summary: 'Sends a 4-digit login code by SMS (60 s between sends, hourly limits per phone, IP and device).',
  module: 'auth',
  request: sendCodeRequestSchema,
  response: z.literal(true),
  signed: true,
  session: 'none',
  errors: [...SIGN_IN_ERRORS, 'OTP_TOO_SOON', 'OTP_SEND_LIMIT', 'CHALLENGE_REQUIRED', 'CHALLENGE_FAILED', 'SMS_UNAVAILABLE'],
});

export const loginEndpoint = defineEndpoint({
  id: 'login',
  method: 'POST',
  path: API_PATHS.login,
  summary: 'Signs in by code (loginType 1, smsCode) or password (loginType 2, passwd = md5hex); the first code login creates the user.',
  module: 'auth',
  request: loginRequestSchema,
  response: loginSessionSchema,
  signed: true,
  session: 'none',
  errors: [...SIGN_IN_ERRORS, 'OTP_INCORRECT', 'OTP_EXPIRED', 'OTP_LOCKED', 'LOGIN_FAILED', 'LOGIN_LOCKED', 'LOGIN_CODE_REQUIRED'],
});

export const passwordSetEndpoint = defineEndpoint({
  id: 'setPassword',
  method: 'POST',
  path: API_PATHS.passwordSet,
  summary: 'Sets the first password, or a new one within 15 minutes of a code login; revokes every older session.',
  module: 'auth',
  request: passwordSetRequestSchema,
  response: loginSessionSchema,
  signed: true,
  session: 'required',
  errors: [...SIGN_IN_ERRORS, 'SESSION_EXPIRED', 'PASSWORD_ALREADY_SET'],
});

export const passwordUpdateEndpoint = defineEndpoint({
  id: 'updatePassword',
  method: 'POST',
  path: API_PATHS.passwordUpdate,
  summary: 'Changes the password by login code (phone, smsCode, newPasswd) or by the old one (oldPasswd, newPasswd, with a session); revokes every older session.',
  module: 'auth',
  request: passwordUpdateRequestSchema,
  response: loginSessionSchema,
  signed: true,
  session: 'optional',
  errors: [...SIGN_IN_ERRORS, 'SESSION_EXPIRED', 'OTP_INCORRECT', 'OTP_EXPIRED', 'OTP_LOCKED', 'PASSWORD_NOT_SET', 'OLD_PASSWORD_INCORRECT', 'LOGIN_LOCKED', 'LOGIN_CODE_REQUIRED', 'PHONE_NOT_REGISTERED'],
});

export const logoutEndpoint = defineEndpoint({
  id: 'logout',
  method: 'POST',
  path: API_PATHS.logout,
  summary: 'Revokes the calling session.',
  module: 'auth',
  request: emptyRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});
