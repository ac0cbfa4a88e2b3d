import { API_PATHS, type AuthConfigResponse, type AuthDetail, type LoginSession } from '@sen/contract';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FamilyClient, type ClientName } from './helpers/family-clients.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * The family's sign-in sequence (issue 6, API-FAMILY.md §3), run by each client exactly as it
 * builds and signs requests (helpers/family-clients.ts), on PGlite and on PostgreSQL:
 * secret → login/sms → login by code → userEquipment/save → userAuth/detail → auth config (GET)
 * → password/set → login by password → password/update by code.
 */
const APP_CODE = 'gaanpuhunan';
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, appCode: APP_CODE }) });
});
afterAll(async () => t?.close());

const device: Record<ClientName, { regClient: string; phoneModel: string; phoneBrand: string }> = {
  VT: { regClient: 'Android', phoneModel: 'SM-A515F', phoneBrand: 'samsung' },
  KMP: { regClient: 'IOS', phoneModel: 'iPhone14,5', phoneBrand: 'Apple' },
  H5: { regClient: 'IOS', phoneModel: 'iPhone', phoneBrand: 'Apple' },
};

function expectLoginSession(session: LoginSession, phone: string, passwdSign: 0 | 1) {
  expect(session).toEqual({
    token: expect.any(String),
    id: expect.any(Number),
    phone,
    passwdSign,
    appId: expect.any(Number),
    channelId: expect.any(Number),
    activityUrl: null,
  });
}

describe.each(['VT', 'KMP', 'H5'] as const)('%s signs in as the family does', (name) => {
  it('secret → login/sms → login by code → equipment → auth detail → auth config → password/set → login by password → password/update by code', async () => {
    const client = new FamilyClient(name, { app: t.app, appCode: APP_CODE, now: () => t.clock.now().getTime() });
    // A phone as typed: VT validates ^0?9\d{9}$ and sends it with or without its leading 0.
    const phone = randomPhone();
    const typed = name === 'VT' ? phone.slice(1) : phone;

    const secret = await client.fetchSecret();
    expect(secret.envelope.code).toBe(200);

    const sent = await client.post<boolean>(API_PATHS.loginSms, { phone: typed });
    expect(sent.envelope, 'login/sms').toEqual({ code: 200, message: 'success', data: true });
    const code = t.lastOtp(phone);

    const byCode = await client.post<LoginSession>(API_PATHS.login, {
      phone: typed,
      smsCode: code,
      loginType: 1,
      regClient: device[name].regClient,
      coordinate: '0.0,0.0',
      appsflyerId: name === 'H5' ? undefined : '1767225600000-1234567',
      content: name === 'VT' ? '{"af_status":"Organic","is_first_launch":true}' : undefined,
      phoneMark: 'a1b2c3d4-e5f6',
    });
    expect(byCode.envelope.code, `login by code: ${JSON.stringify(byCode.envelope)}`).toBe(200);
    expectLoginSession(byCode.envelope.data, phone, 0);
    client.token = byCode.envelope.data.token;

    const equipment = await client.post(API_PATHS.equipmentSave, { ...device[name], phoneMark: 'a1b2c3d4-e5f6', appVersion: client.version });
    expect(equipment.envelope.code, `userEquipment/save: ${JSON.stringify(equipment.envelope)}`).toBe(200);

    const detail = await client.post<AuthDetail>(API_PATHS.authDetail);
    expect(detail.envelope.code).toBe(200);
    for (const state of ['idState', 'bankCardState', 'workInfoState', 'kycState', 'telecomPermissionState', 'userAuthState'] as const) {
      expect(typeof detail.envelope.data[state], state).toBe('string');
    }

    const config = await client.get<AuthConfigResponse>(API_PATHS.authConfig);
    expect(config.envelope.code).toBe(200);
    expect(config.envelope.data.authConfig).toMatch(/^[A-Z,]+$/);

    const password = md5('sen123a');
    const set = await client.post<LoginSession>(API_PATHS.passwordSet, { phone: typed, newPasswd: password });
    expect(set.envelope.code, `password/set: ${JSON.stringify(set.envelope)}`).toBe(200);
    expectLoginSession(set.envelope.data, phone, 1);
    client.token = set.envelope.data.token;

    client.token = null;
    const byPassword = await client.post<LoginSession>(API_PATHS.login, { phone: typed, passwd: password, loginType: 2, regClient: device[name].regClient });
    expect(byPassword.envelope.code, `login by password: ${JSON.stringify(byPassword.envelope)}`).toBe(200);
    expectLoginSession(byPassword.envelope.data, phone, 1);

    // The forgotten password: a new code (after the 60 s resend wait), then password/update by code.
    t.clock.advance(61_000);
    expect((await client.post<boolean>(API_PATHS.loginSms, { phone: typed })).envelope.data).toBe(true);
    const newPassword = md5('sen456b');
    const updated = await client.post<LoginSession>(API_PATHS.passwordUpdate, { phone: typed, smsCode: t.lastOtp(phone), newPasswd: newPassword });
    expect(updated.envelope.code, `password/update: ${JSON.stringify(updated.envelope)}`).toBe(200);
    expectLoginSession(updated.envelope.data, phone, 1);

    // Older sessions are revoked (the session ends with 401); the new password signs in, the old one does not.
    client.token = byPassword.envelope.data.token;
    const revoked = await client.post(API_PATHS.authDetail);
    expect(revoked.response.statusCode).toBe(401);
    expect(revoked.envelope.code).toBe(401);
    client.token = null;
    expect((await client.post(API_PATHS.login, { phone: typed, passwd: password, loginType: 2 })).envelope.code).not.toBe(200);
    expect((await client.post(API_PATHS.login, { phone: typed, passwd: newPassword, loginType: 2 })).envelope.code).toBe(200);
  });
});
