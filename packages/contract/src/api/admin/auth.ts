import { z } from 'zod';
import { OPERATOR_PASSWORD_MIN_LENGTH } from '../../admin/roles.ts';
import { defineEndpoint } from '../../endpoint.ts';
import { emptyRequestSchema, nullResponseSchema } from '../common.ts';
import { operatorEmailSchema, operatorSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';

/**
 * Operators' sign-in (docs/decisions/089-operator-identity.md): e-mail and password, then always a
 * TOTP code (enrolled by QR code the first time). Each step hands a short-lived, one-use
 * `pendingToken` to the next; the last sets the `sen_admin` session cookie. Every call under
 * /api/admin carries the header `x-sen-admin: 1`.
 */

const required = { error: 'validation.required' } as const;
/** The pending token of the previous step (opaque; 5 minutes; one use). */
const pendingTokenSchema = z.string(required).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'error.operatorStepExpired' });
/** The password as typed; the length rule applies where a password is chosen (invitation). */
const passwordSchema = z.string(required).min(1, required).max(200, { error: 'validation.admin.passwordLength' });

export const signInStepSchema = z.object({
  /** 'totp': ask for the authenticator code; 'enrol': show the QR code first (POST enrol). */
  step: z.enum(['totp', 'enrol']),
  pendingToken: z.string(),
});
export type SignInStep = z.infer<typeof signInStepSchema>;

export const adminSignInPasswordEndpoint = defineEndpoint({
  id: 'adminSignInPassword',
  method: 'POST',
  path: ADMIN_PATHS.signInPassword,
  summary: "Back office: an operator's e-mail and password → the next step (TOTP, or enrolment the first time).",
  module: 'operator',
  request: z.object({ email: operatorEmailSchema, password: passwordSchema }),
  response: signInStepSchema,
  signed: false,
  session: 'none',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'OPERATOR_SIGN_IN_FAILED', 'OPERATOR_LOCKED'],
});

export const enrolmentSchema = z.object({
  /** otpauth://totp/… for authenticator apps. */
  otpauthUri: z.string(),
  /** The same URI as a QR code: an SVG document (text). */
  qrSvg: z.string(),
  /** The base32 secret, for typing in by hand. */
  secret: z.string(),
});

export const adminEnrolEndpoint = defineEndpoint({
  id: 'adminEnrolTotp',
  method: 'POST',
  path: ADMIN_PATHS.enrol,
  summary: 'Back office: the TOTP secret to enrol (QR code), for a pending sign-in at the enrol step; confirmed by the first code.',
  module: 'operator',
  request: z.object({ pendingToken: pendingTokenSchema }),
  response: enrolmentSchema,
  signed: false,
  session: 'none',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'OPERATOR_STEP_EXPIRED'],
});

export const adminSignInTotpEndpoint = defineEndpoint({
  id: 'adminSignInTotp',
  method: 'POST',
  path: ADMIN_PATHS.signInTotp,
  summary: 'Back office: the authenticator code (6 digits) of a pending sign-in → sets the session cookie and answers the operator.',
  module: 'operator',
  request: z.object({
    pendingToken: pendingTokenSchema,
    code: z.string(required).trim().regex(/^\d{6}$/, { error: 'validation.admin.totpFormat' }),
  }),
  response: z.object({ operator: operatorSchema }),
  signed: false,
  session: 'none',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'OPERATOR_STEP_EXPIRED', 'OPERATOR_TOTP_INCORRECT', 'OPERATOR_TOTP_REPLAYED', 'OPERATOR_LOCKED'],
});

export const adminAcceptInvitationEndpoint = defineEndpoint({
  id: 'adminAcceptInvitation',
  method: 'POST',
  path: ADMIN_PATHS.acceptInvitation,
  summary: `Back office: an invitation's one-time token and the new password (≥ ${OPERATOR_PASSWORD_MIN_LENGTH} characters) → the enrol step.`,
  module: 'operator',
  request: z.object({
    token: z.string(required).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'error.invitationInvalid' }),
    password: z
      .string(required)
      .min(OPERATOR_PASSWORD_MIN_LENGTH, { error: 'validation.admin.passwordLength' })
      .max(200, { error: 'validation.admin.passwordLength' }),
    /** Replaces the name the inviting admin typed, when given. */
    name: z.string().trim().min(1).max(100).optional(),
  }),
  response: signInStepSchema,
  signed: false,
  session: 'none',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'INVITATION_INVALID'],
});

export const adminLogoutEndpoint = defineEndpoint({
  id: 'adminLogout',
  method: 'POST',
  path: ADMIN_PATHS.logout,
  summary: 'Back office: ends the operator session and clears its cookie.',
  module: 'operator',
  request: emptyRequestSchema,
  response: nullResponseSchema,
  signed: false,
  session: 'operator',
  permission: null,
  audited: 'session.logout',
  errors: ['ADMIN_HEADER_MISSING', 'SESSION_EXPIRED'],
});

export const adminMeEndpoint = defineEndpoint({
  id: 'adminMe',
  method: 'GET',
  path: ADMIN_PATHS.me,
  summary: 'Back office: the signed-in operator, their role and permissions.',
  module: 'operator',
  request: emptyRequestSchema,
  response: z.object({ operator: operatorSchema }),
  signed: false,
  session: 'operator',
  permission: null,
  errors: ['ADMIN_HEADER_MISSING', 'SESSION_EXPIRED'],
});
