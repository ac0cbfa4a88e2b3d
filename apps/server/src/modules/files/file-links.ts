import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Owner-only links to stored files (docs/decisions/040-uploads-and-storage.md). An `<img>` and the
 * family's native image loaders fetch a URL without our Authorization, device-id or sign headers,
 * so kyc/info answers, to the signed-in owner only, a link that carries its own proof: a MAC over
 * the file, its owner and an expiry, with a server-only key. The file route reads the file, then
 * checks the MAC against the file's real owner: a link is made only by the server, only for the
 * owner, and dies after FILE_LINK_TTL_SECONDS.
 */
export class FileLinks {
  private readonly key: Buffer;

  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = createHmac('sha256', secret).update('sen:file-links:v1').digest();
  }

  private mac(fileId: string, ownerUserId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${fileId}.${ownerUserId}.${expires}`).digest('base64url');
  }

  /** The query that proves access to `fileId` (owned by `ownerUserId`) until now + ttl. */
  issue(fileId: string, ownerUserId: string, now: Date): { expires: string; sig: string } {
    const expires = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    return { expires: String(expires), sig: this.mac(fileId, ownerUserId, expires) };
  }

  /** Whether the query is a genuine, unexpired link to `fileId` made for `ownerUserId`. */
  verify(fileId: string, ownerUserId: string, query: { expires?: unknown; sig?: unknown }, now: Date): boolean {
    const { expires, sig } = query;
    if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    const expiresAt = Number(expires);
    if (expiresAt * 1000 < now.getTime()) return false;
    const expected = Buffer.from(this.mac(fileId, ownerUserId, expiresAt));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
