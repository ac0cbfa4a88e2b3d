import type { FormInstance } from 'antd';
import { isAdminRequestError } from '../request/admin-request-error.ts';

/**
 * Puts a failed call's message beside the field it is about: `fieldOf` names the field for an
 * error (by its catalogue code and data), or null when the error belongs to no field. Returns true
 * when it placed the message; false means the caller shows it above the form.
 */
export function placeServerError(form: FormInstance, error: unknown, fieldOf: (code: number, data: unknown, message: string) => string | string[] | null): boolean {
  if (!isAdminRequestError(error) || error.code === null) return false;
  const field = fieldOf(error.code, error.data, error.message);
  if (field === null) return false;
  form.setFields([{ name: field, errors: [error.message] }]);
  form.scrollToField(field, { block: 'center' });
  return true;
}
