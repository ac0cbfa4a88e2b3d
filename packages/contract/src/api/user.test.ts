import { describe, expect, it } from 'vitest';
import { AUTH_STATE } from '../constants.ts';
import { hasCompletedAuth, parseAuthConfig, type AuthDetail } from './certification.ts';
import { deviceSaveRequestSchema, equipmentSaveRequestSchema } from './user.ts';

const pending: AuthDetail = {
  idState: AUTH_STATE.NOT_STARTED,
  workInfoState: AUTH_STATE.NOT_STARTED,
  bankCardState: AUTH_STATE.NOT_STARTED,
  kycState: AUTH_STATE.NOT_STARTED,
  telecomPermissionState: AUTH_STATE.NOT_STARTED,
  userAuthState: AUTH_STATE.NOT_STARTED,
};
const done = '30';

describe('parseAuthConfig', () => {
  it('reads comma-separated item names, tolerating case and spaces, and drops unknown ones', () => {
    expect(parseAuthConfig('ID,WORK,BANK,KYC,TELECOM')).toEqual(['ID', 'WORK', 'BANK', 'KYC', 'TELECOM']);
    expect(parseAuthConfig(' id , kyc ,FACE,')).toEqual(['ID', 'KYC']);
    expect(parseAuthConfig('')).toEqual([]);
  });

  it('does not mistake inherited object properties for items', () => {
    expect(parseAuthConfig('constructor,toString,__proto__')).toEqual([]);
  });
});

describe('hasCompletedAuth', () => {
  it('is true when every configured non-BANK item is 30', () => {
    const detail = { ...pending, idState: done, workInfoState: done, kycState: done, telecomPermissionState: done };
    expect(hasCompletedAuth(detail, 'ID,WORK,BANK,KYC,TELECOM')).toBe(true);
  });

  it('does not need BANK', () => {
    const detail = { ...pending, idState: done, kycState: done, bankCardState: AUTH_STATE.NOT_STARTED };
    expect(hasCompletedAuth(detail, 'ID,KYC,BANK')).toBe(true);
  });

  it('is false when a configured item is not done, even if it is in review', () => {
    const detail = { ...pending, idState: done, kycState: AUTH_STATE.IN_REVIEW };
    expect(hasCompletedAuth(detail, 'ID,KYC')).toBe(false);
  });

  it('ignores items that are done but not configured', () => {
    expect(hasCompletedAuth({ ...pending, idState: done }, 'ID')).toBe(true);
    expect(hasCompletedAuth({ ...pending, workInfoState: done }, 'ID')).toBe(false);
  });

  it('is true when userAuthState is 30, whatever the items say', () => {
    expect(hasCompletedAuth({ ...pending, userAuthState: done }, 'ID,WORK,KYC')).toBe(true);
    expect(hasCompletedAuth({ ...pending, userAuthState: done }, '')).toBe(true);
  });

  it('is false for an empty configuration (or one of BANK only) without userAuthState 30', () => {
    const allDone = { ...pending, idState: done, workInfoState: done, bankCardState: done, kycState: done, telecomPermissionState: done };
    expect(hasCompletedAuth(allDone, '')).toBe(false);
    expect(hasCompletedAuth(allDone, 'BANK')).toBe(false);
  });
});

describe('equipment save', () => {
  it('accepts the device record and coerces mobileType', () => {
    const parsed = equipmentSaveRequestSchema.parse({ appVersion: '1.0.0', mobileType: '2', regClient: 'Android' });
    expect(parsed.mobileType).toBe(2);
  });

  it('records an unknown device family as UNKNOWN and refuses an unknown mobileType', () => {
    expect(equipmentSaveRequestSchema.parse({ appVersion: '1.0.0', mobileType: 2, regClient: 'Windows' }).regClient).toBe('UNKNOWN');
    expect(equipmentSaveRequestSchema.safeParse({ appVersion: '1.0.0', mobileType: 0, regClient: 'PC' }).success).toBe(false);
  });

  it('refuses a control character in a text field (a null byte once gave 500)', () => {
    expect(equipmentSaveRequestSchema.safeParse({ appVersion: '1.0.0\u0000', regClient: 'PC' }).success).toBe(false);
  });
});

describe('device save', () => {
  it('drops album, SMS, call-log, contacts and location fields at parsing', () => {
    const parsed = deviceSaveRequestSchema.parse({
      hardwareInfo: '{"model":"SM-A135F"}',
      systemInfo: '{"release":"13"}',
      networkInfo: '{"type":"wifi"}',
      albumInfo: '[...]',
      smsInfo: '[...]',
      userCommunicationRecordStr: 'AAAA',
      locationInfo: '{"lat":21}',
    });
    expect(Object.keys(parsed).sort()).toEqual(['hardwareInfo', 'networkInfo', 'systemInfo']);
  });
});
