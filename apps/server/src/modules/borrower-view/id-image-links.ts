import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links to a borrower's ID images made by an audited reveal (decision 097): `<fileId>.<expires>.<mac>`,
 * the MAC over the file, the expiry and the operator session that revealed them, with a server-only
 * key. Nothing is stored: the image route recomputes the MAC with the caller's own session, so a link
 * copied to another operator (or another browser: sessions are bound to one) or used after its
 * minutes are up is refused, and a link cannot be made or stretched without the key.
 */
export class IdImageLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = createHmac('sha256', secret).update('sen:admin-id-image-links:v1').digest();
  }

  private mac(fileId: string, expires: number, sessionId: string): string {
    return createHmac('sha256', this.key).update(`${fileId}\n${expires}\n${sessionId}`).digest('base64url');
  }

  /** A token for `fileId`, good for `sessionId` until now + ttl. */
  issue(fileId: string, sessionId: string, now: Date): { token: string; expiresAt: Date } {
    const expires = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    return { token: `${fileId}.${expires}.${this.mac(fileId, expires, sessionId)}`, expiresAt: new Date(expires * 1000) };
  }

  /** The file id when `token` was made for `sessionId` and has not expired; null otherwise. */
  verify(token: string, sessionId: string, now: Date): string | null {
    const [fileId, expiresText, mac, ...rest] = token.split('.');
    if (!fileId || !expiresText || !mac || rest.length > 0 || !/^\d{1,12}$/.test(expiresText)) return null;
    const expires = Number(expiresText);
    if (expires * 1000 <= now.getTime()) return null;
    const expected = Buffer.from(this.mac(fileId, expires, sessionId));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? fileId : null;
  }
}
