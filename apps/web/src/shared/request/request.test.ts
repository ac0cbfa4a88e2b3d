import { API_PATHS, APP_VERSION, DEFAULT_APP_CODE, BORROWER_ERRORS, STORAGE_KEYS, computeSign } from '@sen/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, jsonResponse as json, setupApiTest } from '../../test/api-test.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { useSessionStore } from '../session/session-store.ts';
import { get, post, refreshSignSecret, setSessionExpiredHandler, upload } from './request.ts';
import { isRequestError } from './request-error.ts';
import { useSignStore } from './sign-store.ts';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../ui/toast.ts', () => ({ showToast: toast }));

const SECRET = 'test-secret';
const NOW = 1_767_000_000_000;

const ok = (data: unknown) => envelopeResponse(data);

const fetchMock = setupApiTest({ signSecret: SECRET });
function lastCall(index = -1) {
  const call = fetchMock.mock.calls.at(index);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isRequestError(error)) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  toast.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
  setSessionExpiredHandler(null);
});

describe('request layer: default params and signing', () => {
  it('GET puts default params in the query and signs the query as strings', async () => {
    fetchMock.mockResolvedValueOnce(ok({ value: 1 }));
    const data = await get('/api/thing', { productId: 7, amount: 1000 });
    expect(data).toEqual({ value: 1 });

    const { url, init, headers } = lastCall();
    expect(init.method).toBe('GET');
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(query).toEqual({ appCode: DEFAULT_APP_CODE, version: APP_VERSION, mobileType: '2', productId: '7', amount: '1000' });
    expect(headers.timestamp).toBe(String(NOW));
    expect(headers['app-version']).toBe(APP_VERSION);
    expect(headers.lang).toBe('en_US');
    expect(headers['device-id']).toBe(localStorage.getItem(STORAGE_KEYS.deviceId));
    expect(headers['device-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.sign).toBe(computeSign({ appCode: DEFAULT_APP_CODE, secret: SECRET, payload: query, timestamp: NOW }));
    expect(headers.Authorization).toBeUndefined();
  });

  it('POST merges default params into the JSON body, signs the body and sends the raw token', async () => {
    useSessionStore.setState({ token: 'tok-123', user: null });
    fetchMock.mockResolvedValueOnce(ok(null));
    await post('/api/thing', { phone: '0912345678', nested: { b: 2, a: 1 } });

    const { init, headers } = lastCall();
    const body = JSON.parse(String(init.body));
    expect(body).toEqual({ appCode: DEFAULT_APP_CODE, version: APP_VERSION, mobileType: 2, phone: '0912345678', nested: { b: 2, a: 1 } });
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBe('tok-123');
    expect(headers.sign).toBe(computeSign({ appCode: DEFAULT_APP_CODE, secret: SECRET, payload: body, timestamp: NOW }));
  });

  it('skipDefaultParams and skipSign leave them out', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    await post('/api/thing', { a: 1 }, { skipDefaultParams: true, skipSign: true });
    const { init, headers } = lastCall();
    expect(JSON.parse(String(init.body))).toEqual({ a: 1 });
    expect(headers.sign).toBeUndefined();
  });

  it('multipart sends default params as form fields and signs only the text fields', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    const file = new Blob(['x'], { type: 'image/png' });
    await upload('/api/upload', { productId: 3, eventFile: file });
    const { init, headers } = lastCall();
    const form = init.body as FormData;
    expect(form.get('appCode')).toBe(DEFAULT_APP_CODE);
    expect(form.get('mobileType')).toBe('2');
    expect(form.get('eventFile')).toBeInstanceOf(Blob);
    expect(headers['Content-Type']).toBeUndefined();
    const signed = { appCode: DEFAULT_APP_CODE, version: APP_VERSION, mobileType: '2', productId: '3' };
    expect(headers.sign).toBe(computeSign({ appCode: DEFAULT_APP_CODE, secret: SECRET, payload: signed, timestamp: NOW }));
  });

  it('the lang header follows the stored language', async () => {
    await changeLanguage('vn');
    fetchMock.mockResolvedValueOnce(ok(null));
    await get('/api/thing');
    expect(lastCall().headers.lang).toBe('vi_VN');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('vn');
  });

  it('waits for a secret fetch in flight before signing', async () => {
    useSignStore.setState({ signSecret: '', loading: true });
    fetchMock.mockResolvedValueOnce(ok(null));
    const pending = get('/api/thing');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fetchMock).not.toHaveBeenCalled();
    useSignStore.setState({ signSecret: 'fresh', loading: false });
    await pending;
    const { url, headers } = lastCall();
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(headers.sign).toBe(computeSign({ appCode: DEFAULT_APP_CODE, secret: 'fresh', payload: query, timestamp: NOW }));
  });
});

describe('request layer: responses', () => {
  it('calls responseCallback with the body', async () => {
    const body = { code: 200, message: 'ok', data: { a: 1 } };
    fetchMock.mockResolvedValueOnce(json(body));
    const callback = vi.fn();
    await get('/api/thing', {}, { responseCallback: callback });
    expect(callback).toHaveBeenCalledWith(body);
  });

  it('envelope 401 toasts session expired and logs out', async () => {
    useSessionStore.setState({ token: 'tok', user: { id: 1, phone: '0912345678' } });
    const logout = vi.fn(() => useSessionStore.getState().clear());
    setSessionExpiredHandler(logout);
    fetchMock.mockResolvedValueOnce(json({ code: 401, message: 'x', data: null }, 401));
    const error = await rejection(get('/api/thing'));
    expect(error.code).toBe(401);
    expect(toast).toHaveBeenCalledWith('Session expired, please login again');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it.each([
    ['after a logout', null],
    ['after another login', 'tok-new'],
  ])('a 401 for a session that ended while the request was out (%s) neither toasts nor logs out', async (_when, tokenAfter) => {
    useSessionStore.setState({ token: 'tok-old', user: { id: 1, phone: '0912345678' } });
    const logout = vi.fn();
    setSessionExpiredHandler(logout);
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const pending = rejection(get('/api/thing', {}, { skipErrorHandler: false }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(lastCall().headers.Authorization).toBe('tok-old');

    useSessionStore.setState({ token: tokenAfter, user: tokenAfter ? { id: 2, phone: '0987654321' } : null });
    answer(json({ code: 401, message: 'x', data: null }, 401));
    const error = await pending;

    expect(error.code).toBe(401);
    expect(error.messageKey).toBe('error.sessionExpired');
    expect(toast).not.toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe(tokenAfter);
  });

  it('a 401 without an envelope for an ended session is quiet too; a visitor request answered after a login as well', async () => {
    const logout = vi.fn();
    setSessionExpiredHandler(logout);
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const pending = rejection(get('/api/thing'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(lastCall().headers.Authorization).toBeUndefined();

    useSessionStore.setState({ token: 'tok-new', user: { id: 2, phone: '0987654321' } });
    answer(new Response('<html>401</html>', { status: 401 }));
    const error = await pending;

    expect(error.httpStatus).toBe(401);
    expect(toast).not.toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('tok-new');
  });

  it('envelope 403 is Access denied; other codes show the server message or Request failed', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 403, message: 'nope', data: null }, 403));
    await rejection(get('/api/a'));
    expect(toast).toHaveBeenLastCalledWith('Access denied');

    fetchMock.mockResolvedValueOnce(json({ code: BORROWER_ERRORS.OTP_TOO_SOON.code, message: 'Please wait 42s', data: { retryAfterSeconds: 42 } }, 429));
    const error = await rejection(get('/api/b'));
    expect(toast).toHaveBeenLastCalledWith('Please wait 42s');
    expect(error.code).toBe(2004);
    expect(error.data).toEqual({ retryAfterSeconds: 42 });

    fetchMock.mockResolvedValueOnce(json({ code: 4000, message: '', data: null }, 400));
    await rejection(get('/api/c'));
    expect(toast).toHaveBeenLastCalledWith('Request failed');
  });

  it.each([
    [401, 'Session expired, please login again'],
    [403, 'Access denied'],
    [404, 'Requested resource not found'],
    [500, 'Server error'],
    [502, 'Request failed'],
    [418, 'Request failed'],
  ])('HTTP %i without an envelope maps to %s', async (status, text) => {
    const logout = vi.fn();
    setSessionExpiredHandler(logout);
    fetchMock.mockResolvedValueOnce(new Response('<html>oops</html>', { status }));
    const error = await rejection(get('/api/thing'));
    expect(error.httpStatus).toBe(status);
    expect(toast).toHaveBeenCalledWith(text);
    expect(logout).toHaveBeenCalledTimes(status === 401 ? 1 : 0);
  });

  it('a network failure is a network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(get('/api/thing'));
    expect(error.kind).toBe('network');
    expect(toast).toHaveBeenCalledWith('Network connection error, please check your network settings');
  });

  it('no answer within the timeout is a timeout', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await rejection(get('/api/thing', {}, { timeoutMs: 20 }));
    expect(error.kind).toBe('timeout');
    expect(toast).toHaveBeenCalledWith('Request timeout or no server response');
  });

  it('skipErrorHandler rejects without a toast', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    const error = await rejection(get('/api/thing', {}, { skipErrorHandler: true }));
    expect(error.messageKey).toBe('error.server');
    expect(toast).not.toHaveBeenCalled();
  });

  it('messages follow the interface language', async () => {
    await changeLanguage('vn');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await rejection(get('/api/thing'));
    expect(toast).toHaveBeenCalledWith('Không tìm thấy tài nguyên được yêu cầu');
  });
});

describe('request layer: signing secret', () => {
  it('on a bad sign it refetches the secret once and retries once', async () => {
    useSignStore.setState({ signSecret: 'old', loading: false });
    fetchMock
      .mockResolvedValueOnce(json({ code: BORROWER_ERRORS.BAD_SIGN.code, message: 'bad sign', data: null }, 400))
      .mockResolvedValueOnce(ok({ verifySignSecret: 'new-secret' }))
      .mockResolvedValueOnce(ok({ done: true }));
    await expect(post('/api/thing', { a: 1 })).resolves.toEqual({ done: true });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    const secretCall = lastCall(1);
    expect(secretCall.url).toBe(API_PATHS.secret);
    expect(secretCall.headers.sign).toBeUndefined();
    const retry = lastCall(2);
    const body = JSON.parse(String(retry.init.body));
    expect(retry.headers.sign).toBe(computeSign({ appCode: DEFAULT_APP_CODE, secret: 'new-secret', payload: body, timestamp: NOW }));
    expect(useSignStore.getState().signSecret).toBe('new-secret');
    expect(toast).not.toHaveBeenCalled();
  });

  it('a second bad sign is not retried again', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ code: BORROWER_ERRORS.BAD_SIGN.code, message: 'Invalid request signature', data: null }, 400))
      .mockResolvedValueOnce(ok({ verifySignSecret: 'new-secret' }))
      .mockResolvedValueOnce(json({ code: BORROWER_ERRORS.BAD_SIGN.code, message: 'Invalid request signature', data: null }, 400));
    const error = await rejection(post('/api/thing'));
    expect(error.code).toBe(BORROWER_ERRORS.BAD_SIGN.code);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(toast).toHaveBeenCalledWith('Invalid request signature');
  });

  it('refreshSignSecret stores the secret in sign-storage and leaves it empty on failure', async () => {
    useSignStore.setState({ signSecret: '', loading: false });
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(refreshSignSecret()).resolves.toBe('');
    expect(useSignStore.getState()).toMatchObject({ signSecret: '', loading: false });
    expect(toast).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(ok({ verifySignSecret: 's3cret' }));
    await expect(refreshSignSecret()).resolves.toBe('s3cret');
    const persisted = JSON.parse(localStorage.getItem('sign-storage') ?? '{}');
    expect(persisted.state.signSecret).toBe('s3cret');
    const { url, headers } = lastCall();
    expect(url).toBe(API_PATHS.secret);
    expect(headers.sign).toBeUndefined();
  });

  it('concurrent refreshes share one fetch', async () => {
    useSignStore.setState({ signSecret: '', loading: false });
    fetchMock.mockResolvedValueOnce(ok({ verifySignSecret: 'shared' }));
    const [a, b] = await Promise.all([refreshSignSecret(), refreshSignSecret()]);
    expect([a, b]).toEqual(['shared', 'shared']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
