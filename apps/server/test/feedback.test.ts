import { ADMIN_PATHS, API_PATHS, type FeedbackItem, type OperatorFeedbackItem } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, storedFiles } from '../src/db/schema.ts';
import { sampleJpeg, samplePdf, samplePng } from './helpers/images.ts';
import { postMultipart } from './helpers/multipart.ts';
import type { AdminBrowser, OperatorSession } from './helpers/operators.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/* Feedback (score/review): validation, ownership of the borrower's list, the back office's list (permission borrowers.read). */

let t: TestApp;
let viewer: OperatorSession;
beforeAll(async () => {
  t = await createTestApp();
  viewer = await t.operatorSession('viewer');
});
afterAll(async () => t?.close());

/** The back office's feedback list, as `browser` (a signed-in viewer by default). */
function operatorList(browser: AdminBrowser | null = viewer.browser, query: Record<string, string> = {}) {
  return (browser ?? t.adminBrowser()).get<OperatorFeedbackItem[]>(ADMIN_PATHS.feedback, query);
}

describe('feedback', () => {
  it('stores trimmed text and answers a receipt', async () => {
    const login = await t.loginWithOtp();
    const sent = await t.post<{ id: number; createdAt: string }>(API_PATHS.scoreReview, { token: login.token, payload: { content: '  Giao diện rất dễ dùng  ' } });
    expect(sent.envelope).toMatchObject({ code: 200, data: { id: expect.any(Number), createdAt: expect.any(String) } });
    const mine = await t.post<FeedbackItem[]>(API_PATHS.feedbackList, { token: login.token });
    expect(mine.envelope.data).toEqual([{ id: sent.envelope.data.id, content: 'Giao diện rất dễ dùng', images: [], createdAt: sent.envelope.data.createdAt }]);
  });

  it.each([
    [{}, 'Please input'],
    [{ content: '   ' }, 'Please input'],
    [{ content: 'x'.repeat(1001) }, 'Feedback must be at most 1000 characters'],
    [{ content: 'bad\u0000text' }, 'Please remove unsupported characters'],
    [{ content: 42 }, 'Request failed'],
  ])('refuses %j with “%s”', async (payload, message) => {
    const login = await t.loginWithOtp();
    const response = await t.post(API_PATHS.scoreReview, { token: login.token, payload, lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.envelope).toMatchObject({ code: 400, message });
  });

  it('needs a session', async () => {
    expect((await t.post(API_PATHS.scoreReview, { payload: { content: 'hi' } })).statusCode).toBe(401);
    expect((await t.post(API_PATHS.feedbackList)).statusCode).toBe(401);
  });

  it("lists only the caller's own feedback", async () => {
    const a = await t.loginWithOtp();
    const b = await t.loginWithOtp();
    await t.post(API_PATHS.scoreReview, { token: a.token, payload: { content: 'from A' } });
    await t.post(API_PATHS.scoreReview, { token: b.token, payload: { content: 'from B' } });
    const listA = await t.post<FeedbackItem[]>(API_PATHS.feedbackList, { token: a.token });
    expect(listA.envelope.data.map((item) => item.content)).toEqual(['from A']);
    const listB = await t.post<FeedbackItem[]>(API_PATHS.feedbackList, { token: b.token });
    expect(listB.envelope.data.map((item) => item.content)).toEqual(['from B']);
  });

  it('lists every feedback to operators, newest first, and refuses without an operator session', async () => {
    const a = await t.loginWithOtp();
    await t.post(API_PATHS.scoreReview, { token: a.token, payload: { content: 'operator sees this' } });
    expect((await operatorList(null)).statusCode).toBe(401);
    // A borrower's session is not an operator's.
    const withSession = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.feedback, headers: { authorization: a.token, 'x-sen-admin': '1' } });
    expect(withSession.statusCode).toBe(401);

    const list = await operatorList(viewer.browser, { limit: '5' });
    expect(list.statusCode).toBe(200);
    expect(list.envelope.data[0]).toMatchObject({ content: 'operator sees this', userId: a.id, source: 'web' });
    const ids = list.envelope.data.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const older = await operatorList(viewer.browser, { before: String(ids[0]), limit: '5' });
    expect(older.envelope.data.every((item) => item.id < ids[0]!)).toBe(true);
  });

});

describe('feedback with pictures (feedback/submit, multipart)', () => {
  it('stores up to three checked pictures, served to their author and listed for operators', async () => {
    const author = await t.loginWithOtp();
    const other = await t.loginWithOtp();
    const sent = await postMultipart<{ id: number }>(t, API_PATHS.feedbackSubmit, {
      token: author.token,
      fields: { content: 'Ảnh chụp màn hình lỗi' },
      files: { image1: { data: await sampleJpeg() }, image2: { data: await samplePng(), contentType: 'image/png', filename: 'shot.png' } },
    });
    expect(sent.envelope, sent.body).toMatchObject({ code: 200, data: { id: expect.any(Number) } });

    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, sent.envelope.data.id));
    expect(row!.images).toHaveLength(2);
    const files = await t.database.db.select().from(storedFiles).where(eq(storedFiles.userId, await t.internalUserId(author.id)));
    expect(files.map((file) => file.purpose)).toEqual(['feedback', 'feedback']);

    const mine = await t.post<FeedbackItem[]>(API_PATHS.feedbackList, { token: author.token });
    const links = mine.envelope.data[0]!.images;
    expect(links).toHaveLength(2);
    const picture = await t.app.inject({ method: 'GET', url: links[0]! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    // Another borrower's session does not open the author's picture.
    const fileUrl = links[0]!.split('?')[0]!;
    const foreign = await t.app.inject({ method: 'GET', url: fileUrl, headers: { authorization: other.token, 'device-id': t.deviceOfToken(other.token) ?? '' } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.post<FeedbackItem[]>(API_PATHS.feedbackList, { token: other.token })).envelope.data).toEqual([]);

    const operators = await operatorList();
    const listed = operators.envelope.data.find((item) => item.id === sent.envelope.data.id);
    expect(listed).toMatchObject({ userId: author.id, images: [expect.stringContaining('sig='), expect.stringContaining('sig=')] });
  });

  it('refuses a fourth picture, a part of another name and a file that is not an image', async () => {
    const login = await t.loginWithOtp();
    const jpeg = { data: await sampleJpeg({ exif: false }) };
    const four = await postMultipart(t, API_PATHS.feedbackSubmit, {
      token: login.token,
      lang: 'en',
      fields: { content: 'four' },
      files: { image1: jpeg, image2: jpeg, image3: jpeg, image4: jpeg },
    });
    expect(four.statusCode).toBe(400);
    expect(four.envelope.message).toBe('You can add up to 3 images');
    const renamed = await postMultipart(t, API_PATHS.feedbackSubmit, { token: login.token, lang: 'en', fields: { content: 'pdf' }, files: { image1: { data: samplePdf() } } });
    expect(renamed.statusCode).toBe(415);
    const empty = await postMultipart(t, API_PATHS.feedbackSubmit, { token: login.token, lang: 'en', fields: { content: ' ' }, files: { image1: jpeg } });
    expect(empty.envelope).toMatchObject({ code: 400, message: 'Please input' });
    // Nothing was stored by the refused calls.
    expect((await t.post<FeedbackItem[]>(API_PATHS.feedbackList, { token: login.token })).envelope.data).toEqual([]);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.userId, await t.internalUserId(login.id)))).toEqual([]);
  });
});
