import type { z } from 'zod';
import { translate } from '../i18n/i18n.ts';
import { showToast } from '../ui/toast.ts';
import { RequestError } from './request-error.ts';

/**
 * Checks an answer against its endpoint's response schema, in development and tests, so a server
 * that drifts from the contract fails loudly there; an answer that does not match fails as
 * 'Request failed'. Call it as `if (__SEN_CHECK_RESPONSES__) checkResponse(schema, data)`: the
 * constant is false in a production build, which then drops the call and the schema it names (and
 * zod with them, from the first route's JavaScript).
 */
export function checkResponse<S extends z.ZodType>(schema: S, data: unknown, options: { skipErrorHandler?: boolean } = {}): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const message = translate('error.requestFailed');
  if (!options.skipErrorHandler) showToast(message);
  throw new RequestError({ kind: 'envelope', message, messageKey: 'error.requestFailed', data });
}
