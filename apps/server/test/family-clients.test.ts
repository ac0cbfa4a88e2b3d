import { createHash } from 'node:crypto';
import { API_PATHS, defineEndpoint } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from '../src/shared/register-endpoint.ts';
import { FamilyClient, gsonHtmlEscaped, kotlinxPretty, type ClientName } from './helpers/family-clients.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * The app family's clients against Sen (issue 6, API-FAMILY.md §1): requests built exactly as VT,
 * KMP and the H5 build them (helpers/family-clients.ts). Runs on PGlite and on PostgreSQL like
 * every server test. The sign-in sequence lives in family-sign-in.test.ts.
 */
const APP_CODE = 'gaanpuhunan';
const ECHO = '/api/test/family/echo';

/** A signed test endpoint that answers what reached the handler: the body (every key kept) and the files. */
const echoEndpoint = defineEndpoint({
  id: 'testFamilyEcho',
  method: 'POST',
  path: ECHO,
  summary: 'Test only: echoes the parsed body and the files',
  module: 'test',
  request: z.looseObject({}),
  response: z.object({ body: z.record(z.string(), z.unknown()), files: z.array(z.object({ fieldname: z.string(), size: z.number() })) }),
  signed: true,
  session: 'none',
  errors: [],
});

function addEcho(app: FastifyInstance) {
  registerEndpoint(app, echoEndpoint, async ({ input, request }) => ({
    body: input,
    files: request.uploadedFiles.map((file) => ({ fieldname: file.fieldname, size: file.data.length })),
  }));
}

let t: TestApp;
const clientOf = (name: ClientName, version?: string) => new FamilyClient(name, { app: t.app, appCode: APP_CODE, now: () => t.clock.now().getTime() }, version);

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, appCode: APP_CODE }), extend: addEcho });
});
afterAll(async () => t?.close());

interface Echo {
  body: Record<string, unknown>;
  files: { fieldname: string; size: number }[];
}

describe('the builders put the clients’ bytes on the wire', () => {
  it('VT: Gson HTML escaping; KMP: pretty printing', () => {
    expect(gsonHtmlEscaped({ version: '1.0.0', content: 'a=b&c<d>' })).toBe('{"version":"1.0.0","content":"a\\u003db\\u0026c\\u003cd\\u003e"}');
    expect(kotlinxPretty({ version: '1.0.0', mobileType: '1' })).toBe('{\n    "version": "1.0.0",\n    "mobileType": "1"\n}');
  });
});

describe.each(['VT', 'KMP', 'H5'] as const)('%s transport', (name) => {
  it('fetches the secret unsigned (natives sign it with an empty secret)', async () => {
    const client = clientOf(name);
    const { response, envelope } = await client.fetchSecret();
    expect(response.statusCode).toBe(200);
    expect(envelope).toEqual({ code: 200, message: 'success', data: { verifySignSecret: t.signSecret } });
  });

  it('signs a JSON body with HTML-sensitive characters, an emoji, hyphens and Vietnamese text', async () => {
    const client = clientOf(name);
    await client.fetchSecret();
    const content = 'Tiền về 😀 nhanh! a=b&c <ok> it\'s SM-A515F 2026-01-01';
    const { response, envelope } = await client.post<Echo>(ECHO, { content, orderId: 12 });
    expect(response.statusCode, JSON.stringify(envelope)).toBe(200);
    expect(envelope.data.body).toMatchObject({ content, orderId: 12, appCode: APP_CODE, mobileType: client.mobileType });
  });

  it('signs a GET as the client does (natives: default params; H5: the query)', async () => {
    const client = clientOf(name);
    await client.fetchSecret();
    const { envelope } = await client.get<{ authConfig: string }>('/api/user/app/application/config/auth/config');
    expect(envelope.code).toBe(200);
    expect(typeof envelope.data.authConfig).toBe('string');
  });

  it('signs a multipart body with files and blank parts over its non-blank text parts', async () => {
    const client = clientOf(name);
    await client.fetchSecret();
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const { response, envelope } = await client.postMultipart<Echo>(
      ECHO,
      { amount: '2000000', ip: '', remark: '  ', coordinate: '105.8,21.0', note: 'vay 😀 gấp' },
      { eventFile: Buffer.from('{"events":[]}'), image: photo },
    );
    expect(response.statusCode, JSON.stringify(envelope)).toBe(200);
    expect(envelope.data.body).toMatchObject({ amount: '2000000', coordinate: '105.8,21.0', ip: '', note: 'vay 😀 gấp' });
    expect(envelope.data.files).toEqual([
      { fieldname: 'eventFile', size: 13 },
      { fieldname: 'image', size: photo.length },
    ]);
  });

  it('answers a sign made with a stale secret with 409, after which the client re-fetches and succeeds', async () => {
    const client = clientOf(name);
    client.secret = 'an-old-rotated-secret';
    const first = await client.post(ECHO, { phone: '0912345678' });
    expect(first.response.statusCode).toBe(409);
    expect(first.envelope).toMatchObject({ code: 409, data: null });
    expect(client.secret).toBe(t.signSecret);
    expect((await client.post(ECHO, { phone: '0912345678' })).envelope.code).toBe(200);
  });
});

describe('family transport details', () => {
  it('keeps accepting Content-Encoding: gzip on an uncompressed body', async () => {
    const vt = clientOf('VT');
    await vt.fetchSecret();
    const { response, envelope } = await vt.post(ECHO, { phone: '0912345678' });
    expect(response.statusCode).toBe(200);
    expect(envelope.code).toBe(200);
    expect(vt.lastHeaders).toMatchObject({ 'content-encoding': 'gzip', 'user-agent': 'Android', lang: 'en_US' });
    expect(vt.lastHeaders['app-version']).toBeUndefined();
  });

  it('accepts mobileType as 1, 2, "1" and "2", and refuses 3 with 1001', async () => {
    const h5 = clientOf('H5');
    await h5.fetchSecret();
    for (const mobileType of [1, 2, '1', '2']) expect((await h5.post(ECHO, { mobileType })).envelope.code, String(mobileType)).toBe(200);
    expect((await h5.post(ECHO, { mobileType: 3 })).envelope.code).toBe(1001);
  });

  it('counts the string "null" as a missing version (1001)', async () => {
    const kmp = clientOf('KMP');
    await kmp.fetchSecret();
    expect((await kmp.post(ECHO, { version: 'null' })).envelope).toMatchObject({ code: 1001 });
  });

  it('signs a form-urlencoded body over every field merged with the query', async () => {
    const vt = clientOf('VT');
    await vt.fetchSecret();
    const { response, envelope } = await vt.postForm<Echo>(ECHO, { bankCode: 'VCB', note: '' });
    expect(response.statusCode, JSON.stringify(envelope)).toBe(200);
    expect(envelope.data.body).toMatchObject({ appCode: APP_CODE, bankCode: 'VCB', note: '', mobileType: '2' });
  });

  it('answers a blank JSON body with 1001 and a prototype-poisoning body with a 400 envelope, never a 5xx', async () => {
    const headers = { 'content-type': 'application/json', timestamp: String(t.clock.now().getTime()), sign: 'x', lang: 'en_US' };
    const blank = await t.app.inject({ method: 'POST', url: ECHO, payload: '  ', headers });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 1001 });
    const poisoned = await t.app.inject({ method: 'POST', url: ECHO, payload: '{"__proto__":{"admin":true},"appCode":"gaanpuhunan"}', headers });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual({ code: 400, message: 'The request could not be read', data: null });
  });

  it('refuses a sign over the bytes as sent (not a reading) and a sign with the wrong secret', async () => {
    const body = gsonHtmlEscaped({ version: '1.0.0', mobileType: '2', appCode: APP_CODE, content: 'a=b' });
    const timestamp = String(t.clock.now().getTime());
    const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
    const overBytes = md5(`${md5(APP_CODE)}*|*${t.signSecret}*|*${body}*|*${timestamp}`);
    const response = await t.app.inject({ method: 'POST', url: ECHO, payload: body, headers: { 'content-type': 'application/json', timestamp, sign: overBytes } });
    expect(response.json()).toMatchObject({ code: 409 });

    const vt = clientOf('VT');
    vt.secret = 'x'.repeat(20);
    expect((await vt.post(ECHO, { content: 'a=b' })).envelope.code).toBe(409);
  });
});

describe('forced update (MIN_APP_VERSION)', () => {
  let old: TestApp;
  beforeAll(async () => {
    old = await createTestApp({ config: (config) => ({ ...config, appCode: APP_CODE, minAppVersion: '1.2.0' }), extend: addEcho });
  });
  afterAll(async () => old?.close());

  const on = (name: ClientName, version: string) => new FamilyClient(name, { app: old.app, appCode: APP_CODE, now: () => old.clock.now().getTime() }, version);

  it('answers code 300 (HTTP 426) to an app below the minimum, read from app-version or else version', async () => {
    for (const client of [on('VT', '1.1.9'), on('H5', '1.0.0')]) {
      await client.fetchSecret();
      const { response, envelope } = await client.post(ECHO);
      expect(response.statusCode, client.name).toBe(426);
      expect(envelope, client.name).toEqual({ code: 300, message: expect.any(String), data: null });
    }
  });

  it('serves apps at or above the minimum', async () => {
    for (const client of [on('VT', '1.2.0'), on('KMP', '1.10.0'), on('H5', '2.0')]) {
      await client.fetchSecret();
      expect((await client.post(ECHO)).envelope.code, client.name).toBe(200);
    }
  });
});

/*
 * Messages as each client reads and marks them (issue 10, API-FAMILY.md §8): VT and VH2 send
 * `recordIdStr` "1,2", KMP sends `recordIdList` [1,2]; pageSize 9999 (VT) or 999 (KMP).
 */
describe.each(['VT', 'KMP', 'H5'] as const)('%s messages (fcm/sendRecord)', (name) => {
  interface WireMessage {
    id: number;
    readStatus: boolean;
    theme: string;
    content: string;
    createTime: string;
    respTime: string;
    unreadMark: boolean;
    unreadCount: number;
  }

  it('lists with its page size, reads the fields it declares, and marks read with its own id field', async () => {
    const client = clientOf(name);
    await client.fetchSecret();
    const phone = randomPhone();
    expect((await client.post(API_PATHS.loginSms, { phone })).envelope.code).toBe(200);
    const login = await client.post<{ token: string; id: number }>(API_PATHS.login, { phone, smsCode: t.lastOtp(phone), loginType: 1, regClient: name === 'VT' ? 'Android' : 'IOS' });
    expect(login.envelope.code, JSON.stringify(login.envelope)).toBe(200);
    client.token = login.envelope.data.token;
    const userId = await t.internalUserId(login.envelope.data.id);
    const first = await t.services.messages.notify(userId, 'creditReviewStarted', {}, { eventKey: 'family:review' });
    const second = await t.services.messages.notify(userId, 'creditApproved', { creditLimit: 8_000_000 }, { eventKey: 'family:approved' });

    const page = await client.post<{ total: number; list: WireMessage[] }>(API_PATHS.messageList, { pageNum: 1, pageSize: name === 'KMP' ? 999 : 9999 });
    expect(page.envelope.code).toBe(200);
    expect(page.envelope.data.total).toBe(2);
    const [newest] = page.envelope.data.list;
    expect(newest).toMatchObject({ id: second.id, readStatus: false, unreadMark: true, unreadCount: 2 });
    expect(typeof newest?.id).toBe('number');
    expect(newest?.createTime).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    // KMP and the H5 send lang vi_VN, VT always en_US: the next message is written in it.
    const language = name === 'VT' ? 'Credit limit approved' : 'Hạn mức đã được phê duyệt';
    const third = await t.services.messages.notify(userId, 'creditApproved', { creditLimit: 9_000_000 }, { eventKey: 'family:approved-again' });
    const marked =
      name === 'KMP'
        ? await client.post<{ updated: number }>(API_PATHS.messageUpdate, { recordIdList: [first.id, second.id] })
        : await client.post<{ updated: number }>(API_PATHS.messageUpdate, { recordIdStr: `${first.id},${second.id}` });
    expect(marked.envelope.code, JSON.stringify(marked.envelope)).toBe(200);
    expect(marked.envelope.data.updated).toBe(2);
    const after = await client.post<{ total: number; list: WireMessage[] }>(API_PATHS.messageList, { pageNum: 1, pageSize: 9999 });
    expect(after.envelope.data.list.map((record) => [record.id, record.readStatus])).toEqual([
      [third.id, false],
      [second.id, true],
      [first.id, true],
    ]);
    expect(after.envelope.data.list[0]?.theme).toBe(language);
  });
});

