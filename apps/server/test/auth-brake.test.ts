import { API_PATHS, transformPassword, type LoginSession } from '@sen/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PasswordHasher } from '../src/modules/auth/index.ts';
import { createTestApp, randomIp, randomPhone, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const PASSWORD = transformPassword('sen123');
const WRONG = transformPassword('wrong99');
const NEW_PASSWORD = transformPassword('sen456');

async function userWithPassword() {
  const phone = randomPhone();
  const login = await t.loginWithOtp(phone);
  const set = await t.post<LoginSession>(API_PATHS.passwordSet, { token: login.token, payload: { passwd: PASSWORD } });
  expect(set.envelope.code).toBe(200);
  return { phone, token: set.envelope.data.token };
}

const passwordLogin = (phone: string, passwd: string) => t.post<unknown>(API_PATHS.login, { payload: { phone, loginType: 2, passwd }, lang: 'en' });

describe('per-phone brake on password guessing', () => {
  it('does not sign in with the right password after 31 wrong ones', async () => {
    const user = await userWithPassword();
    const codes: number[] = [];
    for (let guess = 0; guess < 31; guess += 1) codes.push((await passwordLogin(user.phone, WRONG)).envelope.code);
    expect(codes.slice(0, 5)).toEqual([2101, 2101, 2101, 2101, 2101]);
    expect(new Set(codes.slice(5))).toEqual(new Set([2105]));

    const right = await passwordLogin(user.phone, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.envelope.code).toBe(2105);
    expect(right.envelope.message).toBe('Too many wrong passwords, please try again in 1 minutes or log in with OTP');
    const { retryAfterSeconds } = right.envelope.data as { retryAfterSeconds: number };
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('refuses locked guesses without hashing (no CPU spent on them)', async () => {
    const user = await userWithPassword();
    for (let guess = 0; guess < 5; guess += 1) await passwordLogin(user.phone, WRONG);
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    for (let guess = 0; guess < 10; guess += 1) expect((await passwordLogin(user.phone, WRONG)).envelope.code).toBe(2105);
    expect(verify).not.toHaveBeenCalled();
  });

  it('counts parallel guesses one by one', async () => {
    const user = await userWithPassword();
    const responses = await Promise.all(Array.from({ length: 12 }, () => passwordLogin(user.phone, WRONG)));
    const codes = responses.map((response) => response.envelope.code);
    expect(codes.filter((code) => code === 2101)).toHaveLength(5);
    expect(codes.filter((code) => code === 2105)).toHaveLength(7);
  });

  it('lets the right password in once the lock ends, and forgets the failures', async () => {
    const user = await userWithPassword();
    for (let guess = 0; guess < 5; guess += 1) await passwordLogin(user.phone, WRONG);
    t.clock.advance(61_000);
    expect((await passwordLogin(user.phone, PASSWORD)).envelope.code).toBe(200);
    // A fresh count: four more wrong ones do not lock.
    for (let guess = 0; guess < 4; guess += 1) expect((await passwordLogin(user.phone, WRONG)).envelope.code).toBe(2101);
    expect((await passwordLogin(user.phone, PASSWORD)).envelope.code).toBe(200);
  });

  it('locks longer each time, then requires a login code; a code login lifts it', async () => {
    const user = await userWithPassword();
    const locks: unknown[] = [];
    for (let round = 0; round < 4; round += 1) {
      for (let guess = 0; guess < 5; guess += 1) expect((await passwordLogin(user.phone, WRONG)).envelope.code).toBe(2101);
      const locked = await passwordLogin(user.phone, PASSWORD);
      locks.push(locked.envelope.data);
      t.clock.advance(((locked.envelope.data as { retryAfterSeconds: number } | null)?.retryAfterSeconds ?? 0) * 1000 + 1000);
    }
    // In whole minutes: the test clock moves with real time between the lock and the next call.
    const minutes = locks.map((data) => (data ? Math.ceil((data as { retryAfterSeconds: number }).retryAfterSeconds / 60) : null));
    expect(minutes).toEqual([1, 2, 4, null]);

    const needsCode = await passwordLogin(user.phone, PASSWORD);
    expect(needsCode.statusCode).toBe(400);
    expect(needsCode.envelope).toEqual({ code: 2106, message: 'Too many wrong passwords, please log in with OTP or reset your password', data: null });
    const vn = await t.post(API_PATHS.login, { payload: { phone: user.phone, passwd: PASSWORD }, lang: 'vn' });
    expect(vn.envelope.message).toBe('Sai mật khẩu quá nhiều lần, vui lòng đăng nhập bằng mã OTP hoặc đặt lại mật khẩu');

    t.clock.advance(61_000);
    await t.loginWithOtp(user.phone);
    expect((await passwordLogin(user.phone, PASSWORD)).envelope.code).toBe(200);
  });

  it('brakes an unknown phone exactly like a known one (no enumeration)', async () => {
    const phone = randomPhone();
    const codes: number[] = [];
    for (let guess = 0; guess < 6; guess += 1) codes.push((await passwordLogin(phone, WRONG)).envelope.code);
    expect(codes).toEqual([2101, 2101, 2101, 2101, 2101, 2105]);
  });

  it('counts wrong old passwords of password/update on the same brake', async () => {
    const user = await userWithPassword();
    const update = (oldPasswd: string) =>
      t.post(API_PATHS.passwordUpdate, { token: user.token, payload: { oldPasswd, newPasswd: NEW_PASSWORD }, lang: 'en' });
    for (let guess = 0; guess < 5; guess += 1) expect((await update(WRONG)).envelope.code).toBe(2103);
    expect((await update(PASSWORD)).envelope.code).toBe(2105);
    expect((await passwordLogin(user.phone, PASSWORD)).envelope.code).toBe(2105);
  });

  it('lifts the brake when the password is reset by code', async () => {
    const user = await userWithPassword();
    for (let guess = 0; guess < 5; guess += 1) await passwordLogin(user.phone, WRONG);
    t.clock.advance(61_000);
    expect((await t.sendCode({ payload: { phone: user.phone } })).envelope.code).toBe(200);
    const reset = await t.post(API_PATHS.passwordUpdate, { payload: { phone: user.phone, smsCode: t.lastOtp(user.phone), newPasswd: NEW_PASSWORD } });
    expect(reset.envelope.code).toBe(200);
    expect((await passwordLogin(user.phone, NEW_PASSWORD)).envelope.code).toBe(200);
  });
});

describe('per-IP limit on the sign-in routes', () => {
  it('answers 429 past 30 a minute from one IP, whatever the spelling of the path', async () => {
    const ip = randomIp();
    for (let call = 0; call < 30; call += 1) {
      expect((await t.post(API_PATHS.login, { payload: { phone: randomPhone(), passwd: WRONG }, remoteAddress: ip })).statusCode).not.toBe(429);
    }
    const limited = await t.post(API_PATHS.login, { payload: { phone: randomPhone(), passwd: WRONG }, remoteAddress: ip, lang: 'en' });
    expect(limited.statusCode).toBe(429);
    expect(limited.envelope).toMatchObject({ code: 429, message: 'Too many requests, please try again later' });
    expect(limited.headers['retry-after']).toBeDefined();
    const encoded = await t.post('/%61pi/user/app/login', { payload: { phone: randomPhone(), passwd: WRONG }, remoteAddress: ip });
    expect([404, 429]).toContain(encoded.statusCode);
    expect((await t.post(API_PATHS.passwordUpdate, { payload: { oldPasswd: WRONG, newPasswd: WRONG }, remoteAddress: ip })).statusCode).toBe(429);
    // Other IPs and other routes are not affected.
    expect((await t.post(API_PATHS.login, { payload: { phone: randomPhone(), passwd: WRONG } })).statusCode).toBe(400);
    expect((await t.get(API_PATHS.health, { remoteAddress: ip })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await t.post(API_PATHS.login, { payload: { phone: randomPhone(), passwd: WRONG }, remoteAddress: ip })).statusCode).toBe(400);
  });
});
