import { BORROWER_ERRORS, isMessageKey } from '@sen/contract';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isRequestError } from '../request/request-error.ts';

/** The roles a field can play in Sen's forms; a form says which of its fields plays which role. */
export type FieldRole = 'phone' | 'otp' | 'password' | 'oldPassword';

/**
 * The one mapping from server errors to fields: an error listed here belongs beside its field
 * (the field is marked, a wrong code is cleared so the user types a new one); anything else has
 * no field and is shown as a toast.
 */
export const SERVER_ERROR_FIELDS: Record<number, { role: FieldRole; clear?: boolean }> = {
  [BORROWER_ERRORS.OTP_INCORRECT.code]: { role: 'otp', clear: true },
  [BORROWER_ERRORS.OTP_EXPIRED.code]: { role: 'otp', clear: true },
  [BORROWER_ERRORS.OTP_LOCKED.code]: { role: 'otp', clear: true },
  [BORROWER_ERRORS.LOGIN_FAILED.code]: { role: 'password' },
  [BORROWER_ERRORS.PASSWORD_NOT_SET.code]: { role: 'password' },
  [BORROWER_ERRORS.OLD_PASSWORD_INCORRECT.code]: { role: 'oldPassword' },
};

/**
 * Puts a failed call's error beside its field when the form has a field for it. Returns true when
 * it did; false means the caller shows the error as a toast. The text is the server's (already in
 * the user's language), or the catalogue's key when the server sent none.
 */
export function placeServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'setValue' | 'setFocus'>,
  error: unknown,
  fields: Partial<Record<FieldRole, Path<T>>>,
): boolean {
  if (!isRequestError(error) || error.code === null) return false;
  const rule = SERVER_ERROR_FIELDS[error.code];
  const name = rule ? fields[rule.role] : undefined;
  if (!rule || !name) return false;
  const catalogue = Object.values(BORROWER_ERRORS).find((entry) => entry.code === error.code)?.messageKey;
  const message = error.message.trim() || (catalogue && isMessageKey(catalogue) ? catalogue : 'error.requestFailed');
  if (rule.clear) form.setValue(name, '' as never, { shouldDirty: true });
  form.setError(name, { type: 'server', message }, { shouldFocus: true });
  return true;
}

/** The text of an error that has no field: the request layer's localised message. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}
