import { describe, expect, it } from 'vitest';
import { transformPassword } from '../signing.ts';
import { checkField } from '../validation.ts';
import {
  loginPasswordRequestSchema,
  loginResponseSchema,
  loginSmsRequestSchema,
  passwordSetRequestSchema,
  passwordUpdateRequestSchema,
  privacyConsentRequestSchema,
  sendOtpRequestSchema,
} from './auth.ts';
import { defaultParamsSchema } from './common.ts';
import { PRIVACY_POLICY_VERSION } from '../constants.ts';

const hex = transformPassword('sen123');

describe('login requests', () => {
  it('accepts an SMS login', () => {
    const parsed = loginSmsRequestSchema.parse({ phone: ' 0912345678 ', smsCode: '1234', regClient: 'IOS', coordinate: '0,0' });
    expect(parsed.phone).toBe('0912345678');
  });

  it('rejects a bad phone with the phone message key', () => {
    expect(checkField(loginSmsRequestSchema, { phone: '012345678', smsCode: '1234' })).toBe('validation.phone.format');
    expect(checkField(loginPasswordRequestSchema, { phone: '', passwd: hex })).toBe('validation.phone.required');
  });

  it('rejects a bad OTP with the OTP message key', () => {
    expect(checkField(loginSmsRequestSchema, { phone: '912345678', smsCode: '12345' })).toBe('validation.otp.format');
    expect(checkField(loginSmsRequestSchema, { phone: '912345678' })).toBe('validation.otp.required');
  });

  it('wants passwd as 32 lowercase hex digits, never the plain password', () => {
    expect(checkField(loginPasswordRequestSchema, { phone: '912345678', passwd: hex })).toBeNull();
    expect(checkField(loginPasswordRequestSchema, { phone: '912345678', passwd: 'sen123' })).toBe('validation.password.format');
    expect(checkField(loginPasswordRequestSchema, { phone: '912345678', passwd: hex.toUpperCase() })).toBe(
      'validation.password.format',
    );
    expect(checkField(loginPasswordRequestSchema, { phone: '912345678', passwd: `${hex}0` })).toBe('validation.password.format');
  });

  it('refuses an unknown regClient', () => {
    expect(loginSmsRequestSchema.safeParse({ phone: '912345678', smsCode: '1234', regClient: 'ios' }).success).toBe(false);
  });

  it('send OTP wants a valid phone', () => {
    expect(checkField(sendOtpRequestSchema, { phone: '0912345678' })).toBeNull();
    expect(checkField(sendOtpRequestSchema, { phone: '091234567a' })).toBe('validation.phone.format');
  });

  it('login response passwdSign is 0 or 1', () => {
    expect(loginResponseSchema.safeParse({ token: 't', id: '1', phone: '0912345678', passwdSign: 0 }).success).toBe(true);
    expect(loginResponseSchema.safeParse({ token: 't', id: '1', phone: '0912345678', passwdSign: 2 }).success).toBe(false);
  });
});

describe('password requests', () => {
  it('set and update carry transformed passwords', () => {
    expect(passwordSetRequestSchema.safeParse({ passwd: hex }).success).toBe(true);
    expect(passwordSetRequestSchema.safeParse({ passwd: 'abc123' }).success).toBe(false);
    expect(passwordUpdateRequestSchema.safeParse({ oldPasswd: hex, passwd: transformPassword('new123') }).success).toBe(true);
    expect(passwordUpdateRequestSchema.safeParse({ oldPasswd: 'x', passwd: hex }).success).toBe(false);
  });
});

describe('privacy consent', () => {
  it('accepts only the current policy version', () => {
    expect(privacyConsentRequestSchema.safeParse({ version: PRIVACY_POLICY_VERSION, agreed: true }).success).toBe(true);
    expect(privacyConsentRequestSchema.safeParse({ version: '2000-01-01', agreed: true }).success).toBe(false);
  });
});

describe('default params', () => {
  it('coerces mobileType from the query string and allows only 1 or 2', () => {
    expect(defaultParamsSchema.parse({ appCode: 'senh5', version: '1.0.0', mobileType: '2' }).mobileType).toBe(2);
    expect(defaultParamsSchema.parse({ appCode: 'senh5', version: '1.0.0', mobileType: 1 }).mobileType).toBe(1);
    expect(defaultParamsSchema.safeParse({ appCode: 'senh5', version: '1.0.0', mobileType: '3' }).success).toBe(false);
    expect(defaultParamsSchema.safeParse({ appCode: '', version: '1.0.0', mobileType: '2' }).success).toBe(false);
    expect(defaultParamsSchema.safeParse({ version: '1.0.0', mobileType: '2' }).success).toBe(false);
  });
});
