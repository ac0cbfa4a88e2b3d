import { ADMIN_PATHS, ERRORS, type OperatorView } from '@sen/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../src/modules/operator/index.ts';
import { OPERATOR_TEST_PASSWORD } from './helpers/operators.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/* Operators' sign-in (decision 089): password, TOTP always, replay refused, lockout, idle expiry, browser binding, deactivation. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const securityEvents = async (operatorId: number) => {
  const result = (await t.database.db.execute(sql`select type, result, method from security_events where detail::jsonb ->> 'operatorId' = ${String(operatorId)} order by id`)) as unknown as { rows: unknown[] };
  return (result.rows as { type: string; result: string; method: string }[]).map((row) => `${row.type}:${row.result}:${row.method}`);
};

/** Password then TOTP for an enrolled operator, in a fresh browser. */
async function signIn(email: string, password: string, code: (browser: ReturnType<TestApp['adminBrowser']>) => Promise<string>) {
  const browser = t.adminBrowser();
  const step = await browser.post<{ step: string; pendingToken: string }>(ADMIN_PATHS.signInPassword, { email, password });
  if (step.envelope.code !== 200) return { browser, step, totp: null };
  const totp = await browser.post<{ operator: OperatorView }>(ADMIN_PATHS.signInTotp, { pendingToken: step.envelope.data.pendingToken, code: await code(browser) });
  return { browser, step, totp };
}

describe('operator sign-in', () => {
  it('invitation → enrolment → session: the operator reads their profile and permissions', async () => {
    const session = await t.operatorSession('reviewer');
    expect(session.browser.hasSession).toBe(true);
    const me = await session.browser.get<{ operator: OperatorView }>(ADMIN_PATHS.me);
    expect(me.envelope.data.operator).toMatchObject({ email: session.email, role: 'reviewer', status: 'active', totpEnrolled: true });
    expect(me.envelope.data.operator.permissions).toContain('reviews.decide');
    expect(me.envelope.data.operator.permissions).not.toContain('operators.manage');
    const cookie = [me.headers['set-cookie'] ?? []].flat().join('');
    expect(cookie).toBe('');
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, on /api/admin only', async () => {
    const session = await t.operatorSession('viewer');
    const again = await signIn(session.email, session.password, (browser) => browser.totp(session.secret, new Date(t.clock.now().getTime() + 30_000)));
    const setCookie = [again.totp!.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/sen_admin=[A-Za-z0-9_-]{40,}; Path=\/api\/admin; HttpOnly; SameSite=Strict/);
  });

  it('asks for TOTP after the password, refuses a wrong code and a replayed one, and records each attempt', async () => {
    const session = await t.operatorSession('viewer');
    const id = session.operator.id;
    // The enrolment's code used this time step: the same code again is a replay.
    const replayed = await signIn(session.email, session.password, (browser) => browser.totp(session.secret));
    expect(replayed.step.envelope.data.step).toBe('totp');
    expect(replayed.totp!.envelope.code).toBe(ERRORS.OPERATOR_TOTP_REPLAYED.code);
    const wrong = await signIn(session.email, session.password, async () => '000000');
    expect(wrong.totp!.envelope.code).toBe(ERRORS.OPERATOR_TOTP_INCORRECT.code);
    t.clock.advance(31_000);
    const next = await signIn(session.email, session.password, (browser) => browser.totp(session.secret));
    expect(next.totp!.envelope.code).toBe(200);
    expect(await securityEvents(id)).toEqual([
      'operator_sign_in:success:invitation',
      'operator_sign_in:success:totp',
      'operator_sign_in:success:password',
      'operator_sign_in:failure:totp',
      'operator_sign_in:success:password',
      'operator_sign_in:failure:totp',
      'operator_sign_in:success:password',
      'operator_sign_in:success:totp',
    ]);
  });

  it('answers one message for an unknown e-mail and a wrong password, in the request language', async () => {
    const session = await t.operatorSession('viewer');
    const browser = t.adminBrowser();
    const unknown = await browser.post(ADMIN_PATHS.signInPassword, { email: 'nobody@sen.test', password: 'whatever-long-enough' });
    const wrong = await browser.post(ADMIN_PATHS.signInPassword, { email: session.email, password: 'wrong password!' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope).toMatchObject({ code: ERRORS.OPERATOR_SIGN_IN_FAILED.code, message: 'Incorrect e-mail or password' });
    expect(wrong.envelope).toEqual(unknown.envelope);
    const vn = await browser.call('POST', ADMIN_PATHS.signInPassword, { email: 'nobody@sen.test', password: 'x' }, { headers: { lang: 'vi_VN' } });
    expect(vn.envelope.message).toBe('E-mail hoặc mật khẩu không đúng');
  });

  it('locks the operator for 15 minutes after 5 failures in a row, even with the right password', async () => {
    const session = await t.operatorSession('viewer');
    const browser = t.adminBrowser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await browser.post(ADMIN_PATHS.signInPassword, { email: session.email, password: 'wrong password!' });
      expect(response.envelope.code).toBe(ERRORS.OPERATOR_SIGN_IN_FAILED.code);
    }
    const locked = await browser.post(ADMIN_PATHS.signInPassword, { email: session.email, password: session.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.envelope).toMatchObject({ code: ERRORS.OPERATOR_LOCKED.code, message: 'Too many failed attempts, please try again in 15 minutes' });
    t.clock.advance(15 * 60_000 + 1000);
    const after = await signIn(session.email, session.password, (b) => b.totp(session.secret));
    expect(after.totp!.envelope.code).toBe(200);
    expect((await securityEvents(session.operator.id)).filter((event) => event.startsWith('operator_locked'))).toHaveLength(2);
  });

  it('ends a session idle for 30 minutes, and slides while it is used', async () => {
    const session = await t.operatorSession('viewer');
    t.clock.advance(20 * 60_000);
    expect((await session.browser.get(ADMIN_PATHS.me)).statusCode).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await session.browser.get(ADMIN_PATHS.me)).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    const expired = await session.browser.get(ADMIN_PATHS.me);
    expect(expired.statusCode).toBe(401);
    expect(expired.envelope.code).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('binds the session to the browser: the cookie from another user agent or without the browser id is refused', async () => {
    const session = await t.operatorSession('viewer');
    const thief = t.adminBrowser();
    for (const [name, value] of session.browser.cookies) thief.cookies.set(name, value);
    expect((await thief.get(ADMIN_PATHS.me)).statusCode).toBe(401);
    const noBrowserId = t.adminBrowser();
    noBrowserId.cookies.set('sen_admin', session.browser.cookies.get('sen_admin')!);
    expect((await noBrowserId.call('GET', ADMIN_PATHS.me, {}, { headers: { 'user-agent': session.browser.userAgent } })).statusCode).toBe(401);
  });

  it('ends the sessions of a deactivated operator and refuses their sign-in; a role change ends sessions too', async () => {
    const admin = await t.operatorSession('admin');
    const victim = await t.operatorSession('finance');
    const changed = await admin.browser.post<{ operator: OperatorView }>(ADMIN_PATHS.operatorRole, { operatorId: victim.operator.id, role: 'viewer', reason: 'moved team' });
    expect(changed.envelope.data.operator.role).toBe('viewer');
    expect((await victim.browser.get(ADMIN_PATHS.me)).statusCode).toBe(401);
    t.clock.advance(31_000);
    const back = await signIn(victim.email, victim.password, (b) => b.totp(victim.secret));
    expect(back.totp!.envelope.data.operator.role).toBe('viewer');
    const deactivated = await admin.browser.post(ADMIN_PATHS.operatorDeactivate, { operatorId: victim.operator.id, reason: 'left the company' });
    expect(deactivated.envelope.code).toBe(200);
    expect((await back.browser.get(ADMIN_PATHS.me)).statusCode).toBe(401);
    const refused = await t.adminBrowser().post(ADMIN_PATHS.signInPassword, { email: victim.email, password: victim.password });
    expect(refused.envelope.code).toBe(ERRORS.OPERATOR_SIGN_IN_FAILED.code);
  });

  it('refuses an admin changing their own role or deactivating themselves', async () => {
    const admin = await t.operatorSession('admin');
    const self = await admin.browser.post(ADMIN_PATHS.operatorDeactivate, { operatorId: admin.operator.id });
    expect(self.envelope.code).toBe(ERRORS.OPERATOR_SELF_CHANGE.code);
  });

  it('logs out: the cookie is cleared and the session no longer works', async () => {
    const session = await t.operatorSession('viewer');
    const cookie = session.browser.cookies.get('sen_admin')!;
    expect((await session.browser.post(ADMIN_PATHS.logout)).statusCode).toBe(200);
    expect(session.browser.cookies.has('sen_admin')).toBe(false);
    session.browser.cookies.set('sen_admin', cookie);
    expect((await session.browser.get(ADMIN_PATHS.me)).statusCode).toBe(401);
  });

  it('uses an invitation once, and refuses short passwords with a clear message', async () => {
    const invited = await t.services.operators.inviteFromCommandLine({ email: 'once@sen.test', name: 'Once', role: 'viewer' });
    const browser = t.adminBrowser();
    const short = await browser.post(ADMIN_PATHS.acceptInvitation, { token: invited.token, password: 'short' });
    expect(short.envelope).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code, message: 'Password must be 12 to 200 characters' });
    expect((await browser.post(ADMIN_PATHS.acceptInvitation, { token: invited.token, password: OPERATOR_TEST_PASSWORD })).envelope.code).toBe(200);
    const again = await browser.post(ADMIN_PATHS.acceptInvitation, { token: invited.token, password: OPERATOR_TEST_PASSWORD });
    expect(again.envelope.code).toBe(ERRORS.INVITATION_INVALID.code);
  });

  it('refuses an expired invitation (72 h) and an expired pending step (5 min)', async () => {
    const invited = await t.services.operators.inviteFromCommandLine({ email: 'late@sen.test', name: 'Late', role: 'viewer' });
    const browser = t.adminBrowser();
    t.clock.advance(72 * 3600_000 + 1000);
    expect((await browser.post(ADMIN_PATHS.acceptInvitation, { token: invited.token, password: OPERATOR_TEST_PASSWORD })).envelope.code).toBe(ERRORS.INVITATION_INVALID.code);
    const fresh = await t.services.operators.inviteFromCommandLine({ email: 'late@sen.test', name: 'Late', role: 'viewer' });
    const accepted = await browser.post<{ pendingToken: string }>(ADMIN_PATHS.acceptInvitation, { token: fresh.token, password: OPERATOR_TEST_PASSWORD });
    t.clock.advance(5 * 60_000 + 1000);
    expect((await browser.post(ADMIN_PATHS.enrol, { pendingToken: accepted.envelope.data.pendingToken })).envelope.code).toBe(ERRORS.OPERATOR_STEP_EXPIRED.code);
  });

  it('seeds the demo admin (SEED_DEMO) with the documented password and TOTP secret', async () => {
    await t.services.operators.seedDemoAdmin();
    await t.services.operators.seedDemoAdmin();
    t.clock.advance(31_000);
    const demo = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password, (browser) => browser.totp(DEMO_ADMIN.totpSecret));
    expect(demo.totp!.envelope.data.operator).toMatchObject({ email: DEMO_ADMIN.email, role: 'admin' });
  });
});
