import { randomBytes } from 'node:crypto';
import { API_PATHS } from '@sen/contract';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { RateLimitStoreKind } from '../../src/config.ts';
import { createTestApp, randomIp, randomPhone, type TestApp } from '../helpers/test-app.ts';

/**
 * Rate limits shared by every instance: two apps on one Redis count the same client's requests
 * together; without Redis each instance counts its own (decision 084). The daily SMS budget is
 * kept in the database, so it is shared too. CI sets TEST_REDIS_URL: there a Redis that does not
 * answer fails the run instead of skipping these tests.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisRequired = Boolean(process.env.TEST_REDIS_URL);

async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const haveRedis = await redisAvailable();
if (redisRequired && !haveRedis) throw new Error(`TEST_REDIS_URL is set but Redis at ${REDIS_URL} does not answer`);

const opened: TestApp[] = [];
/** Second instances on an opened app's database: closed first. */
const seconds: Array<{ close(): Promise<unknown> }> = [];
afterAll(async () => {
  for (const app of seconds) await app.close();
  for (const app of opened) await app.close();
});

/** A first app plus a second instance on the same database, both with `store` and a limit of 4. */
async function twoInstances(store: RateLimitStoreKind) {
  const first = await createTestApp({ config: (config) => ({ ...config, rateLimitPerMinute: 4, rateLimitStore: store, redisUrl: REDIS_URL }) });
  opened.push(first);
  const second = (await buildApp({ config: first.config, database: first.database, clock: first.clock.now })).app;
  seconds.push(second);
  return { first, second };
}

async function expectSharedCounting(store: RateLimitStoreKind) {
  const { first, second } = await twoInstances(store);
  // A fresh address per run: Redis keeps counters between test runs.
  const ip = `10.${randomBytes(3).join('.')}`;
  const statuses: number[] = [];
  for (let call = 0; call < 2; call += 1) statuses.push((await first.post(API_PATHS.authConfig, { remoteAddress: ip })).statusCode);
  // The same signed request sent to the other instance.
  for (let call = 0; call < 3; call += 1) {
    const timestamp = first.clock.now().getTime();
    const payload = { appCode: 'senh5', version: '1.0.0', mobileType: 2 };
    const response = await second.inject({
      method: 'POST',
      url: API_PATHS.authConfig,
      payload,
      remoteAddress: ip,
      headers: { 'app-version': '1.0.0', timestamp: String(timestamp), sign: first.sign(payload, timestamp) },
    });
    statuses.push(response.statusCode);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 429]);
}

describe('rate limits shared by all instances', () => {
  it.skipIf(!haveRedis)('counts one client across instances in Redis (REDIS_URL)', async () => {
    await expectSharedCounting('redis');
  });

  it.skipIf(!haveRedis)('counts the sign-in routes\' lower limit across instances in Redis too', async () => {
    const first = await createTestApp({
      config: (config) => ({ ...config, rateLimitStore: 'redis', redisUrl: REDIS_URL, loginBrake: { ...config.loginBrake, routeLimitPerMinute: 2 } }),
    });
    opened.push(first);
    const second = (await buildApp({ config: first.config, database: first.database, clock: first.clock.now })).app;
    seconds.push(second);
    const ip = `10.${randomBytes(3).join('.')}`;
    const wrongLogin = () => ({ appCode: 'senh5', version: '1.0.0', mobileType: 2, phone: randomPhone(), passwd: 'wrong-password' });
    expect((await first.post(API_PATHS.login, { payload: wrongLogin(), remoteAddress: ip })).statusCode).not.toBe(429);
    expect((await first.post(API_PATHS.login, { payload: wrongLogin(), remoteAddress: ip })).statusCode).not.toBe(429);
    const timestamp = first.clock.now().getTime();
    const payload = wrongLogin();
    const refused = await second.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload,
      remoteAddress: ip,
      headers: { 'app-version': '1.0.0', timestamp: String(timestamp), sign: first.sign(payload, timestamp), lang: 'en_US' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, message: 'Too many requests, please try again later', data: { retryAfterSeconds: expect.any(Number) } });
    expect(refused.headers['retry-after']).toBeDefined();
    // Other routes from the same address still pass (the generic limit is 600 a minute).
    expect((await first.post(API_PATHS.authConfig, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('keeps separate counts per instance with the in-memory store (the documented single-instance mode)', async () => {
    const { first, second } = await twoInstances('memory');
    const ip = randomIp();
    for (let call = 0; call < 4; call += 1) expect((await first.post(API_PATHS.authConfig, { remoteAddress: ip })).statusCode).toBe(200);
    expect((await first.post(API_PATHS.authConfig, { remoteAddress: ip })).statusCode).toBe(429);
    expect((await second.inject({ url: API_PATHS.health, remoteAddress: ip })).statusCode).toBe(200);
  });

  it.skipIf(!haveRedis)('lets requests through (and says so once) when Redis is unreachable', async () => {
    const app = await createTestApp({
      config: (config) => ({ ...config, rateLimitPerMinute: 1, rateLimitStore: 'redis', redisUrl: 'redis://127.0.0.1:1' }),
    });
    opened.push(app);
    const ip = randomIp();
    expect((await app.post(API_PATHS.authConfig, { remoteAddress: ip })).statusCode).toBe(200);
    expect((await app.post(API_PATHS.authConfig, { remoteAddress: ip })).statusCode).toBe(200);
  });
});

describe('global daily SMS budget (SMS pumping)', () => {
  it('stops sending OTP SMS for the whole service once the day budget is spent, on every instance', async () => {
    const app = await createTestApp({ config: (config) => ({ ...config, smsDailyBudget: 3 }) });
    opened.push(app);
    const second = (await buildApp({ config: app.config, database: app.database, clock: app.clock.now, smsProvider: app.sms })).app;
    seconds.push(second);

    const codes: number[] = [];
    for (let send = 0; send < 3; send += 1) codes.push((await app.post(API_PATHS.loginSms, { payload: { phone: randomPhone() }, lang: 'en' })).envelope.code);
    const refused = await app.post(API_PATHS.loginSms, { payload: { phone: randomPhone() }, lang: 'en' });
    expect(codes).toEqual([200, 200, 200]);
    expect(refused.statusCode).toBe(503);
    expect(refused.envelope).toEqual({ code: 2006, message: 'Unable to send SMS right now, please try again later', data: null });

    const timestamp = app.clock.now().getTime();
    const payload = { appCode: 'senh5', version: '1.0.0', mobileType: 2, phone: randomPhone() };
    const other = await second.inject({
      method: 'POST',
      url: API_PATHS.loginSms,
      payload,
      remoteAddress: randomIp(),
      headers: { 'app-version': '1.0.0', timestamp: String(timestamp), sign: app.sign(payload, timestamp) },
    });
    expect(other.json().code).toBe(2006);

    // The next Vietnam day has a fresh budget.
    app.clock.advance(24 * 60 * 60 * 1000);
    expect((await app.post(API_PATHS.loginSms, { payload: { phone: randomPhone() } })).envelope.code).toBe(200);
  });
});
