import {
  APP_VERSION,
  BORROWER_ERRORS,
  HEADERS,
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODE,
  computeSign,
  isEnvelope,
  type Envelope,
} from '@sen/contract';
import type { TranslationKey } from '../../locales/en.ts';
import { APP_CODE } from '../config/app-config.ts';
import { getDeviceId } from '../device/device-id.ts';
import { translate } from '../i18n/i18n.ts';
import { langHeader } from '../i18n/language.ts';
import { navigateTo } from '../navigation/navigation.ts';
import { useSessionStore } from '../session/session-store.ts';
import { showToast } from '../ui/toast.ts';
import { defaultParams } from './default-params.ts';
import { endpoints } from './endpoints.ts';
import { RequestError } from './request-error.ts';
import { useSignStore, waitForSignSecret } from './sign-store.ts';

/**
 * The request layer (SPEC.md §7, §8): fetch with default params, signing headers, one error
 * mapping with localised toasts, and a single retry after re-fetching the secret on a bad sign.
 * Every call resolves to the envelope's `data`.
 */
export interface RequestOptions {
  /** Do not merge appCode, version and mobileType into the query, body or form. */
  skipDefaultParams?: boolean;
  /** Send no sign (only the secret call itself needs this). */
  skipSign?: boolean;
  /** Reject without a toast; the caller handles the error (a 401 of the current session still logs out). */
  skipErrorHandler?: boolean;
  /** Receives the parsed response body, whatever its code. */
  responseCallback?: (body: unknown) => void;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Multipart only: called with the fraction sent (0-1) while the body uploads (sent by XHR then). */
  onUploadProgress?: (fraction: number) => void;
  /** A file endpoint (contract binaryResponse): resolve to the body as a Blob when it is not an envelope. */
  responseType?: 'blob';
}

export type FormFieldValue = string | number | boolean | Blob | null | undefined;
type Payload =
  | { kind: 'query'; params: Record<string, unknown> }
  | { kind: 'json'; data: Record<string, unknown> }
  | { kind: 'form'; fields: Record<string, FormFieldValue> };

interface Call {
  method: 'GET' | 'POST';
  path: string;
  payload: Payload;
}

const SESSION_EXPIRED_DEFAULT = () => {
  useSessionStore.getState().clear();
  navigateTo('/login', { replace: true });
};
let sessionExpiredHandler: () => void = SESSION_EXPIRED_DEFAULT;

/** The app registers its logout (clears session and auth, goes to /login) here. */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  sessionExpiredHandler = handler ?? SESSION_EXPIRED_DEFAULT;
}

export function get<T>(path: string, params: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> {
  return request<T>({ method: 'GET', path, payload: { kind: 'query', params } }, options);
}

export function post<T>(path: string, data: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> {
  return request<T>({ method: 'POST', path, payload: { kind: 'json', data } }, options);
}

/** Multipart POST: files and blobs go as parts, everything else as text fields (and is signed). */
export function upload<T>(path: string, fields: Record<string, FormFieldValue>, options: RequestOptions = {}): Promise<T> {
  return request<T>({ method: 'POST', path, payload: { kind: 'form', fields } }, options);
}

/**
 * Fetches the signing secret into 'sign-storage'. A fetch already in flight is waited for (50 ms
 * polling). On failure the stored secret is left as it was (empty on a first start).
 */
export async function refreshSignSecret(): Promise<string> {
  const store = useSignStore.getState();
  if (store.loading) return waitForSignSecret();
  store.setLoading(true);
  try {
    const data = await get<unknown>(endpoints.secret.path, {}, { skipSign: true, skipDefaultParams: true, skipErrorHandler: true });
    // Checked by hand, not with the contract's zod schema: this runs on every first route.
    const secret = (data as { verifySignSecret?: unknown } | null)?.verifySignSecret;
    if (typeof secret === 'string' && secret !== '') useSignStore.getState().setSecret(secret);
  } catch {
    // The app still starts; signed calls will answer BAD_SIGN and trigger one more fetch.
  } finally {
    useSignStore.getState().setLoading(false);
  }
  return useSignStore.getState().signSecret;
}

/** Turns a value into the text that goes on the wire in a query string or a form field. */
function wireText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

interface Prepared {
  url: string;
  body: BodyInit | undefined;
  /** What is signed: exactly what the server receives. */
  signedPayload: unknown;
  json: boolean;
}

function prepare(call: Call, options: RequestOptions): Prepared {
  const defaults = options.skipDefaultParams ? {} : defaultParams();
  const { payload } = call;
  if (payload.kind === 'query') {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...defaults, ...payload.params })) {
      if (value !== undefined && value !== null) query[key] = wireText(value);
    }
    const search = new URLSearchParams(query).toString();
    return { url: search ? `${call.path}?${search}` : call.path, body: undefined, signedPayload: query, json: false };
  }
  if (payload.kind === 'json') {
    const wire = JSON.stringify({ ...defaults, ...payload.data });
    return { url: call.path, body: wire, signedPayload: JSON.parse(wire) as unknown, json: true };
  }
  const form = new FormData();
  const textFields: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...defaults, ...payload.fields })) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) {
      form.append(key, value);
    } else {
      textFields[key] = wireText(value);
      form.append(key, textFields[key]);
    }
  }
  return { url: call.path, body: form, signedPayload: textFields, json: false };
}

/** The headers of one attempt, and the session token it carried (null for none). */
async function headersFor(prepared: Prepared, options: RequestOptions): Promise<{ headers: Record<string, string>; sentToken: string | null }> {
  const timestamp = Date.now();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [HEADERS.appVersion]: APP_VERSION,
    [HEADERS.lang]: langHeader(),
    [HEADERS.timestamp]: String(timestamp),
    [HEADERS.deviceId]: getDeviceId(),
    ...options.headers,
  };
  if (prepared.json) headers['Content-Type'] = 'application/json';
  const token = useSessionStore.getState().token;
  if (token) headers.Authorization = token;
  if (!options.skipSign) {
    const secret = await waitForSignSecret();
    headers[HEADERS.sign] = computeSign({ appCode: APP_CODE, secret, payload: prepared.signedPayload, timestamp });
  }
  return { headers, sentToken: token };
}

/** How a failed attempt is reported: the caller's options and the session token the attempt carried. */
interface Failure {
  options: RequestOptions;
  sentToken: string | null;
}

/**
 * A 401 speaks of the session the request carried. It ends the session only while that is still
 * the current one: a request sent before a logout, a closed account or another login that answers
 * after it has nothing left to expire, so it is rejected quietly (no toast, no session-expired
 * handler sending the new session or the visitor to /login).
 */
function isStaleSession(sentToken: string | null): boolean {
  return sentToken !== useSessionStore.getState().token;
}

function fail({ options, sentToken }: Failure, init: ConstructorParameters<typeof RequestError>[0], sessionExpired = false): never {
  const error = new RequestError(init);
  if (sessionExpired && isStaleSession(sentToken)) throw error;
  if (!options.skipErrorHandler) showToast(error.message);
  if (sessionExpired) sessionExpiredHandler();
  throw error;
}

function failWithKey(failure: Failure, kind: RequestError['kind'], key: TranslationKey, extra: { code?: number; httpStatus?: number; data?: unknown } = {}): never {
  return fail(failure, { kind, message: translate(key), messageKey: key, ...extra }, key === 'error.sessionExpired');
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

const HTTP_STATUS_KEYS: Record<number, TranslationKey> = {
  401: 'error.sessionExpired',
  403: 'error.accessDenied',
  404: 'error.notFound',
  500: 'error.server',
};

/** fetch has no upload progress: XMLHttpRequest sends the form and its answer becomes a Response. */
function sendWithProgress(method: string, url: string, headers: Record<string, string>, body: FormData, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      onProgress(1);
      resolve(new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' } }));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

async function request<T>(call: Call, options: RequestOptions, retried = false): Promise<T> {
  const prepared = prepare(call, options);
  const { headers, sentToken } = await headersFor(prepared, options);
  const failure: Failure = { options, sentToken };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);

  let response: Response;
  let body: unknown;
  let file: Blob | null = null;
  try {
    response =
      options.onUploadProgress && prepared.body instanceof FormData
        ? await sendWithProgress(call.method, prepared.url, headers, prepared.body, controller.signal, options.onUploadProgress)
        : await fetch(prepared.url, { method: call.method, headers, body: prepared.body, signal: controller.signal });
    // A file answers in its own type; a refusal still comes as an envelope (JSON).
    if (options.responseType === 'blob' && response.ok && !(response.headers.get('content-type') ?? '').includes('json')) file = await response.blob();
    else body = await readBody(response);
  } catch {
    clearTimeout(timer);
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return failWithKey(failure, timedOut && !offline ? 'timeout' : 'network', timedOut && !offline ? 'error.timeout' : 'error.network');
  }
  clearTimeout(timer);
  if (file) return file as T;

  if (isEnvelope(body)) {
    const envelope = body as Envelope;
    options.responseCallback?.(envelope);
    if (envelope.code === SUCCESS_CODE) return envelope.data as T;
    if (envelope.code === BORROWER_ERRORS.BAD_SIGN.code && !retried && !options.skipSign) {
      // The server's secret may have changed: fetch it again and try once more.
      await refreshSignSecret();
      return request<T>(call, options, true);
    }
    const extra = { code: envelope.code, httpStatus: response.status, data: envelope.data };
    if (envelope.code === BORROWER_ERRORS.SESSION_EXPIRED.code) return failWithKey(failure, 'envelope', 'error.sessionExpired', extra);
    if (envelope.code === BORROWER_ERRORS.ACCESS_DENIED.code) return failWithKey(failure, 'envelope', 'error.accessDenied', extra);
    if (envelope.message.trim()) return fail(failure, { kind: 'envelope', message: envelope.message, ...extra });
    return failWithKey(failure, 'envelope', 'error.requestFailed', extra);
  }

  if (body !== null) options.responseCallback?.(body);
  const key = HTTP_STATUS_KEYS[response.status] ?? 'error.requestFailed';
  return failWithKey(failure, 'http', key, { httpStatus: response.status, data: body });
}
