import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions } from '../../db/schema.ts';
import type { SessionInfo } from '../../types.ts';

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(input: { userId: string; tokenHash: string; loginMethod: SessionInfo['loginMethod']; createdAt: Date; expiresAt: Date }): Promise<void> {
    await this.db.insert(sessions).values(input);
  }

  async findActive(tokenHash: string, now: Date): Promise<SessionInfo | null> {
    const [row] = await this.db
      .select({ sessionId: sessions.id, userId: sessions.userId, loginMethod: sessions.loginMethod, createdAt: sessions.createdAt })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    return row ?? null;
  }

  async revoke(sessionId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(userId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
