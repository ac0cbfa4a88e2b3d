import type { Clock } from '../../shared/clock.ts';
import { randomToken, sha256Hex } from '../../shared/crypto.ts';
import type { SessionInfo } from '../../types.ts';
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
    const now = this.clock();
    const found = await this.repository.findActive(sha256Hex(token), now, new Date(now.getTime() - this.options.idleMinutes * MINUTE_MS));
    if (!found) return null;
    if (found.deviceId !== null && found.deviceId !== deviceId) return null;
    if (now.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.repository.touch(found.sessionId, now, new Date(now.getTime() - TOUCH_EVERY_MS));
    }
    const { deviceId: _deviceId, lastSeenAt: _lastSeenAt, ...session } = found;
    return session;
  }

  revoke(sessionId: string): Promise<boolean> {
    return this.repository.revoke(sessionId, this.clock());
  }

  revokeAll(userId: string): Promise<number> {
    return this.repository.revokeAllForUser(userId, this.clock());
  }
}
