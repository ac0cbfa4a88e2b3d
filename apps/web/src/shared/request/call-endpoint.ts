import type { AnyEndpoint, EndpointCallInput, EndpointData } from '@sen/contract';
import { translate } from '../i18n/i18n.ts';
import { showToast } from '../ui/toast.ts';
import { get, post, upload, type FormFieldValue, type RequestOptions } from './request.ts';
import { RequestError } from './request-error.ts';

/**
 * In development and tests every response is checked against its endpoint's response schema, so
 * a server that drifts from the contract shows 'Request failed' instead of breaking a screen
 * quietly. Production builds skip the check (the server already serialises through the schema):
 * `__SEN_CHECK_RESPONSES__` is a build-time constant, and the production build also leaves the
 * endpoints' schemas out (apps/web/build/pure-definitions-plugin.ts), so zod is not part of the
 * first route's JavaScript.
 */
const CHECK_RESPONSES = __SEN_CHECK_RESPONSES__;

/**
 * Calls one contract endpoint with its typed input and resolves to its typed data: GET sends the
 * input as the query, POST as the JSON body, a multipart endpoint as form parts (its text fields
 * and its files, typed by the endpoint's file parts: a required part must be given). Default
 * params, signing and error mapping are the request layer's.
 */
export async function callEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  input: EndpointCallInput<E>,
  options: RequestOptions = {},
): Promise<EndpointData<E>> {
  const payload = (input ?? {}) as Record<string, unknown>;
  const data =
    endpoint.method === 'GET'
      ? await get<unknown>(endpoint.path, payload, options)
      : endpoint.bodyEncoding === 'multipart'
        ? await upload<unknown>(endpoint.path, payload as Record<string, FormFieldValue>, options)
        : await post<unknown>(endpoint.path, payload, options);
  if (!CHECK_RESPONSES) return data as EndpointData<E>;
  const checked = endpoint.response.safeParse(data);
  if (checked.success) return checked.data as EndpointData<E>;
  const message = translate('error.requestFailed');
  console.error(`response of ${endpoint.id} does not match the contract`, checked.error.issues);
  if (!options.skipErrorHandler) showToast(message);
  throw new RequestError({ kind: 'envelope', message, messageKey: 'error.requestFailed', data });
}
