import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, type ObjectStorage } from './storage.ts';

export interface S3StorageOptions {
  /** Base URL of an S3-compatible service (MinIO, Cloudflare R2, Viettel/FPT object storage); AWS when unset. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Prefix of every key in the bucket (e.g. `sen/`), to share a bucket. */
  prefix: string;
  timeoutMs: number;
}

/**
 * Files in an S3-compatible bucket through `@aws-sdk/client-s3`. Objects are written private (no
 * ACL given, so the bucket's default; the bucket must not be public) with server-side encryption
 * asked for; the app reads them back and serves them to their owner itself, so no public or
 * presigned URL of the bucket ever reaches a client.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { requestTimeout: options.timeoutMs, connectionTimeout: options.timeoutMs },
    });
  }

  private keyOf(key: string): string {
    assertStorageKey(key);
    return `${this.options.prefix}${key}`;
  }

  async put(key: string, data: Buffer, options: { contentType: string }): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.keyOf(key),
        Body: data,
        ContentType: options.contentType,
        ContentLength: data.length,
        ServerSideEncryption: 'AES256',
        CacheControl: 'private, no-store',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
      if (!response.Body) return null;
      return Buffer.from(await response.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
