import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions } from '../../db/schema.ts';
import type { SessionInfo } from '../../types.ts';

/** An active session as stored, with what the idle and device checks need. */
export interface StoredSession extends SessionInfo {
  deviceId: string | null;
  lastSeenAt: Date;
}

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(input: {
    userId: string;
    tokenHash: string;
    loginMethod: SessionInfo['loginMethod'];
    deviceId: string | null;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<string> {
    const [row] = await this.db
      .insert(sessions)
      .values({ ...input, lastSeenAt: input.createdAt })
      .returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned no row');
    return row.id;
  }

  /** Not revoked, within its lifetime and used since `idleSince`. */
  async findActive(tokenHash: string, now: Date, idleSince: Date): Promise<StoredSession | null> {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        loginMethod: sessions.loginMethod,
        createdAt: sessions.createdAt,
        deviceId: sessions.deviceId,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
      .limit(1);
    return row ?? null;
  }

  /** Records a use; the condition makes concurrent touches of one session write once. */
  async touch(sessionId: string, now: Date, ifSeenBefore: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now }).where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, ifSeenBefore)));
  }

  async revoke(sessionId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Revokes every live session of the user; answers how many there were. */
  async revokeAllForUser(userId: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length;
  }
}
