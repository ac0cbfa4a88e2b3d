import { API_PATHS, ERRORS } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../src/db/schema.ts';
import { createTestApp, randomPhone, type TestApp } from '../helpers/test-app.ts';

/**
 * Finding 7: the 5-try OTP limit holds under 100 parallel guesses (on PostgreSQL the right code was
 * accepted as the 6th to 11th guess when tries were counted after the comparison).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, rateLimitPerMinute: 10_000 }) });
});
afterAll(async () => t?.close());

function wrongCodes(right: string, count: number): string[] {
  const codes: string[] = [];
  for (let value = 0; codes.length < count; value += 1) {
    const code = String(value).padStart(4, '0');
    if (code !== right) codes.push(code);
  }
  return codes;
}

describe('finding 7: OTP tries are reserved atomically', () => {
  it('compares at most 5 of 100 parallel guesses, and never accepts the right one after them', async () => {
    const phone = randomPhone();
    expect((await t.post(API_PATHS.loginSms, { payload: { phone } })).envelope.code).toBe(200);
    const right = t.lastOtp(phone);
    // The right code goes last: it may only win if it is among the first five tries reserved.
    const guesses = [...wrongCodes(right, 99), right];
    const responses = await Promise.all(guesses.map((smsCode) => t.post(API_PATHS.login, { payload: { phone, smsCode } })));
    const codes = responses.map((response) => response.envelope.code);
    expect(codes.every((code) => code !== 500 && code !== 503)).toBe(true);

    const compared = codes.filter((code) => code === 200 || code === ERRORS.OTP_INCORRECT.code).length;
    const accepted = codes.filter((code) => code === 200).length;
    // The fifth wrong try answers OTP_LOCKED, so at most 4 INCORRECT (+ maybe the one success) are seen.
    expect(compared).toBeLessThanOrEqual(5);
    expect(accepted).toBeLessThanOrEqual(1);

    const [row] = await t.database.db.select({ tries: otpCodes.failedAttempts, consumedAt: otpCodes.consumedAt }).from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(row?.tries).toBeLessThanOrEqual(5);
    if (accepted === 0) {
      // Locked: the right code is refused from now on.
      const after = await t.post(API_PATHS.login, { payload: { phone, smsCode: right } });
      expect(after.envelope.code).toBe(ERRORS.OTP_LOCKED.code);
      expect(row?.consumedAt).toBeNull();
    }
  });

  it('still accepts the right code on the fifth try, and locks after five wrong ones', async () => {
    const phone = randomPhone();
    await t.post(API_PATHS.loginSms, { payload: { phone } });
    const right = t.lastOtp(phone);
    const wrong = wrongCodes(right, 5);
    for (const smsCode of wrong.slice(0, 4)) expect((await t.post(API_PATHS.login, { payload: { phone, smsCode } })).envelope.code).toBe(ERRORS.OTP_INCORRECT.code);
    expect((await t.post(API_PATHS.login, { payload: { phone, smsCode: right } })).envelope.code).toBe(200);

    const other = randomPhone();
    await t.post(API_PATHS.loginSms, { payload: { phone: other } });
    const otherRight = t.lastOtp(other);
    const results: number[] = [];
    for (const smsCode of wrongCodes(otherRight, 5)) results.push((await t.post(API_PATHS.login, { payload: { phone: other, smsCode } })).envelope.code);
    expect(results).toEqual([2001, 2001, 2001, 2001, 2003]);
    expect((await t.post(API_PATHS.login, { payload: { phone: other, smsCode: otherRight } })).envelope.code).toBe(2003);
  });
});
