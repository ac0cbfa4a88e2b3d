import { describe, expect, it } from 'vitest';
import { PRIVACY_POLICY_VERSION } from '../constants.ts';
import { transformPassword } from '../signing.ts';
import { checkField } from '../validation.ts';
import { loginRequestSchema, loginSessionSchema, passwordSetRequestSchema, passwordUpdateRequestSchema, sendCodeRequestSchema } from './auth.ts';
import { defaultParamsSchema } from './common.ts';
import { privacyConsentRequestSchema } from './user.ts';

const hex = transformPassword('sen123');

describe('login by code or password (API-FAMILY.md §3.2)', () => {
  it('reads loginType 1 with smsCode, as a number or a numeric string, and normalises the phone', () => {
    for (const loginType of [1, '1']) {
      const parsed = loginRequestSchema.parse({ phone: ' 912345678 ', loginType, smsCode: '1234' });
      expect(parsed.phone).toBe('0912345678');
      expect(parsed.credential).toEqual({ type: 'sms', smsCode: '1234' });
    }
  });

  it('reads loginType 2 with passwd', () => {
    expect(loginRequestSchema.parse({ phone: '0912345678', loginType: 2, passwd: hex }).credential).toEqual({ type: 'password', passwd: hex });
  });

  it('decides by the fields given when loginType is absent', () => {
    expect(loginRequestSchema.parse({ phone: '0912345678', smsCode: '1234' }).credential.type).toBe('sms');
    expect(loginRequestSchema.parse({ phone: '0912345678', passwd: hex }).credential.type).toBe('password');
  });

  it('asks for the credential of the chosen type with its own message', () => {
    expect(checkField(loginRequestSchema, { phone: '912345678', loginType: 1 })).toBe('validation.otp.required');
    expect(checkField(loginRequestSchema, { phone: '912345678', loginType: 1, smsCode: '12345' })).toBe('validation.otp.format');
    expect(checkField(loginRequestSchema, { phone: '912345678', loginType: 2 })).toBe('validation.password.required');
    expect(checkField(loginRequestSchema, { phone: '912345678', loginType: 2, passwd: 'sen123' })).toBe('validation.password.format');
    expect(checkField(loginRequestSchema, { phone: '912345678', loginType: 2, passwd: hex.toUpperCase() })).toBe('validation.password.format');
  });

  it('refuses loginType values other than 1 and 2, booleans and arrays', () => {
    for (const loginType of [3, '3', true, [1], 'sms']) {
      expect(loginRequestSchema.safeParse({ phone: '0912345678', loginType, smsCode: '1234' }).success).toBe(false);
    }
  });

  it('rejects a bad phone with the phone message key', () => {
    expect(checkField(loginRequestSchema, { phone: '012345678', smsCode: '1234' })).toBe('validation.phone.format');
    expect(checkField(loginRequestSchema, { phone: '', passwd: hex })).toBe('validation.phone.required');
  });

  it("reads regClient in any case (the spec's literal 'ios'); unknown families are UNKNOWN", () => {
    const regClient = (value: unknown) => loginRequestSchema.parse({ phone: '0912345678', smsCode: '1234', regClient: value }).regClient;
    expect(regClient('ios')).toBe('IOS');
    expect(regClient('IOS')).toBe('IOS');
    expect(regClient('android')).toBe('Android');
    expect(regClient('H5')).toBe('UNKNOWN');
    expect(regClient(undefined)).toBe('UNKNOWN');
  });

  it('treats the text "null" as absent and refuses control characters', () => {
    expect(loginRequestSchema.parse({ phone: '0912345678', smsCode: '1234', adjustId: 'null' }).adjustId).toBeUndefined();
    expect(loginRequestSchema.safeParse({ phone: '0912345678', smsCode: '1234', content: 'a\u0000b' }).success).toBe(false);
  });

  it('send code wants a valid phone', () => {
    expect(checkField(sendCodeRequestSchema, { phone: '0912345678' })).toBeNull();
    expect(checkField(sendCodeRequestSchema, { phone: '091234567a' })).toBe('validation.phone.format');
  });

  it('login session: numeric id, passwdSign 0 or 1', () => {
    const session = { token: 't', id: 1, phone: '0912345678', passwdSign: 0, appId: 1, channelId: 1, activityUrl: null };
    expect(loginSessionSchema.safeParse(session).success).toBe(true);
    expect(loginSessionSchema.safeParse({ ...session, passwdSign: 2 }).success).toBe(false);
    expect(loginSessionSchema.safeParse({ ...session, id: '1' }).success).toBe(false);
  });
});

describe('password set and update (API-FAMILY.md §3.3)', () => {
  it('set takes newPasswd (family) or passwd (older web app), transformed', () => {
    expect(passwordSetRequestSchema.parse({ phone: '0912345678', newPasswd: hex })).toEqual({ newPasswd: hex });
    expect(passwordSetRequestSchema.parse({ passwd: hex })).toEqual({ newPasswd: hex });
    expect(checkField(passwordSetRequestSchema, { newPasswd: 'abc123' })).toBe('validation.password.format');
    expect(checkField(passwordSetRequestSchema, {})).toBe('validation.password.required');
  });

  it('update by code needs phone, code and the new password', () => {
    const next = transformPassword('new123');
    expect(passwordUpdateRequestSchema.parse({ phone: '912345678', smsCode: '1234', newPasswd: next })).toEqual({
      by: 'code',
      phone: '0912345678',
      smsCode: '1234',
      newPasswd: next,
    });
    expect(checkField(passwordUpdateRequestSchema, { smsCode: '1234', newPasswd: next })).toBe('validation.phone.required');
    expect(checkField(passwordUpdateRequestSchema, { phone: '0912345678', smsCode: '12', newPasswd: next })).toBe('validation.otp.format');
    expect(checkField(passwordUpdateRequestSchema, { phone: '0912345678', smsCode: '1234' })).toBe('validation.password.required');
  });

  it('update by the old password', () => {
    const next = transformPassword('new123');
    expect(passwordUpdateRequestSchema.parse({ oldPasswd: hex, newPasswd: next })).toEqual({ by: 'oldPassword', oldPasswd: hex, newPasswd: next });
    expect(passwordUpdateRequestSchema.parse({ oldPasswd: hex, passwd: next })).toEqual({ by: 'oldPassword', oldPasswd: hex, newPasswd: next });
    expect(checkField(passwordUpdateRequestSchema, { oldPasswd: 'x', newPasswd: next })).toBe('validation.password.format');
  });
});

describe('privacy consent', () => {
  it('accepts only the current policy version', () => {
    expect(privacyConsentRequestSchema.safeParse({ version: PRIVACY_POLICY_VERSION, agreed: true }).success).toBe(true);
    expect(privacyConsentRequestSchema.safeParse({ version: '2000-01-01', agreed: true }).success).toBe(false);
  });
});

describe('default params', () => {
  it('reads mobileType 1 or 2 as a number or numeric string, nothing else', () => {
    expect(defaultParamsSchema.parse({ appCode: 'senh5', version: '1.0.0', mobileType: '2' }).mobileType).toBe(2);
    expect(defaultParamsSchema.parse({ appCode: 'senh5', version: '1.0.0', mobileType: 1 }).mobileType).toBe(1);
    for (const mobileType of ['3', true, [2], '']) {
      expect(defaultParamsSchema.safeParse({ appCode: 'senh5', version: '1.0.0', mobileType }).success).toBe(false);
    }
    expect(defaultParamsSchema.safeParse({ appCode: '', version: '1.0.0', mobileType: '2' }).success).toBe(false);
    expect(defaultParamsSchema.safeParse({ version: '1.0.0', mobileType: '2' }).success).toBe(false);
  });
});
