import type { Clock } from '../../shared/clock.ts';
import { randomToken, sha256Hex } from '../../shared/crypto.ts';
import type { SessionInfo } from '../../types.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionRepository } from './session.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** Last use is written at most this often per session: the hot path stays a single read. */
const TOUCH_EVERY_MS = MINUTE_MS;

export interface SessionOptions {
  ttlDays: number;
  /** A session unused this long ends (SESSION_IDLE_MINUTES). */
  idleMinutes: number;
}

/**
 * Opaque random session tokens, stored only as sha256 (DESIGN.md: sessions are stored hashed),
 * bound to the device id they were issued to and ended by idleness as well as by age.
 */
export class SessionService {
  constructor(
    private readonly repository: SessionRepository,
    private readonly clock: Clock,
    private readonly options: SessionOptions,
    /** Only for a database no other process writes (PGlite): see SessionCache. */
    private readonly cache?: SessionCache,
  ) {}

  /** Starts a session and returns its token and id; the token itself is never stored. */
  async issue(userId: string, loginMethod: SessionInfo['loginMethod'], deviceId: string | null): Promise<{ token: string; sessionId: string }> {
    const token = randomToken();
    const now = this.clock();
    const sessionId = await this.repository.create({
      userId,
      tokenHash: sha256Hex(token),
      loginMethod,
      deviceId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.options.ttlDays * DAY_MS),
    });
    return { token, sessionId };
  }

  /**
   * The session of a token presented from `deviceId`: null when unknown, revoked, expired, idle
   * too long, or issued to another device (a token copied off one phone does not work on another).
   * A session issued without a device id is not bound.
   */
  async resolve(token: string, deviceId: string | null): Promise<SessionInfo | null> {
    const tokenHash = sha256Hex(token);
    const now = this.clock();
    let found = this.cache?.get(tokenHash, now.getTime());
    if (!found) {
      const readStartedAt = this.cache?.startRead() ?? 0;
      const read = await this.repository.findActive(tokenHash, now, new Date(now.getTime() - this.options.idleMinutes * MINUTE_MS));
      if (!read) return null;
      found = read.session;
      this.cache?.set(readStartedAt, tokenHash, found, read.expiresAt, now.getTime());
    }
    if (found.deviceId !== null && found.deviceId !== deviceId) return null;
    if (now.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.repository.touch(found.sessionId, now, new Date(now.getTime() - TOUCH_EVERY_MS));
      found.lastSeenAt = now;
    }
    const { deviceId: _deviceId, lastSeenAt: _lastSeenAt, ...session } = found;
    return session;
  }

  /** Still valid (not revoked or expired since the request resolved it)? */
  isActive(sessionId: string): Promise<boolean> {
    return this.repository.isActive(sessionId, this.clock());
  }

  // Evicted both before (no new entry from here on) and after the write (none from a read that
  // raced with it), so a revoked session is never served from the cache once revoke returns.
  async revoke(sessionId: string): Promise<boolean> {
    this.cache?.evictSession(sessionId);
    const revoked = await this.repository.revoke(sessionId, this.clock());
    this.cache?.evictSession(sessionId);
    return revoked;
  }

  async revokeAll(userId: string): Promise<number> {
    this.cache?.evictUser(userId);
    const revoked = await this.repository.revokeAllForUser(userId, this.clock());
    this.cache?.evictUser(userId);
    return revoked;
  }

  /** The user's sessions as the data export shows them (no token hashes). */
  async exportFor(userId: string) {
    const rows = await this.repository.listForUser(userId);
    return rows.map((row) => ({
      loginMethod: row.loginMethod,
      deviceId: row.deviceId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    }));
  }
}
