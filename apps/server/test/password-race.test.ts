import { setTimeout as sleep } from 'node:timers/promises';
import { API_PATHS, transformPassword, type LoginSession } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Atomicity is under test, not the login limits: 40 racing logins come from one IP (route limit 30 a
  // minute), and the old password failing after each change would lock the phone against the next change.
  t = await createTestApp({
    config: (config) => ({ ...config, loginBrake: { ...config.loginBrake, routeLimitPerMinute: 1_000, failuresBeforeLock: 1_000, failuresBeforeCode: 1_000 } }),
  });
});
afterAll(async () => t?.close());

const passwords = ['sen111', 'sen222', 'sen333', 'sen444'].map((text) => transformPassword(text));

/**
 * Password logins with the current password, started at staggered moments while the password
 * is being replaced. Whatever the interleaving, no session from those logins may stay valid.
 */
async function raceLogins(phone: string, passwd: string, change: () => Promise<{ statusCode: number; envelope: { data: LoginSession } }>) {
  const logins = Array.from({ length: 10 }, (_, index) =>
    sleep(index * 12).then(() => t.post<LoginSession>(API_PATHS.login, { payload: { phone, passwd } })),
  );
  const [changed, ...answers] = await Promise.all([change(), ...logins]);
  expect(changed.statusCode, JSON.stringify(changed.envelope)).toBe(200);
  const tokens = answers.filter((answer) => answer.envelope.code === 200).map((answer) => answer.envelope.data.token);
  // 2105: the guessing brake may lock the phone once the old password keeps failing.
  for (const answer of answers) expect([200, 2101, 2105]).toContain(answer.envelope.code);
  const survivors = [];
  for (const token of tokens) if ((await t.get(API_PATHS.userInfo, { token })).statusCode !== 401) survivors.push(token);
  expect(survivors).toEqual([]);
  expect((await t.get(API_PATHS.userInfo, { token: changed.envelope.data.token })).statusCode).toBe(200);
  return { token: changed.envelope.data.token, loggedIn: tokens.length };
}

describe('password change is atomic', () => {
  it('leaves no session made with the old password by logins racing password/update and password/set', async () => {
    const first = await t.loginWithOtp();
    const set = await t.post<LoginSession>(API_PATHS.passwordSet, { token: first.token, payload: { newPasswd: passwords[0] } });
    expect(set.envelope.code).toBe(200);
    let token = set.envelope.data.token;
    let loggedIn = 0;

    for (let round = 1; round < passwords.length; round += 1) {
      const [oldPasswd, newPasswd] = [passwords[round - 1]!, passwords[round]!];
      const result = await raceLogins(first.phone, oldPasswd, () =>
        t.post<LoginSession>(API_PATHS.passwordUpdate, { token, payload: { oldPasswd, newPasswd } }),
      );
      token = result.token;
      loggedIn += result.loggedIn;
    }

    // Forgotten password: a fresh OTP login sets a new one while logins use the last one.
    t.clock.advance(61_000);
    const otp = await t.loginWithOtp(first.phone);
    const result = await raceLogins(first.phone, passwords.at(-1)!, () =>
      t.post<LoginSession>(API_PATHS.passwordSet, { token: otp.token, payload: { newPasswd: passwords[0] } }),
    );
    loggedIn += result.loggedIn;
    // Some logins won their race (and were revoked): the test did exercise the interleaving.
    expect(loggedIn).toBeGreaterThan(0);
  });
});
