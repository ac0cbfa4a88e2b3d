import { defineEndpoint, IMAGE_PART, type endpoints, type ErrorName } from '@sen/contract';
import sharp from 'sharp';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { UploadedFile } from '../../types.ts';
import { AppError } from '../app-error.ts';
import { assertReceivableFileParts, receiveFiles, type ReceivedFiles } from './endpoint-files.ts';
import type { CleanImage } from './image-upload.ts';

const photoEndpoint = defineEndpoint({
  id: 'testPhoto',
  method: 'POST',
  path: '/api/test/photo',
  summary: 'Test only: a photo and an optional log',
  module: 'test',
  request: z.object({}),
  response: z.null(),
  signed: false,
  session: 'none',
  bodyEncoding: 'multipart',
  fileParts: [
    { name: 'photo', required: true, description: 'A photo', ...IMAGE_PART },
    { name: 'log', required: false, description: 'A text log', maxBytes: 16 },
  ],
  errors: [],
});

const strictEndpoint = defineEndpoint({ ...photoEndpoint, id: 'testStrictPhoto', otherFilePartsRefusedWith: 'validation.feedback.tooManyImages' });

const jpeg = () => sharp({ create: { width: 300, height: 240, channels: 3, background: '#3b82f6' } }).jpeg().toBuffer();
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const part = (fieldname: string, data: Buffer): UploadedFile => ({ fieldname, filename: `${fieldname}.bin`, mimetype: 'application/octet-stream', data });

async function refusal(promise: Promise<unknown>): Promise<{ errorName: ErrorName; messageKey: string | undefined }> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { errorName: error.errorName, messageKey: error.messageKey };
}

describe('the file parts a handler receives', () => {
  it('are typed by the endpoint: images cleaned, other parts as bytes, optional ones possibly undefined', () => {
    expectTypeOf<ReceivedFiles<typeof endpoints.kycSave>['image']>().toEqualTypeOf<CleanImage>();
    expectTypeOf<ReceivedFiles<typeof endpoints.kycFace>['faceFile']>().toEqualTypeOf<CleanImage>();
    expectTypeOf<ReceivedFiles<typeof endpoints.kycFace>['livenessDataFile']>().toEqualTypeOf<Buffer | undefined>();
    expectTypeOf<ReceivedFiles<typeof endpoints.orderCommit>['signPic']>().toEqualTypeOf<CleanImage | undefined>();
    expectTypeOf<ReceivedFiles<typeof endpoints.orderCommit>['eventFile']>().toEqualTypeOf<Buffer | undefined>();
    expectTypeOf<ReceivedFiles<typeof endpoints.feedbackSubmit>['image3']>().toEqualTypeOf<CleanImage | undefined>();
    expectTypeOf<ReceivedFiles<typeof endpoints.uploadCert>['imagCert']>().toEqualTypeOf<CleanImage>();
    expectTypeOf<ReceivedFiles<typeof endpoints.livenessDevCapture>['frame2']>().toEqualTypeOf<CleanImage>();
  });

  it('gives the cleaned image and the bytes by part name, dropping an undeclared part unread', async () => {
    const files = await receiveFiles(photoEndpoint, [part('photo', await jpeg()), part('log', Buffer.from('1|view')), part('contacts', Buffer.from('x'))]);
    expect(files.photo).toMatchObject({ contentType: 'image/jpeg', width: 300, height: 240, sourceType: 'image/jpeg' });
    expect(files.log?.toString('utf8')).toBe('1|view');
    expect(Object.keys(files).sort()).toEqual(['log', 'photo']);
    const withoutLog = await receiveFiles(photoEndpoint, [part('photo', await jpeg()), part('log', Buffer.alloc(0))]);
    expect(withoutLog.log).toBeUndefined();
  });

  it('refuses a required part absent, empty or sent twice as missing', async () => {
    expect(await refusal(receiveFiles(photoEndpoint, []))).toMatchObject({ errorName: 'UPLOAD_MISSING' });
    expect(await refusal(receiveFiles(photoEndpoint, [part('photo', Buffer.alloc(0))]))).toMatchObject({ errorName: 'UPLOAD_MISSING' });
    expect(await refusal(receiveFiles(photoEndpoint, [part('photo', await jpeg()), part('photo', await jpeg())]))).toMatchObject({ errorName: 'UPLOAD_MISSING' });
  });

  it('refuses a part over its size before any image is decoded, and an image by its content', async () => {
    // The photo is a PDF: had it been decoded first, the answer would be UPLOAD_NOT_IMAGE.
    expect(await refusal(receiveFiles(photoEndpoint, [part('photo', pdf()), part('log', Buffer.alloc(17, 'a'))]))).toMatchObject({ errorName: 'UPLOAD_TOO_LARGE' });
    expect(await refusal(receiveFiles(photoEndpoint, [part('photo', pdf())]))).toMatchObject({ errorName: 'UPLOAD_NOT_IMAGE' });
    const pngOnly = defineEndpoint({ ...photoEndpoint, fileParts: [{ name: 'photo', required: true, description: 'A PNG', contentTypes: ['image/png'] }] });
    expect(await refusal(receiveFiles(pngOnly, [part('photo', await jpeg())]))).toMatchObject({ errorName: 'UPLOAD_NOT_IMAGE' });
  });

  it('refuses an undeclared part with the endpoint’s message where it asks for that', async () => {
    expect(await refusal(receiveFiles(strictEndpoint, [part('photo', await jpeg()), part('photo4', await jpeg())]))).toEqual({
      errorName: 'VALIDATION_FAILED',
      messageKey: 'validation.feedback.tooManyImages',
    });
  });

  it('refuses at registration parts the server could not check', () => {
    expect(() => assertReceivableFileParts(photoEndpoint)).not.toThrow();
    const pdfPart = defineEndpoint({ ...photoEndpoint, fileParts: [{ name: 'contract', required: true, description: 'A PDF', contentTypes: ['application/pdf'] }] });
    expect(() => assertReceivableFileParts(pdfPart)).toThrow(/contract accepts application\/pdf/);
    const jsonWithParts = defineEndpoint({ ...photoEndpoint, bodyEncoding: 'json' });
    expect(() => assertReceivableFileParts(jsonWithParts)).toThrow(/multipart/);
  });
});
