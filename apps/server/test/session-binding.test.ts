import { API_PATHS } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { createTestApp, randomDeviceId, randomPhone, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

describe('sessions bound to the device they were issued to', () => {
  it('refuses the token from another device id, and from a call without one', async () => {
    const deviceId = randomDeviceId();
    const login = await t.loginWithOtp(randomPhone(), { deviceId });
    expect((await t.get(API_PATHS.userInfo, { token: login.token, deviceId })).statusCode).toBe(200);
    const elsewhere = await t.get(API_PATHS.userInfo, { token: login.token, deviceId: randomDeviceId(), lang: 'en' });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.envelope).toEqual({ code: 401, message: 'Session expired, please login again', data: null });
    expect((await t.get(API_PATHS.userInfo, { token: login.token, deviceId: null })).statusCode).toBe(401);
    // The refusal does not end the session on its own device.
    expect((await t.get(API_PATHS.userInfo, { token: login.token, deviceId })).statusCode).toBe(200);
  });

  it('does not bind a session issued to a call without a device id', async () => {
    const login = await t.loginWithOtp(randomPhone(), { deviceId: null });
    expect((await t.get(API_PATHS.userInfo, { token: login.token, deviceId: randomDeviceId() })).statusCode).toBe(200);
  });
});

describe('idle timeout (SESSION_IDLE_MINUTES, 7 days by default)', () => {
  it('ends a session unused for longer than the idle time, before its 30-day life', async () => {
    const login = await t.loginWithOtp();
    t.clock.advance(7 * DAY_MS + MINUTE_MS);
    expect((await t.get(API_PATHS.userInfo, { token: login.token })).statusCode).toBe(401);
  });

  it('keeps a session in use alive, recording use at most once a minute', async () => {
    const login = await t.loginWithOtp();
    const lastSeen = async () => {
      const rows = await t.database.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, await t.internalUserId(login.id)));
      return rows[0]!.lastSeenAt.getTime();
    };
    const issuedSeen = await lastSeen();
    t.clock.advance(30_000);
    expect((await t.get(API_PATHS.userInfo, { token: login.token })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(issuedSeen);
    t.clock.advance(6 * DAY_MS);
    expect((await t.get(API_PATHS.userInfo, { token: login.token })).statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(issuedSeen);
    t.clock.advance(6 * DAY_MS);
    expect((await t.get(API_PATHS.userInfo, { token: login.token })).statusCode).toBe(200);
  });

  it('follows SESSION_IDLE_MINUTES', async () => {
    const short = await createTestApp({ config: (config) => ({ ...config, sessionIdleMinutes: 5 }) });
    try {
      const login = await short.loginWithOtp();
      short.clock.advance(4 * MINUTE_MS);
      expect((await short.get(API_PATHS.userInfo, { token: login.token })).statusCode).toBe(200);
      short.clock.advance(4 * MINUTE_MS);
      expect((await short.get(API_PATHS.userInfo, { token: login.token })).statusCode).toBe(200);
      short.clock.advance(5 * MINUTE_MS + 1000);
      expect((await short.get(API_PATHS.userInfo, { token: login.token })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
