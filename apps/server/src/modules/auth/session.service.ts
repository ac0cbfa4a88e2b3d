import type { Clock } from '../../shared/clock.ts';
import { randomToken, sha256Hex } from '../../shared/crypto.ts';
import type { SessionInfo } from '../../types.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionRepository } from './session.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Opaque random session tokens, stored only as sha256 (DESIGN.md: sessions are stored hashed). */
export class SessionService {
  constructor(
    private readonly repository: SessionRepository,
    private readonly clock: Clock,
    private readonly ttlDays: number,
    /** Only for a database no other process writes (PGlite): see SessionCache. */
    private readonly cache?: SessionCache,
  ) {}

  /** Starts a session and returns its token; the token itself is never stored. */
  async issue(userId: string, loginMethod: SessionInfo['loginMethod']): Promise<string> {
    const token = randomToken();
    const now = this.clock();
    await this.repository.create({
      userId,
      tokenHash: sha256Hex(token),
      loginMethod,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.ttlDays * DAY_MS),
    });
    return token;
  }

  async resolve(token: string): Promise<SessionInfo | null> {
    const tokenHash = sha256Hex(token);
    const now = this.clock();
    const cached = this.cache?.get(tokenHash, now.getTime());
    if (cached) return cached;
    const readStartedAt = this.cache?.startRead() ?? 0;
    const found = await this.repository.findActive(tokenHash, now);
    if (!found) return null;
    this.cache?.set(readStartedAt, tokenHash, found.session, found.expiresAt, now.getTime());
    return found.session;
  }

  /** Still valid (not revoked or expired since the request resolved it)? */
  isActive(sessionId: string): Promise<boolean> {
    return this.repository.isActive(sessionId, this.clock());
  }

  // Evicted both before (no new entry from here on) and after the write (none from a read that
  // raced with it), so a revoked session is never served from the cache once revoke returns.
  async revoke(sessionId: string): Promise<void> {
    this.cache?.evictSession(sessionId);
    await this.repository.revoke(sessionId, this.clock());
    this.cache?.evictSession(sessionId);
  }

  async revokeAll(userId: string): Promise<void> {
    this.cache?.evictUser(userId);
    await this.repository.revokeAllForUser(userId, this.clock());
    this.cache?.evictUser(userId);
  }
}
