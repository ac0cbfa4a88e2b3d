import { and, eq, gt, isNull } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { sessions } from '../../db/schema.ts';
import type { SessionInfo } from '../../types.ts';

export class SessionRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

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

  async isActive(sessionId: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    return row !== undefined;
  }

  async revoke(sessionId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(userId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
