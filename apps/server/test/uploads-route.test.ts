import { defineEndpoint, ERRORS, IMAGE_PART } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../src/compose.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from '../src/shared/register-endpoint.ts';
import { oversizedJpegLike, sampleJpeg, samplePdf, truncatedJpeg } from './helpers/images.ts';
import { postMultipart } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The reusable upload path (decisions 040, 088) through a real multipart request: a declared image
 * part, the files module's storage and its owner-only file route. A test endpoint stands in for a feature
 * (feedback, KYC) that takes one picture.
 */
const UPLOAD = '/api/test/upload/picture';
const uploadEndpoint = defineEndpoint({
  id: 'testUploadPicture',
  method: 'POST',
  path: UPLOAD,
  summary: 'Test only: stores one picture and answers its link',
  module: 'test',
  request: z.looseObject({}),
  response: z.object({ fileId: z.string(), url: z.string() }),
  signed: true,
  session: 'required',
  bodyEncoding: 'multipart',
  fileParts: [{ name: 'picture', required: true, description: 'The picture', ...IMAGE_PART }],
  errors: [],
});

/** An endpoint whose file is no image (a statement): a file too large is refused in its own words. */
const DOCUMENT = '/api/test/upload/document';
const documentEndpoint = defineEndpoint({
  id: 'testUploadDocument',
  method: 'POST',
  path: DOCUMENT,
  summary: 'Test only: takes one document of at most 1 MB',
  module: 'test',
  request: z.looseObject({}),
  response: z.object({ bytes: z.number() }),
  signed: true,
  session: 'required',
  bodyEncoding: 'multipart',
  fileParts: [{ name: 'document', required: true, description: 'The document', maxBytes: 1024 * 1024 }],
  fileTooLarge: 'STATEMENT_TOO_LARGE',
  errors: ['STATEMENT_TOO_LARGE'],
});

function addUpload(app: FastifyInstance, { services: { files } }: Composition) {
  registerEndpoint(app, uploadEndpoint, async ({ session, files: { picture } }) => {
    const file = await files.storeImage(session.userId, 'feedback', picture);
    return { fileId: file.id, url: files.linkFor(file) };
  });
  registerEndpoint(app, documentEndpoint, async ({ files: { document } }) => ({ bytes: document.length }));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extend: addUpload });
});
afterAll(async () => t?.close());

describe('uploading a picture', () => {
  it('stores a clean JPEG and serves it to its owner only', async () => {
    const alice = await t.loginWithOtp();
    const bob = await t.loginWithOtp();
    const stored = await postMultipart<{ fileId: string; url: string }>(t, UPLOAD, { token: alice.token, files: { picture: { data: await sampleJpeg() } } });
    expect(stored.statusCode, stored.body).toBe(200);
    const { fileId, url } = stored.envelope.data;

    // The owner's link works without any header (an <img>), and the bytes have no EXIF.
    const byLink = await t.app.inject({ method: 'GET', url });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.headers['content-type']).toBe('image/jpeg');
    expect(byLink.headers['cache-control']).toContain('no-store');
    expect((await sharp(byLink.rawPayload).metadata()).exif).toBeUndefined();

    // The owner's session works; Bob's session does not, not even with Alice's file id.
    const path = url.split('?')[0]!;
    const ownSession = await t.app.inject({ method: 'GET', url: path, headers: { authorization: alice.token, 'device-id': t.deviceOfToken(alice.token)! } });
    expect(ownSession.statusCode).toBe(200);
    const bobSession = await t.app.inject({ method: 'GET', url: path, headers: { authorization: bob.token, 'device-id': t.deviceOfToken(bob.token)! } });
    expect(bobSession.statusCode).toBe(404);
    expect(bobSession.json()).toMatchObject({ code: 404, data: null });
    // Bob with Alice's link but his own session: still no.
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: bob.token, 'device-id': t.deviceOfToken(bob.token)! } })).statusCode).toBe(404);

    // No proof at all, a forged or altered signature, a link moved to another file, an expired link.
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url.replace(/sig=.{4}/, 'sig=AAAA') })).statusCode).toBe(404);
    const expires = Number(/expires=(\d+)/.exec(url)![1]);
    expect((await t.app.inject({ method: 'GET', url: url.replace(`expires=${expires}`, `expires=${expires + 3600}`) })).statusCode).toBe(404);
    const bobFile = await postMultipart<{ fileId: string; url: string }>(t, UPLOAD, { token: bob.token, files: { picture: { data: await sampleJpeg({ color: '#ef4444' }) } } });
    expect((await t.app.inject({ method: 'GET', url: url.replace(fileId, bobFile.envelope.data.fileId) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/app/file/not-a-uuid' })).statusCode).toBe(404);
    t.clock.advance(11 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a PDF renamed .jpg with "Upload failed" and the reason, in the caller’s language', async () => {
    const user = await t.loginWithOtp();
    const en = await postMultipart(t, UPLOAD, { token: user.token, lang: 'en', files: { picture: { data: samplePdf(), filename: 'id-card.jpg' } } });
    expect(en.statusCode).toBe(415);
    expect(en.envelope).toEqual({ code: 2403, message: 'Upload failed: only JPEG, PNG or WebP images are accepted', data: null });
    const vn = await postMultipart(t, UPLOAD, { token: user.token, lang: 'vn', files: { picture: { data: samplePdf(), filename: 'id-card.jpg' } } });
    expect(vn.envelope.message).toBe('Tải lên thất bại: chỉ chấp nhận ảnh JPEG, PNG hoặc WebP');
  });

  it('refuses a 20 MB file and a 9 MB file as too large, a truncated JPEG as damaged, no file as missing', async () => {
    const user = await t.loginWithOtp();
    const huge = await postMultipart(t, UPLOAD, { token: user.token, lang: 'en', files: { picture: { data: oversizedJpegLike(20 * 1024 * 1024) } } });
    expect(huge.statusCode).toBe(413);
    expect(huge.envelope).toEqual({ code: 2402, message: 'Upload failed: the image is larger than 8 MB', data: null });
    const nine = await postMultipart(t, UPLOAD, { token: user.token, lang: 'en', files: { picture: { data: oversizedJpegLike(9 * 1024 * 1024) } } });
    expect(nine.envelope.code).toBe(2402);
    const cut = await postMultipart(t, UPLOAD, { token: user.token, lang: 'en', files: { picture: { data: await truncatedJpeg() } } });
    expect(cut.statusCode).toBe(400);
    expect(cut.envelope.message).toBe('Upload failed: the image is damaged or incomplete, please take it again');
    const none = await postMultipart(t, UPLOAD, { token: user.token, lang: 'zh', fields: { note: 'x' } });
    expect(none.envelope).toEqual({ code: 2401, message: '上传失败：请选择一张图片', data: null });
    const wrongPart = await postMultipart(t, UPLOAD, { token: user.token, files: { other: { data: await sampleJpeg() } } });
    expect(wrongPart.envelope.code).toBe(2401);
  });

  it('refuses a file too large in the words its endpoint names, over its own size and over the multipart limit alike', async () => {
    const user = await t.loginWithOtp();
    const fits = await postMultipart<{ bytes: number }>(t, DOCUMENT, { token: user.token, files: { document: { data: Buffer.alloc(1024 * 1024, 'x') } } });
    expect(fits.envelope, fits.body).toEqual({ code: 200, message: expect.any(String), data: { bytes: 1024 * 1024 } });
    for (const bytes of [2 * 1024 * 1024, 20 * 1024 * 1024]) {
      const large = await postMultipart(t, DOCUMENT, { token: user.token, lang: 'en', files: { document: { data: Buffer.alloc(bytes, 'x') } } });
      expect([large.statusCode, large.envelope.code], `${bytes}: ${large.body}`).toEqual([ERRORS.STATEMENT_TOO_LARGE.httpStatus, ERRORS.STATEMENT_TOO_LARGE.code]);
    }
  });

  it('asks for a session before reading anything', async () => {
    const anonymous = await postMultipart(t, UPLOAD, { files: { picture: { data: await sampleJpeg() } } });
    expect(anonymous.statusCode).toBe(401);
  });
});
