import { API_PATHS, transformPassword, type LoginSession } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDeviceFacts } from '../src/db/schema.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/** The account calls in the shapes of the API family's clients (API-FAMILY.md §3). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = transformPassword('sen123');
const NEW_PASSWORD = transformPassword('sen456');

async function sendCode(phone: string): Promise<string> {
  const sent = await t.sendCode<boolean>({ payload: { phone } });
  expect(sent.envelope).toEqual({ code: 200, message: 'success', data: true });
  return t.lastOtp(phone.length === 9 ? `0${phone}` : phone);
}

describe('login session (LoginSession)', () => {
  it('answers token, numeric id, phone, passwdSign, appId, channelId and activityUrl', async () => {
    const phone = randomPhone();
    const code = await sendCode(phone);
    const login = await t.post<LoginSession>(API_PATHS.login, { payload: { phone, loginType: 1, smsCode: code } });
    expect(login.envelope.data).toEqual({
      token: expect.stringMatching(/^\S{32,}$/),
      id: expect.any(Number),
      phone,
      passwdSign: 0,
      appId: 1,
      channelId: 1,
      activityUrl: null,
    });
    const info = await t.post(API_PATHS.userInfo, { token: login.envelope.data.token });
    expect(info.envelope.data).toEqual({ id: login.envelope.data.id, phone, passwdSign: 0 });
  });

  it('reads loginType and mobileType sent as strings, and a phone without its leading 0', async () => {
    const phone = randomPhone();
    const code = await sendCode(phone.slice(1));
    const login = await t.post<LoginSession>(API_PATHS.login, {
      payload: { phone: phone.slice(1), loginType: '1', smsCode: code, mobileType: '1', regClient: 'ios', adjustId: 'null' },
    });
    expect(login.envelope.code).toBe(200);
    expect(login.envelope.data.phone).toBe(phone);
  });
});

describe('user/info (session and user read in one query)', () => {
  it('follows a password set, refuses the replaced session and the logged-out one', async () => {
    const phone = randomPhone();
    const login = await t.loginWithOtp(phone);
    expect((await t.post(API_PATHS.userInfo, { token: login.token })).envelope.data).toEqual({ id: login.id, phone, passwdSign: 0 });
    const set = await t.post<LoginSession>(API_PATHS.passwordSet, { token: login.token, payload: { phone, newPasswd: PASSWORD } });
    expect((await t.post(API_PATHS.userInfo, { token: login.token })).statusCode).toBe(401);
    const token = set.envelope.data.token;
    expect((await t.post(API_PATHS.userInfo, { token })).envelope.data).toEqual({ id: login.id, phone, passwdSign: 1 });
    await t.post(API_PATHS.logout, { token });
    expect((await t.post(API_PATHS.userInfo, { token })).statusCode).toBe(401);
  });
});

describe('password/update by code (the forgotten password)', () => {
  it('sets a new password with phone, smsCode and newPasswd, without a session, and revokes every older session', async () => {
    const phone = randomPhone();
    const first = await t.loginWithOtp(phone);
    await t.post(API_PATHS.passwordSet, { token: first.token, payload: { phone, newPasswd: PASSWORD } });
    t.clock.advance(61_000);
    const code = await sendCode(phone);
    const reset = await t.post<LoginSession>(API_PATHS.passwordUpdate, { payload: { phone, smsCode: code, newPasswd: NEW_PASSWORD } });
    expect(reset.envelope.code).toBe(200);
    expect(reset.envelope.data).toMatchObject({ phone, passwdSign: 1 });
    expect((await t.post(API_PATHS.userInfo, { token: first.token })).statusCode).toBe(401);
    expect((await t.post(API_PATHS.userInfo, { token: reset.envelope.data.token })).statusCode).toBe(200);
    expect((await t.post(API_PATHS.login, { payload: { phone, loginType: 2, passwd: NEW_PASSWORD } })).envelope.code).toBe(200);
    expect((await t.post(API_PATHS.login, { payload: { phone, loginType: 2, passwd: PASSWORD } })).envelope.code).toBe(2101);
  });

  it('refuses a phone with no account, in the reader’s language, and creates none (issue 25)', async () => {
    const phone = randomPhone();
    const code = await sendCode(phone);
    const response = await t.post(API_PATHS.passwordUpdate, { payload: { phone, smsCode: code, newPasswd: NEW_PASSWORD }, lang: 'en' });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.envelope).toEqual({ code: 2107, message: 'This phone number has no account yet, please log in with OTP to create one', data: null });
    expect(await t.services.users.findByPhone(phone)).toBeNull();
  });

  it('refuses a wrong code and leaves the password as it was', async () => {
    const phone = randomPhone();
    const first = await t.loginWithOtp(phone);
    await t.post(API_PATHS.passwordSet, { token: first.token, payload: { newPasswd: PASSWORD } });
    t.clock.advance(61_000);
    const code = await sendCode(phone);
    const wrong = code === '0000' ? '1111' : '0000';
    const response = await t.post(API_PATHS.passwordUpdate, { payload: { phone, smsCode: wrong, newPasswd: NEW_PASSWORD }, lang: 'en' });
    expect(response.envelope).toEqual({ code: 2001, message: 'Incorrect OTP, please try again', data: null });
    expect((await t.post(API_PATHS.login, { payload: { phone, loginType: 2, passwd: PASSWORD } })).envelope.code).toBe(200);
  });

  it('by the old password needs a session', async () => {
    const response = await t.post(API_PATHS.passwordUpdate, { payload: { oldPasswd: PASSWORD, newPasswd: NEW_PASSWORD } });
    expect(response.statusCode).toBe(401);
    expect(response.envelope.code).toBe(401);
  });

  it('by the old password with a session answers a fresh login session', async () => {
    const phone = randomPhone();
    const first = await t.loginWithOtp(phone);
    const set = await t.post<LoginSession>(API_PATHS.passwordSet, { token: first.token, payload: { newPasswd: PASSWORD } });
    const changed = await t.post<LoginSession>(API_PATHS.passwordUpdate, {
      token: set.envelope.data.token,
      payload: { oldPasswd: PASSWORD, newPasswd: NEW_PASSWORD },
    });
    expect(changed.envelope.data).toMatchObject({ phone, passwdSign: 1, id: first.id });
    expect((await t.post(API_PATHS.userInfo, { token: set.envelope.data.token })).statusCode).toBe(401);
  });
});

describe('userDevice (risk data)', () => {
  it('hasDevice is false until userDevice/save, which keeps only allow-listed facts', async () => {
    const login = await t.loginWithOtp();
    expect((await t.post(API_PATHS.deviceHas, { token: login.token })).envelope.data).toBe(false);
    const saved = await t.post(API_PATHS.deviceSave, {
      token: login.token,
      payload: {
        hardwareInfo: JSON.stringify({ model: 'SM-A135F', brand: 'samsung', imei: '356938035643809', androidId: 'abc', googleAdId: 'g-1' }),
        systemInfo: JSON.stringify({ release: '13', sdkInt: 33 }),
        networkInfo: JSON.stringify({ type: 'wifi', ip: '10.0.0.7', ssid: 'Home', mac: '02:00:00:00:00:00' }),
        albumInfo: JSON.stringify([{ name: 'IMG_1.jpg' }]),
        smsInfo: JSON.stringify([{ body: 'secret' }]),
        userCommunicationRecordStr: Buffer.from('[{"number":"0900000000"}]').toString('base64'),
        locationInfo: JSON.stringify({ latitude: 21.0, longitude: 105.8 }),
      },
    });
    expect(saved.envelope).toEqual({ code: 200, message: 'success', data: null });
    expect((await t.post(API_PATHS.deviceHas, { token: login.token })).envelope.data).toBe(true);
    const [row] = await t.database.db.select().from(userDeviceFacts).where(eq(userDeviceFacts.userId, await t.internalUserId(login.id)));
    expect(JSON.parse(row!.hardware)).toEqual({ model: 'SM-A135F', brand: 'samsung' });
    expect(JSON.parse(row!.system)).toEqual({ release: '13', sdkInt: 33 });
    expect(JSON.parse(row!.network)).toEqual({ type: 'wifi' });
    const stored = [row!.hardware, row!.system, row!.network].join(' ');
    for (const never of ['356938035643809', 'IMG_1', 'secret', '0900000000', 'latitude', '10.0.0.7', 'Home']) {
      expect(stored.includes(never), never).toBe(false);
    }
  });

  it('needs a session', async () => {
    expect((await t.post(API_PATHS.deviceHas)).statusCode).toBe(401);
    expect((await t.post(API_PATHS.deviceSave, { payload: { systemInfo: '{}' } })).statusCode).toBe(401);
  });
});
