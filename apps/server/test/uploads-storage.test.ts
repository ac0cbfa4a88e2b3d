import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/shared/app-error.ts';
import { cleanImage } from '../src/shared/uploads/image-upload.ts';
import { LocalDirectoryStorage } from '../src/shared/uploads/local-storage.ts';
import { S3Storage } from '../src/shared/uploads/s3-storage.ts';
import type { ObjectStorage } from '../src/shared/uploads/storage.ts';
import { startFakeS3, type FakeS3 } from './helpers/fake-s3.ts';
import { oversizedJpegLike, sampleJpeg, samplePdf, samplePng, truncatedJpeg } from './helpers/images.ts';

/** The upload foundation (decision 040): the image check and both storage adapters. */

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.errorName;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('cleanImage', () => {
  it('re-encodes a JPEG as JPEG, applies its orientation and drops every metadata block (EXIF GPS, camera)', async () => {
    const input = await sampleJpeg({ width: 640, height: 400 });
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const clean = await cleanImage({ data: input });
    const after = await sharp(clean.data).metadata();
    expect(clean.contentType).toBe('image/jpeg');
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 (rotate 90°) applied: the stored picture stands upright.
    expect([clean.width, clean.height]).toEqual([400, 640]);
    expect(clean.data.includes(Buffer.from('Serial-12345'))).toBe(false);
    expect(clean.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a PNG with transparency and stores a JPEG', async () => {
    const clean = await cleanImage({ data: await samplePng() });
    expect(clean.sourceType).toBe('image/png');
    expect((await sharp(clean.data).metadata()).format).toBe('jpeg');
  });

  it('scales a large photo into 2000 px', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const clean = await cleanImage({ data: big });
    expect([clean.width, clean.height]).toEqual([2000, 1500]);
  });

  it('refuses a PDF renamed .jpg, text, an empty file, an SVG and a GIF by their content', async () => {
    expect(await refusal(cleanImage({ data: samplePdf() }))).toBe('UPLOAD_NOT_IMAGE');
    expect(await refusal(cleanImage({ data: Buffer.from('just some text, not a picture') }))).toBe('UPLOAD_NOT_IMAGE');
    expect(await refusal(cleanImage({ data: Buffer.alloc(0) }))).toBe('UPLOAD_MISSING');
    expect(await refusal(cleanImage({ data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"></svg>') }))).toBe('UPLOAD_NOT_IMAGE');
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } }).gif().toBuffer();
    expect(await refusal(cleanImage({ data: gif }))).toBe('UPLOAD_NOT_IMAGE');
  });

  it('refuses a truncated JPEG and garbage after a JPEG signature as damaged', async () => {
    expect(await refusal(cleanImage({ data: await truncatedJpeg() }))).toBe('UPLOAD_DAMAGED');
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.alloc(5000, 7)]);
    expect(await refusal(cleanImage({ data: garbage }))).toBe('UPLOAD_DAMAGED');
  });

  it('refuses more than 8 MB before decoding, and a tiny picture', async () => {
    expect(await refusal(cleanImage({ data: oversizedJpegLike(8 * 1024 * 1024 + 1) }))).toBe('UPLOAD_TOO_LARGE');
    expect(await refusal(cleanImage({ data: oversizedJpegLike(20 * 1024 * 1024) }))).toBe('UPLOAD_TOO_LARGE');
    expect(await refusal(cleanImage({ data: await sampleJpeg({ width: 120, height: 90, exif: false }) }))).toBe('UPLOAD_TOO_SMALL');
  });

  it('refuses a decompression bomb (small file, huge bitmap)', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(8 * 1024 * 1024);
    expect(await refusal(cleanImage({ data: bomb }))).toBe('UPLOAD_DAMAGED');
  });
});

/** The same behaviour from every adapter. */
function storageContract(name: string, make: () => ObjectStorage) {
  describe(`${name} storage`, () => {
    it('puts, gets and deletes by key; a missing key is null; deleting twice is fine', async () => {
      const storage = make();
      const key = `users/00000000-0000-4000-8000-000000000001/kyc_front/${Date.now()}.jpg`;
      const data = Buffer.from([1, 2, 3, 4, 5]);
      await storage.put(key, data, { contentType: 'image/jpeg' });
      expect(await storage.get(key)).toEqual(data);
      await storage.put(key, Buffer.from([9]), { contentType: 'image/jpeg' });
      expect(await storage.get(key)).toEqual(Buffer.from([9]));
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key);
      expect(await storage.get('users/none/never.jpg')).toBeNull();
    });

    it('refuses keys that could leave the store', async () => {
      const storage = make();
      for (const key of ['../etc/passwd', '/abs/path.jpg', 'users/../../x.jpg', 'Users/X.jpg', 'a//b', '']) {
        await expect(storage.put(key, Buffer.from([1]), { contentType: 'image/jpeg' })).rejects.toThrow(/storage key/);
      }
    });
  });
}

let dir: string;
let fake: FakeS3;
const s3Options = { bucket: 'sen-test', accessKeyId: 'AKIATESTFAKE', secretAccessKey: 'fake-secret-key-for-tests', region: 'ap-southeast-1' };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sen-storage-'));
  fake = await startFakeS3(s3Options);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await fake?.close();
});

const s3 = (overrides: Partial<typeof s3Options> = {}, prefix = 'sen/') =>
  new S3Storage({ endpoint: fake.url, forcePathStyle: true, prefix, timeoutMs: 5000, ...s3Options, ...overrides });

storageContract('local directory', () => new LocalDirectoryStorage(dir));
storageContract('S3 (fake S3 on 127.0.0.1)', () => s3());

describe('local directory storage', () => {
  it('keeps files private to the server user and leaves no temporary files', async () => {
    const storage = new LocalDirectoryStorage(dir);
    await storage.put('users/u1/kyc_back/a.jpg', Buffer.from([1]));
    const file = path.join(dir, 'users', 'u1', 'kyc_back', 'a.jpg');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual(['a.jpg']);
  });
});

describe('S3 storage against the fake', () => {
  it('signs every call (SigV4 verified by the fake), writes under the prefix with type, encryption and no public ACL', async () => {
    const storage = s3();
    await storage.put('users/u2/kyc_face/b.jpg', Buffer.from('jpeg-bytes'), { contentType: 'image/jpeg' });
    const object = fake.objects.get('sen/users/u2/kyc_face/b.jpg');
    expect(object?.data.toString()).toBe('jpeg-bytes');
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(object?.headers['x-amz-acl']).toBeUndefined();
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((request) => request.signatureValid)).toBe(true);
  });

  it('fails loudly with wrong credentials (the fake refuses the signature)', async () => {
    const storage = s3({ secretAccessKey: 'wrong-secret' });
    await expect(storage.put('users/u3/x/c.jpg', Buffer.from([1]), { contentType: 'image/jpeg' })).rejects.toThrow();
    expect(fake.objects.has('sen/users/u3/x/c.jpg')).toBe(false);
    expect(fake.requests.at(-1)?.signatureValid).toBe(false);
  });
});
