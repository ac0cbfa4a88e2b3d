import { API_PATHS, transformPassword, type LoginSession } from '@sen/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../src/db/schema.ts';
import { createTestApp, randomDeviceId, randomIp, randomPhone, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = transformPassword('sen123');
const NEW_PASSWORD = transformPassword('sen456');
const WRONG = transformPassword('wrong99');

async function eventsOf(userId: string) {
  const rows = await t.database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId)).orderBy(securityEvents.id);
  return rows.map((row) => ({ type: row.type, method: row.method, result: row.result, detail: row.detail ? JSON.parse(row.detail) : null }));
}

describe('security events (append-only audit log)', () => {
  it('records logins, password set and change, revocations and logout with device and IP', async () => {
    const phone = randomPhone();
    const deviceId = randomDeviceId();
    const ip = randomIp();
    const login = await t.loginWithOtp(phone, { deviceId, remoteAddress: ip });
    const userId = await t.internalUserId(login.id);
    const set = await t.post<LoginSession>(API_PATHS.passwordSet, { token: login.token, payload: { passwd: PASSWORD } });
    expect((await t.post(API_PATHS.login, { payload: { phone, passwd: WRONG } })).envelope.code).toBe(2101);
    const passwordLogin = await t.post<LoginSession>(API_PATHS.login, { payload: { phone, passwd: PASSWORD }, deviceId });
    const change = await t.post<LoginSession>(API_PATHS.passwordUpdate, {
      token: passwordLogin.envelope.data.token,
      payload: { oldPasswd: PASSWORD, newPasswd: NEW_PASSWORD },
    });
    expect(change.envelope.code).toBe(200);
    await t.post(API_PATHS.logout, { token: change.envelope.data.token });
    expect(set.envelope.code).toBe(200);

    expect(await eventsOf(userId)).toEqual([
      { type: 'login', method: 'sms', result: 'success', detail: null },
      { type: 'password_set', method: 'first', result: 'success', detail: null },
      { type: 'session_revoked', method: 'password_change', result: 'success', detail: { count: 1 } },
      { type: 'login', method: 'password', result: 'failure', detail: null },
      { type: 'login', method: 'password', result: 'success', detail: null },
      { type: 'password_change', method: 'old_password', result: 'success', detail: null },
      { type: 'session_revoked', method: 'password_change', result: 'success', detail: { count: 2 } },
      { type: 'session_revoked', method: 'logout', result: 'success', detail: null },
    ]);
    const [first] = await t.database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId)).orderBy(securityEvents.id).limit(1);
    expect(first).toMatchObject({ ip, deviceId, phoneHash: null });
    expect(first!.sessionId).toBeTruthy();
  });

  it('tells the borrower by SMS when the password changes (not when the first one is set)', async () => {
    const phone = randomPhone();
    const login = await t.loginWithOtp(phone);
    const set = await t.post<LoginSession>(API_PATHS.passwordSet, { token: login.token, payload: { passwd: PASSWORD } });
    expect(t.sms.messages(phone).some((message) => message.text.includes('mat khau'))).toBe(false);
    await t.post(API_PATHS.passwordUpdate, { token: set.envelope.data.token, payload: { oldPasswd: PASSWORD, newPasswd: NEW_PASSWORD } });
    const notice = t.sms.messages(phone)[0]!;
    expect(notice.text).toMatch(/^Sen: mat khau tai khoan cua ban vua duoc thay doi/);
    expect(notice.text).not.toContain(NEW_PASSWORD);
  });

  it('keeps phones out of the log: a failed login of an unknown phone is stored as a hash', async () => {
    const phone = randomPhone();
    const ip = randomIp();
    await t.post(API_PATHS.login, { payload: { phone, passwd: WRONG }, remoteAddress: ip });
    const rows = await t.database.db.select().from(securityEvents).where(eq(securityEvents.ip, ip));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'login', result: 'failure', userId: null });
    expect(rows[0]!.phoneHash).toMatch(/^[0-9a-f]{32}$/);
    const everything = JSON.stringify(await t.database.db.select().from(securityEvents));
    expect(everything).not.toContain(phone);
    expect(everything).not.toContain(phone.slice(1));
  });

  it('records brake lockouts and OTP lockouts', async () => {
    const phone = randomPhone();
    const ip = randomIp();
    for (let guess = 0; guess < 6; guess += 1) await t.post(API_PATHS.login, { payload: { phone, passwd: WRONG }, remoteAddress: ip });
    const brake = await t.database.db.select().from(securityEvents).where(eq(securityEvents.ip, ip)).orderBy(securityEvents.id);
    expect(brake.map((row) => `${row.type}:${row.result}`)).toEqual([
      ...Array.from({ length: 5 }, () => 'login:failure'),
      'login_locked:refused',
      'login:refused',
    ]);
    expect(JSON.parse(brake[5]!.detail!)).toEqual({ lockedForSeconds: 60 });

    const otpPhone = randomPhone();
    const otpIp = randomIp();
    await t.sendCode({ payload: { phone: otpPhone } });
    for (let guess = 0; guess < 5; guess += 1) await t.post(API_PATHS.login, { payload: { phone: otpPhone, smsCode: '0000' === t.lastOtp(otpPhone) ? '1111' : '0000' }, remoteAddress: otpIp });
    const otp = await t.database.db.select().from(securityEvents).where(eq(securityEvents.ip, otpIp)).orderBy(securityEvents.id);
    expect(otp.map((row) => row.type)).toContain('otp_locked');
  });

  it('refuses UPDATE, DELETE and TRUNCATE at the database', async () => {
    await t.loginWithOtp();
    const db = t.database.db;
    await expect(db.execute(sql`update security_events set result = 'success'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from security_events`)).rejects.toThrow();
    await expect(db.execute(sql`truncate security_events`)).rejects.toThrow();
    const [{ count }] = (await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(securityEvents)) as [{ count: number }];
    expect(count).toBeGreaterThan(0);
  });
});
