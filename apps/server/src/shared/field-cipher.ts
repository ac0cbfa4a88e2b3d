import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Personal numbers at rest (DESIGN.md: ID and bank account numbers encrypted): AES-256-GCM with a
 * random IV per value, stored as `v1.<iv>.<tag>.<ciphertext>` in base64url. Equality lookups (an ID
 * number unique across users) use `blindIndex`, a keyed HMAC from a key derived separately, so the
 * database never holds a number it could reverse without the key.
 */
export class FieldCipher {
  private readonly encryptionKey: Buffer;
  private readonly indexKey: Buffer;

  constructor(hexKey: string) {
    const master = Buffer.from(hexKey, 'hex');
    if (master.length !== 32) throw new Error('field encryption key must be 32 bytes (64 hex characters)');
    this.encryptionKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'sen field encryption', 32));
    this.indexKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'sen blind index', 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** Throws when the value was not made by this key (tampered, truncated or another key). */
  decrypt(stored: string): string {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
      throw new Error('not an encrypted field value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** A stable keyed digest of `plain` under `purpose` (e.g. 'id-number'), for unique indexes and lookups. */
  blindIndex(purpose: string, plain: string): string {
    return createHmac('sha256', this.indexKey).update(purpose).update('\0').update(plain).digest('base64url');
  }
}

/** `0123456789` → `******6789`: all but the last `visible` characters hidden. */
export function maskTail(value: string, visible = 4): string {
  if (value.length <= visible) return value;
  return '*'.repeat(value.length - visible) + value.slice(-visible);
}
