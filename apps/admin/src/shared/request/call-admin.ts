import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, HEADERS, isEnvelope, SUCCESS_CODE, type AnyEndpoint, type EndpointData, type EndpointFiles, type EndpointInput } from '@sen/contract';
import { translate } from '../i18n/i18n.ts';
import { langHeader } from '../i18n/language.ts';
import { AdminRequestError } from './admin-request-error.ts';

/**
 * In development and tests every answer is checked against its endpoint's response schema, so a
 * server that drifts from the contract fails loudly here instead of breaking a screen quietly.
 */
const CHECK_RESPONSES = __SEN_CHECK_RESPONSES__;

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler | null = null;

/** What happens when an operator call answers 401: the app sends the operator to the sign-in page. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  onSessionExpired = handler;
}

export interface AdminCallOptions {
  signal?: AbortSignal;
  /** The caller handles a 401 itself (the sign-in guard asking who is signed in). */
  ignoreSessionExpiry?: boolean;
}

/** A GET's input as a query string: empty and absent values are left out (the server's defaults apply). */
export function queryString(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The headers of every back-office call: the CSRF header the server requires on /api/admin (a
 * cross-site form or image cannot set it) and the language the server answers messages in. The
 * session itself is the HttpOnly `sen_admin` cookie, sent by the browser (same origin only).
 */
export function adminHeaders(): Record<string, string> {
  return { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE, [HEADERS.lang]: langHeader(), accept: 'application/json' };
}

async function send(endpoint: AnyEndpoint, input: Record<string, unknown>, options: AdminCallOptions): Promise<Response> {
  const init: RequestInit = { method: endpoint.method, credentials: 'same-origin', headers: adminHeaders(), signal: options.signal ?? null };
  let url = endpoint.path;
  if (endpoint.method === 'GET') url += queryString(input);
  else {
    init.headers = { ...adminHeaders(), 'content-type': 'application/json' };
    init.body = JSON.stringify(input);
  }
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AdminRequestError({ kind: 'network', message: translate('error.network') });
  }
}

/** The envelope's error with the server's message; a 401 ends the session (unless the caller handles it). */
function envelopeError(body: unknown, httpStatus: number, options: AdminCallOptions): AdminRequestError {
  const error = isEnvelope(body)
    ? new AdminRequestError({ kind: 'envelope', message: body.message || translate('error.requestFailed'), code: body.code, httpStatus, data: body.data })
    : new AdminRequestError({ kind: 'contract', message: translate('error.requestFailed'), httpStatus });
  if (error.isSessionExpired && !options.ignoreSessionExpiry) onSessionExpired?.();
  return error;
}

/**
 * Calls one back-office endpoint by its contract definition: GET sends the input as the query,
 * POST as a JSON body; resolves to the envelope's typed `data`, or rejects with an
 * AdminRequestError carrying the server's localised message.
 */
export async function callAdmin<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, options: AdminCallOptions = {}): Promise<EndpointData<E>> {
  return readAnswer(endpoint, await send(endpoint, (input ?? {}) as Record<string, unknown>, options), options);
}

/**
 * Calls a multipart endpoint (a statement upload): its text fields and its files by the part names
 * the contract declares, as a FormData (the browser writes the boundary). Answers as callAdmin.
 */
export async function uploadAdmin<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, files: EndpointFiles<E>, options: AdminCallOptions = {}): Promise<EndpointData<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files as object) as Array<[string, Blob | undefined]>) {
    if (file) form.append(name, file, file instanceof File ? file.name : name);
  }
  let response: Response;
  try {
    response = await fetch(endpoint.path, { method: 'POST', credentials: 'same-origin', headers: adminHeaders(), body: form, signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AdminRequestError({ kind: 'network', message: translate('error.network') });
  }
  return readAnswer(endpoint, response, options);
}

/** The envelope's typed `data` (checked against the contract in development), or the call's error. */
async function readAnswer<E extends AnyEndpoint>(endpoint: E, response: Response, options: AdminCallOptions): Promise<EndpointData<E>> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isEnvelope(body) || body.code !== SUCCESS_CODE) throw envelopeError(body, response.status, options);
  if (!CHECK_RESPONSES) return body.data as EndpointData<E>;
  const checked = endpoint.response.safeParse(body.data);
  if (checked.success) return checked.data as EndpointData<E>;
  console.error(`response of ${endpoint.id} does not match the contract`, checked.error.issues);
  throw new AdminRequestError({ kind: 'contract', message: translate('error.requestFailed'), data: body.data });
}

/**
 * Downloads a file endpoint's answer (the audit CSV): fetched with the same headers as every call,
 * then handed to the browser as a download. A plain link could not carry the CSRF header.
 */
export async function downloadAdminFile<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, fileName: string): Promise<void> {
  const response = await send(endpoint, (input ?? {}) as Record<string, unknown>, {});
  if (!response.ok) throw envelopeError(await response.json().catch(() => null), response.status, {});
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * An image a back-office endpoint serves (a revealed ID image), as an object URL for an <img>: an
 * <img src> could not carry the CSRF header. The caller revokes the URL when it is no longer shown.
 */
export async function fetchAdminImage(url: string, options: AdminCallOptions = {}): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', credentials: 'same-origin', headers: { ...adminHeaders(), accept: 'image/jpeg' }, signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AdminRequestError({ kind: 'network', message: translate('error.network') });
  }
  if (!response.ok) throw envelopeError(await response.json().catch(() => null), response.status, options);
  return URL.createObjectURL(await response.blob());
}
