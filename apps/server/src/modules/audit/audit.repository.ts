import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { securityEvents } from '../../db/schema.ts';

export type SecurityEventRow = typeof securityEvents.$inferInsert;

/** Inserts and reads only: security events are never changed or removed (a trigger refuses it as well). */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(row: SecurityEventRow): Promise<void> {
    await this.db.insert(securityEvents).values(row);
  }

  /** A borrower's latest events, newest first. */
  latestOfUser(userId: string, limit: number) {
    return this.db
      .select({
        id: securityEvents.id,
        type: securityEvents.type,
        result: securityEvents.result,
        method: securityEvents.method,
        ip: securityEvents.ip,
        deviceId: securityEvents.deviceId,
        occurredAt: securityEvents.occurredAt,
      })
      .from(securityEvents)
      .where(eq(securityEvents.userId, userId))
      .orderBy(desc(securityEvents.occurredAt), desc(securityEvents.id))
      .limit(limit);
  }
}
