import type { Db } from '../../db/database.ts';
import { securityEvents } from '../../db/schema.ts';

export type SecurityEventRow = typeof securityEvents.$inferInsert;

/** Inserts only: security events are never changed or removed (a trigger refuses it as well). */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(row: SecurityEventRow): Promise<void> {
    await this.db.insert(securityEvents).values(row);
  }
}
