import { API_PATHS, APP_VERSION, DEFAULT_APP_CODE, PRIVACY_POLICY_VERSION, computeSign, translate } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEFAULT_PARAMS, randomPhone, type TestApp } from './helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('database password is hunter2 at /srv/secret/file.ts');
      });
    },
  });
});
afterAll(async () => t?.close());

describe('signing secret and probes', () => {
  it('serves the secret without signing or default params', async () => {
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.secret });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: 'success', data: { verifySignSecret: t.signSecret } });
    expect(t.signSecret.length).toBeGreaterThanOrEqual(16);
  });

  it('answers health and readiness unsigned', async () => {
    expect((await t.app.inject({ url: API_PATHS.health })).json()).toMatchObject({ code: 200, data: { status: 'ok' } });
    const ready = await t.app.inject({ url: API_PATHS.ready });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 200, data: { status: 'ready' } });
  });

  it('echoes a sane x-request-id', async () => {
    const response = await t.app.inject({ url: API_PATHS.health, headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});

describe('default params, timestamp and sign', () => {
  it('accepts a correctly signed POST and GET', async () => {
    expect((await t.post(API_PATHS.authConfig)).envelope).toEqual({
      code: 200,
      message: 'success',
      data: { authConfig: 'KYC,ID,TELECOM,BANK' },
    });
    const get = await t.get(API_PATHS.authConfig);
    expect(get.statusCode).toBe(200);
    expect(get.envelope.data).toEqual({ authConfig: 'KYC,ID,TELECOM,BANK' });
  });

  it('refuses a bad sign with 409/409 (the family re-fetches the secret on it)', async () => {
    const response = await t.post(API_PATHS.authConfig, { sign: 'deadbeef'.repeat(4), lang: 'en' });
    expect(response.statusCode).toBe(409);
    expect(response.envelope).toEqual({ code: 409, message: 'Invalid request signature', data: null });
  });

  it('refuses a missing sign and a sign over another payload', async () => {
    const timestamp = t.clock.now().getTime();
    const noSign = await t.app.inject({ method: 'POST', url: API_PATHS.authConfig, payload: DEFAULT_PARAMS, headers: { 'app-version': APP_VERSION, timestamp: String(timestamp) } });
    expect(noSign.json().code).toBe(409);
    const otherPayload = computeSign({ appCode: DEFAULT_APP_CODE, secret: t.signSecret, payload: { ...DEFAULT_PARAMS, x: 1 }, timestamp });
    const tampered = await t.post(API_PATHS.authConfig, { sign: otherPayload, timestamp });
    expect(tampered.envelope.code).toBe(409);
  });

  it('refuses the right sign written in uppercase (the sign header is lowercase md5)', async () => {
    const timestamp = t.clock.now().getTime();
    const sign = computeSign({ appCode: DEFAULT_APP_CODE, secret: t.signSecret, payload: DEFAULT_PARAMS, timestamp });
    expect((await t.post(API_PATHS.authConfig, { sign, timestamp })).envelope.code).toBe(200);
    expect((await t.post(API_PATHS.authConfig, { sign: sign.toUpperCase(), timestamp })).envelope.code).toBe(409);
  });

  it('refuses a GET signed over numbers instead of the strings it carries', async () => {
    const timestamp = t.clock.now().getTime();
    const numericSign = computeSign({ appCode: DEFAULT_APP_CODE, secret: t.signSecret, payload: DEFAULT_PARAMS, timestamp });
    const response = await t.get(API_PATHS.authConfig, { sign: numericSign, timestamp });
    expect(response.envelope.code).toBe(409);
  });

  it('accepts a GET encoded like the web client (URLSearchParams) and signed over its strings', async () => {
    const query = { ...DEFAULT_PARAMS, mobileType: '2', note: 'a b+c ạ&=?', list: JSON.stringify([1, 2]) };
    const timestamp = t.clock.now().getTime();
    const sign = computeSign({ appCode: DEFAULT_APP_CODE, secret: t.signSecret, payload: query, timestamp });
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.authConfig}?${new URLSearchParams(query).toString()}`,
      headers: { 'app-version': APP_VERSION, timestamp: String(timestamp), sign },
    });
    expect(response.json().code).toBe(200);
  });

  it('refuses stale, future and missing timestamps with 1003', async () => {
    const now = t.clock.now().getTime();
    for (const timestamp of [now - 5 * 60_000 - 1_000, now + 5 * 60_000 + 1_000, 'yesterday']) {
      const response = await t.post(API_PATHS.authConfig, { timestamp });
      expect(response.statusCode).toBe(400);
      expect(response.envelope.code).toBe(1003);
    }
    const within = await t.post(API_PATHS.authConfig, { timestamp: now - 4 * 60_000 });
    expect(within.envelope.code).toBe(200);
    const missing = await t.app.inject({ method: 'POST', url: API_PATHS.authConfig, payload: DEFAULT_PARAMS, headers: { 'app-version': APP_VERSION, sign: 'x' } });
    expect(missing.json().code).toBe(1003);
  });

  it('refuses missing or wrong default params with 1001', async () => {
    const cases: Record<string, unknown>[] = [
      { version: '1.0.0', mobileType: 2 },
      { appCode: 'otherh5', version: '1.0.0', mobileType: 2 },
      { appCode: DEFAULT_APP_CODE, mobileType: 2 },
      { appCode: DEFAULT_APP_CODE, version: '1.0.0', mobileType: 3 },
    ];
    for (const payload of cases) {
      const response = await t.post(API_PATHS.authConfig, { payload, skipDefaultParams: true, lang: 'en' });
      expect(response.statusCode).toBe(400);
      expect(response.envelope).toEqual({ code: 1001, message: 'Missing required parameters', data: null });
    }
    const get = await t.get(API_PATHS.authConfig, { payload: { appCode: DEFAULT_APP_CODE }, skipDefaultParams: true });
    expect(get.envelope.code).toBe(1001);
  });

  it('refuses a malformed app-version header with 1001 and accepts none at all (the version param stands in)', async () => {
    for (const appVersion of ['1.0.0 <script>', '9'.repeat(40)]) {
      const response = await t.post(API_PATHS.authConfig, { headers: { 'app-version': appVersion }, lang: 'en' });
      expect(response.statusCode, appVersion).toBe(400);
      expect(response.envelope).toEqual({ code: 1001, message: 'Missing required parameters', data: null });
    }
    for (const appVersion of ['', '   ']) {
      expect((await t.post(API_PATHS.authConfig, { headers: { 'app-version': appVersion } })).envelope.code).toBe(200);
    }
    const timestamp = t.clock.now().getTime();
    const noHeader = await t.app.inject({
      method: 'POST',
      url: API_PATHS.authConfig,
      payload: DEFAULT_PARAMS,
      headers: { timestamp: String(timestamp), sign: t.sign(DEFAULT_PARAMS, timestamp) },
    });
    expect(noHeader.json().code).toBe(200);
  });

  it('checks the text fields of a multipart form and ignores its files when signing', async () => {
    const phone = randomPhone();
    const fields = { ...DEFAULT_PARAMS, mobileType: '2', phone };
    const timestamp = t.clock.now().getTime();
    const boundary = '----sen-test-boundary';
    const parts = Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="eventFile"; filename="e.bin"\r\nContent-Type: application/octet-stream\r\n\r\nBINARY\r\n`);
    const body = `${parts.join('')}--${boundary}--\r\n`;
    const send = (sign: string) =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.loginSms,
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'app-version': APP_VERSION, timestamp: String(timestamp), sign },
      });
    const badSign = await send(computeSign({ appCode: DEFAULT_APP_CODE, secret: t.signSecret, payload: { ...fields, eventFile: 'x' }, timestamp }));
    expect(badSign.json().code).toBe(409);
    const good = await send(computeSign({ appCode: DEFAULT_APP_CODE, secret: t.signSecret, payload: fields, timestamp }));
    expect(good.json()).toMatchObject({ code: 200, data: true });
    expect(t.lastOtp(phone)).toMatch(/^\d{4}$/);
  });
});

describe('languages, validation and errors', () => {
  it('translates messages by the lang header (vn by default)', async () => {
    const body = { payload: { phone: '12' } };
    expect((await t.post(API_PATHS.loginSms, { ...body, lang: 'en' })).envelope.message).toBe('Invalid phone number format');
    expect((await t.post(API_PATHS.loginSms, { ...body, lang: 'vn' })).envelope.message).toBe(translate('vn', 'validation.phone.format'));
    expect((await t.post(API_PATHS.loginSms, { ...body, lang: 'zh' })).envelope.message).toBe(translate('zh', 'validation.phone.format'));
    expect((await t.post(API_PATHS.loginSms, body)).envelope.message).toBe('Số điện thoại không đúng định dạng');
  });

  it('gives the exact spec texts for invalid input, as a 400 envelope', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [API_PATHS.loginSms, {}, 'Please check Phone Number'],
      [API_PATHS.loginSms, { phone: '   ' }, 'Please check Phone Number'],
      [API_PATHS.loginSms, { phone: 12345 }, 'Please check Phone Number'],
      [API_PATHS.loginSms, { phone: '0123' }, 'Invalid phone number format'],
      [API_PATHS.login, { phone: '0912345678', smsCode: '12a4' }, 'Invalid OTP format'],
      [API_PATHS.login, { phone: '0912345678', loginType: 1, smsCode: '' }, 'Please check OTP'],
      [API_PATHS.login, { phone: '0912345678', passwd: 'plain' }, 'Password must be 3-20 characters, include letters and numbers'],
      // Rules without a message of their own: a missing value asks for input, a wrong one fails.
      [API_PATHS.privacyConsent, { version: PRIVACY_POLICY_VERSION }, 'Please input'],
      [API_PATHS.privacyConsent, { version: PRIVACY_POLICY_VERSION, agreed: 'yes' }, 'Request failed'],
    ];
    for (const [url, payload, message] of cases) {
      const response = await t.post(url, { payload, lang: 'en' });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.envelope).toEqual({ code: 400, message, data: null });
    }
  });

  it('answers malformed JSON with a 400 envelope, not a 5xx', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.loginSms,
      payload: '{"phone":',
      headers: { 'content-type': 'application/json', lang: 'en_US' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: 'The request could not be read', data: null });
  });

  it('answers unknown /api paths with the 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/user/app/nope?x=1', headers: { lang: 'en_US' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: 'Requested resource not found', data: null });
    }
  });

  it('hides internal errors behind 500 Server error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { lang: 'en_US' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, message: 'Server error', data: null });
    expect(response.body).not.toMatch(/hunter2|stack|\.ts/);
  });

  it('answers 401 with envelope 401 without a valid session', async () => {
    for (const token of [undefined, 'not-a-token', 'Bearer not-a-token']) {
      const response = await t.post(API_PATHS.userInfo, { ...(token ? { token } : {}), lang: 'en' });
      expect(response.statusCode).toBe(401);
      expect(response.envelope).toEqual({ code: 401, message: 'Session expired, please login again', data: null });
    }
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ url: API_PATHS.health });
    expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
