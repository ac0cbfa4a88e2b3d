import { API_PATHS, PRIVACY_POLICY_VERSION } from '@sen/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyConsents, userEquipment } from '../src/db/schema.ts';
import { createTestApp, randomDeviceId, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, authConfig: 'ID,KYC' }) });
});
afterAll(async () => t?.close());

describe('certification state', () => {
  it('starts with every item not started (10)', async () => {
    const login = await t.loginWithOtp();
    for (const method of ['get', 'post'] as const) {
      const response = await t[method](API_PATHS.authDetail, { token: login.token });
      expect(response.envelope).toEqual({
        code: 200,
        message: 'success',
        data: { idState: '10', workInfoState: '10', bankCardState: '10', kycState: '10', telecomPermissionState: '10', userAuthState: '10' },
      });
    }
    expect((await t.get(API_PATHS.authDetail)).statusCode).toBe(401);
  });

  it('serves the configured auth items', async () => {
    expect((await t.post(API_PATHS.authConfig)).envelope.data).toEqual({ authConfig: 'ID,KYC' });
  });
});

describe('device record', () => {
  it('saves and then updates the device of the caller', async () => {
    const deviceId = randomDeviceId();
    const login = await t.loginWithOtp(undefined, { deviceId });
    const payload = { appVersion: '1.0.0', mobileType: 2, regClient: 'Android', phoneBrand: 'Samsung', phoneModel: 'A54', phoneMark: 'x1' };
    const saved = await t.post(API_PATHS.equipmentSave, { token: login.token, payload, deviceId });
    expect(saved.envelope).toEqual({ code: 200, message: 'success', data: null });
    await t.post(API_PATHS.equipmentSave, { token: login.token, payload: { ...payload, phoneModel: 'A55' }, deviceId });
    const rows = await t.database.db
      .select()
      .from(userEquipment)
      .where(and(eq(userEquipment.userId, await t.internalUserId(login.id)), eq(userEquipment.deviceId, deviceId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ appVersion: '1.0.0', mobileType: 2, regClient: 'Android', phoneBrand: 'Samsung', phoneModel: 'A55' });
  });

  it('validates the device record and needs a session', async () => {
    const login = await t.loginWithOtp();
    const bad = await t.post(API_PATHS.equipmentSave, { token: login.token, payload: { appVersion: ' ', regClient: 'Android' }, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope).toEqual({ code: 400, message: 'Please input', data: null });
    const nullByte = await t.post(API_PATHS.equipmentSave, { token: login.token, payload: { appVersion: '1.0.0\u0000', regClient: 'Android' } });
    expect(nullByte.statusCode).toBe(400);
    expect((await t.post(API_PATHS.equipmentSave, { payload: { appVersion: '1.0.0', regClient: 'IOS' } })).statusCode).toBe(401);
  });
});

describe('privacy consent', () => {
  it('records a visitor consent with its version and device', async () => {
    const deviceId = randomDeviceId();
    const response = await t.post(API_PATHS.privacyConsent, { payload: { version: PRIVACY_POLICY_VERSION, agreed: true }, deviceId });
    expect(response.envelope).toEqual({ code: 200, message: 'success', data: null });
    const rows = await t.database.db.select().from(privacyConsents).where(eq(privacyConsents.deviceId, deviceId));
    expect(rows).toEqual([expect.objectContaining({ userId: null, version: PRIVACY_POLICY_VERSION, agreed: true })]);
  });

  it('ties the consent to the user when a valid token is sent, and ignores a bad one', async () => {
    const deviceId = randomDeviceId();
    const login = await t.loginWithOtp(undefined, { deviceId });
    await t.post(API_PATHS.privacyConsent, { token: login.token, payload: { version: PRIVACY_POLICY_VERSION, agreed: false }, deviceId });
    await t.post(API_PATHS.privacyConsent, { token: 'expired-token', payload: { version: PRIVACY_POLICY_VERSION, agreed: true }, deviceId });
    const rows = await t.database.db.select().from(privacyConsents).where(eq(privacyConsents.deviceId, deviceId));
    expect(rows.map((row) => [row.userId, row.agreed]).sort()).toEqual([
      [await t.internalUserId(login.id), false],
      [null, true],
    ].sort());
  });

  it('refuses an unknown policy version', async () => {
    const response = await t.post(API_PATHS.privacyConsent, { payload: { version: '1999-01-01', agreed: true } });
    expect(response.statusCode).toBe(400);
  });
});

describe('development SMS outbox', () => {
  it('lists the messages of a phone, newest first, unsigned', async () => {
    const login = await t.loginWithOtp();
    const response = await t.app.inject({ url: `${API_PATHS.devSmsOutbox}?phone=${login.phone}` });
    const messages = response.json().data.messages as { phone: string; code: string; text: string; sentAt: string }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ phone: login.phone, code: t.lastOtp(login.phone) });
  });

  it('does not exist in production, even with the development provider', async () => {
    const production = await createTestApp({
      config: (config) => ({ ...config, nodeEnv: 'production', signSecret: 's'.repeat(32), otpPepper: 'p'.repeat(32), fieldEncryptionKey: 'f'.repeat(64) }),
    });
    try {
      const login = await production.loginWithOtp();
      const response = await production.app.inject({ url: `${API_PATHS.devSmsOutbox}?phone=${login.phone}`, headers: { lang: 'en_US' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: 'Requested resource not found', data: null });
    } finally {
      await production.close();
    }
  });
});
