import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the development liveness page's signed result says. */
export interface DevLivenessClaim {
  v: 1;
  bizNo: string;
  /** The user's public id the session belongs to. */
  sub: number;
  passed: boolean;
  /** The stored face frame (stored_files id) when passed. */
  face: string | null;
  /** Issued at (unix seconds). */
  iat: number;
}

function mac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The development provider's two proofs (decision 041), HMAC-SHA256 with a server-only key:
 * - the page token `pt`: the frame's page may send frames for this bizNo (it carries no session);
 * - the signed result `<base64url(claim)>.<mac>`: what the page posts to the app, and the app to
 *   result/get, where the server checks it before anything changes. The app cannot forge or
 *   alter it, nor use it for another user or session.
 */
export class DevLivenessSigner {
  private readonly pageKey: Buffer;
  private readonly resultKey: Buffer;

  constructor(secret: string) {
    this.pageKey = createHmac('sha256', secret).update('sen:liveness-dev:page:v1').digest();
    this.resultKey = createHmac('sha256', secret).update('sen:liveness-dev:result:v1').digest();
  }

  pageToken(bizNo: string): string {
    return mac(this.pageKey, bizNo);
  }

  checkPageToken(bizNo: string, token: string): boolean {
    return equal(this.pageToken(bizNo), token);
  }

  signResult(claim: DevLivenessClaim): string {
    const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
    return `${body}.${mac(this.resultKey, body)}`;
  }

  /** The claim when the signature is ours, else null. */
  verifyResult(token: string): DevLivenessClaim | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined || !equal(mac(this.resultKey, body), signature)) return null;
    try {
      const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DevLivenessClaim;
      if (claim.v !== 1 || typeof claim.bizNo !== 'string' || typeof claim.sub !== 'number' || typeof claim.passed !== 'boolean') return null;
      return claim;
    } catch {
      return null;
    }
  }
}
