import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { sessions, users } from '../../db/schema.ts';
import type { SessionInfo } from '../../types.ts';

/** An active session as stored, with what the idle and device checks need. */
export interface StoredSession extends SessionInfo {
  deviceId: string | null;
  lastSeenAt: Date;
}

/**
 * The active session of a token hash together with its user, in one round trip: every
 * authenticated call runs it. Built once and prepared (named, so PostgreSQL parses and plans it
 * once per connection): building the query in Drizzle on every call cost more CPU than the query.
 */
function prepareFindActive(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      loginMethod: sessions.loginMethod,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      deviceId: sessions.deviceId,
      lastSeenAt: sessions.lastSeenAt,
      publicId: users.publicId,
      phone: users.phone,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('sen_session_find_active');
}

export class SessionRepository {
  private findActiveQuery: ReturnType<typeof prepareFindActive> | undefined;

  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

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

  /** The session (and its user) of a token hash: not revoked, within its lifetime and used since `idleSince`. */
  async findActive(tokenHash: string, now: Date, idleSince: Date): Promise<{ session: StoredSession; expiresAt: Date } | null> {
    // Prepared once on the pool: the lookup of every authenticated call needs no transaction.
    this.findActiveQuery ??= prepareFindActive(this.uow.root);
    const [row] = await this.findActiveQuery.execute({ tokenHash, now, idleSince });
    if (!row) return null;
    const { publicId, phone, hasPassword, expiresAt, ...session } = row;
    return { session: { ...session, user: { publicId, phone, hasPassword } }, expiresAt };
  }

  /** Records a use; the condition makes concurrent touches of one session write once. */
  async touch(sessionId: string, now: Date, ifSeenBefore: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now }).where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, ifSeenBefore)));
  }

  async isActive(sessionId: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    return row !== undefined;
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

  /** The user's sessions for the data export: when and how each began and ended, never the token hash. */
  async listForUser(userId: string) {
    return this.uow.db
      .select({
        loginMethod: sessions.loginMethod,
        deviceId: sessions.deviceId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt));
  }
}
