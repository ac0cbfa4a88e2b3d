import { z } from 'zod';
import { OPERATOR_ROLES, PERMISSIONS } from '../../admin/roles.ts';
import { integerText, plainText } from '../../wire.ts';

/** A field that failed gets this text (the form shows it beside the field). */
const required = { error: 'validation.required' } as const;

export const operatorRoleSchema = z.enum(OPERATOR_ROLES, { error: 'validation.select' });
export const permissionSchema = z.enum(PERMISSIONS);

/** An operator's e-mail: trimmed and lower-cased, so one address is one operator. */
export const operatorEmailSchema = z
  .string(required)
  .trim()
  .toLowerCase()
  .max(254, { error: 'validation.email.format' })
  .pipe(z.email({ error: 'validation.email.format' }));

/**
 * A positive integer id, from JSON (a number) or a query string (its digits). Only those: a plain
 * z.coerce.number() took `true` as 1 and `[2]` as 2, so `{"orderId": true}` proposed a refund of
 * order 1.
 */
export const idSchema = wholeNumber(z.number(required).int(required).positive(required).max(2_147_483_647, required), required);

/**
 * A whole number from JSON (a number) or a query string (its digits), then checked by `schema`;
 * anything else (true, [3], null, '1e3') fails with `error`.
 */
export function wholeNumber<Output>(schema: z.ZodType<Output, number>, error: { error: string } | undefined = undefined) {
  return z.union([z.number(), integerText({ signed: false, error })], error).pipe(schema);
}

/** A reason an operator states (reject, reveal, role change): required, one line or a few. */
export const reasonSchema = plainText(500).trim().min(3, { error: 'validation.admin.reasonRequired' });

/** An opaque paging cursor from the previous page's `nextCursor`. */
export const cursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'validation.admin.cursorInvalid' });

/** A page size, 1..200 (default 50). */
export const pageLimitSchema = z.coerce.number().int().min(1).max(200).default(50);

export const operatorStatusSchema = z.enum(['invited', 'active', 'deactivated']);

/** An operator as the back office shows them. */
export const operatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: operatorRoleSchema,
  /** invited: the invitation is not accepted yet (no password or TOTP). */
  status: operatorStatusSchema,
  /** Everything the role holds (ROLE_PERMISSIONS), so the app need not look it up. */
  permissions: z.array(permissionSchema),
  /** TOTP enrolled (sign-in then asks for a code, not a QR code). */
  totpEnrolled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorView = z.infer<typeof operatorSchema>;

/** Another operator, in a row of a list (who proposed, who approved). */
export const operatorRefSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string() });
export type OperatorRef = z.infer<typeof operatorRefSchema>;
