import type { Clock } from '../../shared/clock.ts';
import { randomToken, sha256Hex } from '../../shared/crypto.ts';
import type { SessionInfo } from '../../types.ts';
import type { SessionRepository } from './session.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Opaque random session tokens, stored only as sha256 (DESIGN.md: sessions are stored hashed). */
export class SessionService {
  constructor(
    private readonly repository: SessionRepository,
    private readonly clock: Clock,
    private readonly ttlDays: number,
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

  resolve(token: string): Promise<SessionInfo | null> {
    return this.repository.findActive(sha256Hex(token), this.clock());
  }

  /** Still valid (not revoked or expired since the request resolved it)? */
  isActive(sessionId: string): Promise<boolean> {
    return this.repository.isActive(sessionId, this.clock());
  }

  revoke(sessionId: string): Promise<void> {
    return this.repository.revoke(sessionId, this.clock());
  }

  revokeAll(userId: string): Promise<void> {
    return this.repository.revokeAllForUser(userId, this.clock());
  }
}
