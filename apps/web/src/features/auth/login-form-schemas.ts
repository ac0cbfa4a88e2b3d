import { otpSchema, passwordPairSchema, passwordSchema, phoneSchema } from '@sen/contract';
import { z } from 'zod';

/**
 * The auth forms' schemas, built from the contract's rules (their messages are MessageKeys).
 * Each describes what the user types; the API layer transforms it for the wire.
 */
/** The login form: the tab (`mode`) decides which of code and password is checked. */
export const loginFormSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('otp'), phone: phoneSchema, otp: otpSchema, password: z.string() }),
  z.object({ mode: z.literal('password'), phone: phoneSchema, otp: z.string(), password: passwordSchema }),
]);
export type LoginForm = z.infer<typeof loginFormSchema>;

export const createPasswordFormSchema = passwordPairSchema;
export type CreatePasswordForm = z.infer<typeof passwordPairSchema>;

const mismatch = { error: 'validation.password.mismatch' as const, path: ['confirmPassword'] };

/** Forgotten password: phone, a code sent to it, and the new password twice. */
export const resetPasswordFormSchema = z
  .object({ phone: phoneSchema, otp: otpSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, mismatch);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Change with the old password: the old one only has to be typed (it may predate today's rule). */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, { error: 'validation.password.required' }),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, mismatch);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
