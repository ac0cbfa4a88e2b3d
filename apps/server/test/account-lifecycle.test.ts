import { vietnamDate } from '@sen/domain';
import { API_PATHS, ERRORS, PRIVACY_POLICY_VERSION, type DataExport, type LoginSession } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClosures, feedback, privacyConsents, storedFiles, userDeviceFacts, userEquipment, userMessages, users } from '../src/db/schema.ts';
import { accountErasureSweep } from '../src/jobs/account-erasure.sweep.ts';
import { SweepRunner } from '../src/jobs/sweep-runner.ts';
import { seedDemoProfile } from '../src/modules/certification/index.ts';
import { FamilyClient } from './helpers/family-clients.ts';
import { sampleJpeg } from './helpers/images.ts';
import { postMultipart } from './helpers/multipart.ts';
import { createTestApp, randomDeviceId, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * The account lifecycle of issue 13: closing (guards, revocation, the phone freed), the erasure
 * sweep after the retention period, the data export and the consent history. Runs on PGlite and
 * on PostgreSQL like every server test.
 */

const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Users a test close guard treats as having a loan not settled (what the loan module will do). */
const withOpenLoan = new Set<string>();
/** Users whose closing waits in the guard (holding the user's row) until the test releases it. */
const held = new Map<string, Promise<void>>();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: (config) => ({ ...config, accountRetentionDays: RETENTION_DAYS }),
    extend: (app) => {
      app.accountLifecycle.addCloseGuard(async (userId) => (withOpenLoan.has(userId) ? { messageKey: 'error.accountCloseUnsettledLoan' } : null));
      app.accountLifecycle.addCloseGuard(async (userId) => {
        await held.get(userId);
        return null;
      });
    },
  });
});
afterAll(async () => t?.close());

/** A user who saved a device record, device facts, a consent and a feedback. */
async function userWithData(label: string) {
  const deviceId = randomDeviceId();
  const phone = randomPhone();
  const login = await t.loginWithOtp(phone, { deviceId });
  const token = login.token;
  await t.post(API_PATHS.equipmentSave, { token, deviceId, payload: { appVersion: '1.0.0', regClient: 'Android', phoneBrand: `brand-${label}`, phoneModel: `model-${label}` } });
  await t.post(API_PATHS.deviceSave, { token, deviceId, payload: { hardwareInfo: JSON.stringify({ model: `hw-${label}` }) } });
  await t.post(API_PATHS.privacyConsent, { token, deviceId, payload: { version: PRIVACY_POLICY_VERSION, agreed: true } });
  const sent = await postMultipart(t, API_PATHS.feedbackSubmit, { token, fields: { content: `feedback of ${label}` }, files: { image1: { data: await sampleJpeg({ exif: false }) } } });
  expect(sent.envelope.code, sent.body).toBe(200);
  const userId = await t.internalUserId(login.id);
  await t.app.messages.notify(userId, 'creditReviewStarted', {}, { eventKey: `review-${label}` });
  return { login, phone, deviceId, token, userId };
}

function runErasure(at: Date) {
  return new SweepRunner(t.database.uow, () => at, t.app.log).run(accountErasureSweep(t.app.accountLifecycle), vietnamDate(at));
}

describe('closing an account', () => {
  it('is refused with a clear message while a guard objects (a loan not settled), and nothing changes', async () => {
    const user = await userWithData('guarded');
    withOpenLoan.add(user.userId);
    try {
      const refused = await t.post(API_PATHS.deleteUser, { token: user.token, payload: { rid: user.login.id, reason: 2 }, lang: 'en' });
      expect(refused.statusCode).toBe(409);
      expect(refused.envelope).toMatchObject({
        code: ERRORS.ACCOUNT_CLOSE_REFUSED.code,
        message: 'You have a loan that is not settled yet. Please repay it before closing your account',
      });
      // The session still works and the account is not closed.
      expect((await t.post(API_PATHS.userInfo, { token: user.token })).envelope.data).toMatchObject({ phone: user.phone });
      expect(await t.app.accountLifecycle.isClosed(user.userId)).toBe(false);
    } finally {
      withOpenLoan.delete(user.userId);
    }
  });

  it('revokes every session at once (the old tokens get 401) and frees the phone for a new user', async () => {
    const user = await userWithData('closed');
    t.clock.advance(61_000); // the OTP resend interval
    const second = await t.loginWithOtp(user.phone);
    const closed = await t.post(API_PATHS.deleteUser, { token: user.token, payload: { rid: user.login.id, reason: 4, remark: 'Tôi không cần nữa' } });
    expect(closed.envelope).toEqual({ code: 200, message: 'success', data: null });

    for (const token of [user.token, second.token]) {
      const after = await t.post(API_PATHS.userInfo, { token });
      expect(after.statusCode).toBe(401);
      expect(after.envelope.code).toBe(401);
    }
    // Messages stop: nothing more is stored for the closed account.
    expect(await t.app.messages.notify(user.userId, 'creditReviewStarted', {}, { eventKey: 'after-close' })).toEqual({ id: 0, created: false });
    expect(await t.database.db.select().from(userMessages).where(eq(userMessages.userId, user.userId))).toHaveLength(1);
    const [closure] = await t.database.db.select().from(accountClosures).where(eq(accountClosures.userId, user.userId));
    expect(closure).toMatchObject({ reason: 4, remark: 'Tôi không cần nữa', erasedAt: null });
    expect(closure!.eraseAfter.getTime() - closure!.closedAt.getTime()).toBe(RETENTION_DAYS * DAY_MS);
    expect(closure!.phoneCipher).not.toContain(user.phone);
    const [row] = await t.database.db.select({ phone: users.phone, passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.userId));
    expect(row).toEqual({ phone: `closed:${user.userId}`, passwordHash: null });

    // The same phone registers again as a new user, with nothing of the old one.
    t.clock.advance(61_000);
    const again = await t.loginWithOtp(user.phone);
    expect(again.id).not.toBe(user.login.id);
    const exported = await t.post<DataExport>(API_PATHS.dataExport, { token: again.token });
    expect(exported.envelope.data.sections.feedback).toEqual([]);
    expect(exported.envelope.data.sections.consents).toEqual([]);
  });

  it('refuses a rid that is not the caller and a reason outside the four', async () => {
    const user = await t.loginWithOtp();
    const other = await t.loginWithOtp();
    const wrong = await t.post(API_PATHS.deleteUser, { token: user.token, payload: { rid: other.id }, lang: 'en' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.envelope).toMatchObject({ code: ERRORS.ACCOUNT_WRONG_USER.code, message: 'This request is for another account' });
    const badReason = await t.post(API_PATHS.deleteUser, { token: user.token, payload: { reason: 7 } });
    expect(badReason.statusCode).toBe(400);
    const noSession = await t.post(API_PATHS.deleteUser, { payload: { rid: user.id } });
    expect(noSession.statusCode).toBe(401);
    // Neither account was closed by any of these.
    expect((await t.post(API_PATHS.userInfo, { token: user.token })).statusCode).toBe(200);
    expect((await t.post(API_PATHS.userInfo, { token: other.token })).statusCode).toBe(200);
  });

  it('a code login racing the closing never keeps a session of the closed account', async () => {
    const phone = randomPhone();
    const first = await t.loginWithOtp(phone);
    const userId = await t.internalUserId(first.id);
    let release = () => {};
    held.set(userId, new Promise<void>((resolve) => (release = resolve)));
    t.clock.advance(61_000);
    // The code is verified before the closing ends; the session is issued while it holds the row.
    expect((await t.sendCode({ payload: { phone } })).envelope.code).toBe(200);
    const closing = t.post(API_PATHS.deleteUser, { token: first.token, payload: { rid: first.id } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const login = t.post<LoginSession>(API_PATHS.login, { payload: { phone, smsCode: t.lastOtp(phone) } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect((await closing).envelope.code).toBe(200);
    const racing = await login;
    expect(racing.envelope.code, racing.body).toBe(200);
    // Whatever the order, the session that came out belongs to a live (new) account.
    expect(racing.envelope.data.id).not.toBe(first.id);
    expect((await t.post(API_PATHS.userInfo, { token: racing.envelope.data.token })).statusCode).toBe(200);
    expect((await t.post(API_PATHS.userInfo, { token: first.token })).statusCode).toBe(401);
    held.delete(userId);
  });
});

describe('the erasure sweep', () => {
  it('erases personal data only after the retention period, keeps consents and the blind index', async () => {
    const user = await userWithData('erased');
    const keeper = await userWithData('kept');
    expect((await t.post(API_PATHS.deleteUser, { token: user.token, payload: { rid: user.login.id } })).envelope.code).toBe(200);
    const count = async (userId: string) => ({
      equipment: (await t.database.db.select().from(userEquipment).where(eq(userEquipment.userId, userId))).length,
      facts: (await t.database.db.select().from(userDeviceFacts).where(eq(userDeviceFacts.userId, userId))).length,
      feedback: (await t.database.db.select().from(feedback).where(eq(feedback.userId, userId))).length,
      consents: (await t.database.db.select().from(privacyConsents).where(eq(privacyConsents.userId, userId))).length,
      files: (await t.database.db.select().from(storedFiles).where(eq(storedFiles.userId, userId))).length,
      messages: (await t.database.db.select().from(userMessages).where(eq(userMessages.userId, userId))).length,
    });

    const [picture] = await t.database.db.select({ key: storedFiles.storageKey }).from(storedFiles).where(eq(storedFiles.userId, user.userId));
    expect(await t.app.infra.storage.get(picture!.key)).not.toBeNull();

    const early = await runErasure(new Date(t.clock.now().getTime() + (RETENTION_DAYS - 1) * DAY_MS));
    expect(early.status).toBe('ran');
    expect(await count(user.userId)).toEqual({ equipment: 1, facts: 1, feedback: 1, consents: 1, files: 1, messages: 1 });

    const due = await runErasure(new Date(t.clock.now().getTime() + (RETENTION_DAYS + 1) * DAY_MS));
    expect(due).toMatchObject({ status: 'ran', result: { accounts: expect.any(Number), devices: expect.any(Number), feedback: expect.any(Number) } });
    expect(await count(user.userId)).toEqual({ equipment: 0, facts: 0, feedback: 0, consents: 1, files: 0, messages: 0 });
    expect(await t.app.infra.storage.get(picture!.key)).toBeNull();
    const [closure] = await t.database.db.select().from(accountClosures).where(eq(accountClosures.userId, user.userId));
    expect(closure).toMatchObject({ phoneCipher: null, remark: null, erasedAt: expect.any(Date), phoneIndex: expect.any(String) });
    // Another user's data is untouched.
    expect(await count(keeper.userId)).toEqual({ equipment: 1, facts: 1, feedback: 1, consents: 1, files: 1, messages: 1 });
  });
});

describe('the data export', () => {
  it("contains every section of the caller's data and nothing of another user, no tokens", async () => {
    const a = await userWithData('alpha');
    const b = await userWithData('bravo');
    const response = await t.post<DataExport>(API_PATHS.dataExport, { token: a.token });
    expect(response.envelope.code, response.body).toBe(200);
    const data = response.envelope.data;
    const text = () => JSON.stringify(data);
    expect(data).toMatchObject({ format: 'sen-personal-data-export', userId: a.login.id, generatedAt: expect.any(String) });
    expect(Object.keys(data.sections)).toEqual(expect.arrayContaining(['profile', 'devices', 'consents', 'sessions', 'certification', 'messages', 'files', 'feedback']));
    expect(data.sections.messages).toEqual([expect.objectContaining({ template: 'creditReviewStarted', readAt: null })]);
    expect(data.sections.profile).toMatchObject({ id: a.login.id, phone: a.phone, passwordSet: false });
    expect(data.sections.devices).toMatchObject({ records: [{ phoneBrand: 'brand-alpha', phoneModel: 'model-alpha' }], facts: { hardware: { model: 'hw-alpha' } } });
    expect(data.sections.consents).toEqual([{ version: PRIVACY_POLICY_VERSION, agreed: true, createdAt: expect.any(String) }]);
    expect(data.sections.feedback).toEqual([expect.objectContaining({ content: 'feedback of alpha', imageFileIds: [expect.any(String)] })]);
    expect(data.sections.files).toEqual([expect.objectContaining({ purpose: 'feedback', contentType: 'image/jpeg', byteSize: expect.any(Number) })]);
    expect(text()).not.toMatch(/storageKey|storage_key|users\//);
    expect(data.sections.sessions).toEqual([expect.objectContaining({ loginMethod: 'sms', revokedAt: null })]);

    for (const foreign of [b.phone, 'bravo', `"id":${b.login.id},`, b.deviceId]) expect(text()).not.toContain(foreign);
    expect(text()).not.toContain(a.token);
    expect(text()).not.toMatch(/tokenHash|token_hash|passwordHash/);
  });

  it('masks the receiving account numbers and lists the emergency contacts', async () => {
    const login = await t.loginWithOtp();
    const bound = await t.post(API_PATHS.bankBindV2, {
      token: login.token,
      payload: {
        payWay: 'CARD',
        bankId: '970436',
        accountUser: 'NGUYEN VAN AN',
        bankNo: '0011001234567',
        confirmBankNo: '0011001234567',
        relativesInfoVOList: [
          { relatives: 1, relativesName: 'Nguyễn Thị Bình', relativesMobile: '0387654321' },
          { relatives: 2, relativesName: 'Trần Văn Cường', relativesMobile: '0705123456' },
        ],
      },
    });
    expect(bound.envelope.code, bound.body).toBe(200);
    const data = (await t.post<DataExport>(API_PATHS.dataExport, { token: login.token })).envelope.data;
    const text = JSON.stringify(data);
    expect(text).not.toContain('0011001234567');
    expect(text).toContain('4567');
    expect(data.sections.receivingAccounts).toMatchObject({ emergencyContacts: [expect.objectContaining({ name: 'Nguyễn Thị Bình' }), expect.objectContaining({ name: 'Trần Văn Cường' })] });
    expect(data.sections.kyc).toBeNull();
  });

  it('exports the personal data with the ID number masked', async () => {
    const phone = randomPhone();
    const login = await t.loginWithOtp(phone);
    await seedDemoProfile(t.app, await t.internalUserId(login.id), phone);
    const data = (await t.post<DataExport>(API_PATHS.dataExport, { token: login.token })).envelope.data;
    expect(data.sections.personalData).toMatchObject({ personal: { cardNo: '********2345' } });
    expect(JSON.stringify(data)).not.toContain('001095012345');
  });

  it('needs a session', async () => {
    expect((await t.post(API_PATHS.dataExport)).statusCode).toBe(401);
  });
});

describe('consent history', () => {
  it('lists the caller’s privacy-policy answers, newest first, and only theirs', async () => {
    const deviceId = randomDeviceId();
    const login = await t.loginWithOtp(undefined, { deviceId });
    await t.post(API_PATHS.privacyConsent, { token: login.token, deviceId, payload: { version: PRIVACY_POLICY_VERSION, agreed: false } });
    t.clock.advance(1000);
    await t.post(API_PATHS.privacyConsent, { token: login.token, deviceId, payload: { version: PRIVACY_POLICY_VERSION, agreed: true } });
    // A visitor's consent (no session) belongs to nobody's history.
    await t.post(API_PATHS.privacyConsent, { deviceId, payload: { version: PRIVACY_POLICY_VERSION, agreed: true } });
    const history = await t.post(API_PATHS.consentHistory, { token: login.token, deviceId });
    expect(history.envelope.data).toEqual([
      { version: PRIVACY_POLICY_VERSION, agreed: true, createdAt: expect.any(String) },
      { version: PRIVACY_POLICY_VERSION, agreed: false, createdAt: expect.any(String) },
    ]);
  });
});

describe('the family’s clients', () => {
  it.each(['VT', 'KMP'] as const)('%s: score/review {content} and delete/user {rid}', async (name) => {
    const client = new FamilyClient(name, { app: t.app, appCode: t.config.appCode, now: () => t.clock.now().getTime() });
    await client.fetchSecret();
    const phone = randomPhone();
    expect((await client.post(API_PATHS.loginSms, { phone })).envelope.code).toBe(200);
    const login = await client.post<LoginSession>(API_PATHS.login, { phone, smsCode: t.lastOtp(phone), loginType: 1, regClient: name === 'VT' ? 'Android' : 'IOS' });
    expect(login.envelope.code, JSON.stringify(login.envelope)).toBe(200);
    client.token = login.envelope.data.token;

    const review = await client.post<{ id: number }>(API_PATHS.scoreReview, { content: 'Ứng dụng dễ dùng & nhanh <3' });
    expect(review.envelope, JSON.stringify(review.envelope)).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    const [stored] = await t.database.db.select().from(feedback).where(eq(feedback.id, review.envelope.data.id));
    expect(stored).toMatchObject({ content: 'Ứng dụng dễ dùng & nhanh <3', source: 'family', images: [] });

    // The family sends the user id as `rid` (VT a number, KMP as its Long): accepted as a number or as text.
    const closed = await client.post(API_PATHS.deleteUser, { rid: name === 'VT' ? login.envelope.data.id : String(login.envelope.data.id) });
    expect(closed.envelope, JSON.stringify(closed.envelope)).toEqual({ code: 200, message: 'success', data: null });
    const after = await client.post(API_PATHS.userInfo);
    expect(after.envelope.code).toBe(401);
  });
});
