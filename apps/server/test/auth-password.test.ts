import { API_PATHS, transformPassword, type LoginSession } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = transformPassword('sen123');
const NEW_PASSWORD = transformPassword('sen456');

/** A user who logged in by OTP and set PASSWORD; returns the password_set session token. */
async function userWithPassword(phone = randomPhone()) {
  const login = await t.loginWithOtp(phone);
  const set = await t.post<LoginSession>(API_PATHS.passwordSet, { token: login.token, payload: { passwd: PASSWORD } });
  expect(set.envelope.code).toBe(200);
  return { phone, id: login.id, smsToken: login.token, token: set.envelope.data.token };
}

describe('password login', () => {
  it('logs in with the right password', async () => {
    const user = await userWithPassword();
    const login = await t.post<LoginSession>(API_PATHS.login, { payload: { phone: user.phone, passwd: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.envelope.data).toMatchObject({ id: user.id, phone: user.phone, passwdSign: 1 });
    expect((await t.get(API_PATHS.userInfo, { token: login.envelope.data.token })).envelope.data).toMatchObject({ passwdSign: 1 });
  });

  it('gives one message for an unknown phone and a wrong password', async () => {
    const user = await userWithPassword();
    const wrong = await t.post(API_PATHS.login, { payload: { phone: user.phone, passwd: NEW_PASSWORD }, lang: 'en' });
    const unknown = await t.post(API_PATHS.login, { payload: { phone: randomPhone(), passwd: PASSWORD }, lang: 'en' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.envelope).toEqual({ code: 2101, message: 'Incorrect phone number or password', data: null });
    }
  });

  it('answers a user without a password like an unknown phone (no phone enumeration)', async () => {
    const login = await t.loginWithOtp();
    const response = await t.post(API_PATHS.login, { payload: { phone: login.phone, passwd: PASSWORD }, lang: 'en' });
    expect(response.envelope).toEqual({ code: 2101, message: 'Incorrect phone number or password', data: null });
  });
});

describe('password set', () => {
  it('sets the first password, revokes older sessions and returns a new token', async () => {
    const user = await userWithPassword();
    expect((await t.get(API_PATHS.userInfo, { token: user.smsToken })).statusCode).toBe(401);
    expect((await t.get(API_PATHS.userInfo, { token: user.token })).envelope.data).toMatchObject({ passwdSign: 1 });
  });

  it('refuses a second set on a password session (2104) but allows it after an OTP login', async () => {
    const user = await userWithPassword();
    const again = await t.post(API_PATHS.passwordSet, { token: user.token, payload: { passwd: NEW_PASSWORD } });
    expect(again.statusCode).toBe(409);
    expect(again.envelope.code).toBe(2104);

    const passwordLogin = await t.post<LoginSession>(API_PATHS.login, { payload: { phone: user.phone, passwd: PASSWORD } });
    const viaPassword = await t.post(API_PATHS.passwordSet, { token: passwordLogin.envelope.data.token, payload: { passwd: NEW_PASSWORD } });
    expect(viaPassword.envelope.code).toBe(2104);

    // Forgotten password: an OTP login may set a new one.
    t.clock.advance(61_000);
    const otpLogin = await t.loginWithOtp(user.phone);
    const reset = await t.post<LoginSession>(API_PATHS.passwordSet, { token: otpLogin.token, payload: { passwd: NEW_PASSWORD } });
    expect(reset.envelope.code).toBe(200);
    expect((await t.post(API_PATHS.login, { payload: { phone: user.phone, passwd: NEW_PASSWORD } })).envelope.code).toBe(200);
    expect((await t.post(API_PATHS.login, { payload: { phone: user.phone, passwd: PASSWORD } })).envelope.code).toBe(2101);
  });

  it('lets an OTP session set a new password only within 15 minutes of the OTP login', async () => {
    const user = await userWithPassword();
    t.clock.advance(61_000);
    const otpLogin = await t.loginWithOtp(user.phone);
    t.clock.advance(15 * 60 * 1000 + 1_000);
    const late = await t.post(API_PATHS.passwordSet, { token: otpLogin.token, payload: { passwd: NEW_PASSWORD } });
    expect(late.statusCode).toBe(409);
    expect(late.envelope.code).toBe(2104);
    expect((await t.post(API_PATHS.login, { payload: { phone: user.phone, passwd: PASSWORD } })).envelope.code).toBe(200);
  });

  it('requires a session and a transformed password', async () => {
    expect((await t.post(API_PATHS.passwordSet, { payload: { passwd: PASSWORD } })).statusCode).toBe(401);
    const login = await t.loginWithOtp();
    const plain = await t.post(API_PATHS.passwordSet, { token: login.token, payload: { passwd: 'sen123' }, lang: 'en' });
    expect(plain.envelope).toEqual({ code: 400, message: 'Password must be 3-20 characters, include letters and numbers', data: null });
  });
});

describe('password update', () => {
  it('refuses a wrong old password with 2103', async () => {
    const user = await userWithPassword();
    const response = await t.post(API_PATHS.passwordUpdate, { token: user.token, payload: { oldPasswd: NEW_PASSWORD, passwd: NEW_PASSWORD }, lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.envelope).toEqual({ code: 2103, message: 'Current password is incorrect', data: null });
  });

  it('changes the password, returns a new token and revokes the old one', async () => {
    const user = await userWithPassword();
    const response = await t.post<LoginSession>(API_PATHS.passwordUpdate, { token: user.token, payload: { oldPasswd: PASSWORD, passwd: NEW_PASSWORD } });
    expect(response.envelope.code).toBe(200);
    const newToken = response.envelope.data.token;
    expect(newToken).not.toBe(user.token);
    const old = await t.get(API_PATHS.userInfo, { token: user.token });
    expect(old.statusCode).toBe(401);
    expect(old.envelope.code).toBe(401);
    expect((await t.get(API_PATHS.userInfo, { token: newToken })).statusCode).toBe(200);
    expect((await t.post(API_PATHS.login, { payload: { phone: user.phone, passwd: NEW_PASSWORD } })).envelope.code).toBe(200);
  });
});

describe('logout', () => {
  it('revokes the current session only', async () => {
    const phone = randomPhone();
    const first = await t.loginWithOtp(phone);
    t.clock.advance(61_000);
    const second = await t.loginWithOtp(phone);
    const logout = await t.post(API_PATHS.logout, { token: `Bearer ${first.token}` });
    expect(logout.envelope).toEqual({ code: 200, message: 'success', data: null });
    const after = await t.post(API_PATHS.userInfo, { token: first.token, lang: 'en' });
    expect(after.statusCode).toBe(401);
    expect(after.envelope).toEqual({ code: 401, message: 'Session expired, please login again', data: null });
    expect((await t.post(API_PATHS.logout, { token: first.token })).statusCode).toBe(401);
    expect((await t.get(API_PATHS.userInfo, { token: second.token })).statusCode).toBe(200);
  });

  it('expires sessions after SESSION_TTL_DAYS', async () => {
    const login = await t.loginWithOtp();
    t.clock.advance(30 * 24 * 60 * 60 * 1000 + 1_000);
    expect((await t.get(API_PATHS.userInfo, { token: login.token })).statusCode).toBe(401);
  });
});
