import { and, desc, eq, getTableColumns, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { operatorAudit, operators } from '../../db/schema.ts';

/** An audit row with its actor's current name (the row keeps the e-mail of the time; the name may change). */
export type AuditRow = typeof operatorAudit.$inferSelect & { actorName: string | null };

export interface AuditFilter {
  actorId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Rows older than this (at, id) position: the cursor of the page before. */
  before?: { at: Date; id: number } | undefined;
}

/** The audit trail: inserts and reads only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export class OperatorAuditRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async insert(row: typeof operatorAudit.$inferInsert): Promise<void> {
    await this.uow.db.insert(operatorAudit).values(row);
  }

  search(filter: AuditFilter, limit: number): Promise<AuditRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.actorId !== undefined ? eq(operatorAudit.actorId, filter.actorId) : undefined,
      filter.action ? (filter.action.endsWith('.') ? like(operatorAudit.action, `${escapeLike(filter.action)}%`) : eq(operatorAudit.action, filter.action)) : undefined,
      filter.targetType ? eq(operatorAudit.targetType, filter.targetType) : undefined,
      filter.targetId ? eq(operatorAudit.targetId, filter.targetId) : undefined,
      filter.from ? gte(operatorAudit.at, filter.from) : undefined,
      filter.to ? lt(operatorAudit.at, filter.to) : undefined,
      filter.before
        ? or(lt(operatorAudit.at, filter.before.at), and(eq(operatorAudit.at, filter.before.at), lt(operatorAudit.id, filter.before.id)))
        : undefined,
    ];
    return this.uow.db
      .select({ ...getTableColumns(operatorAudit), actorName: operators.name })
      .from(operatorAudit)
      .leftJoin(operators, eq(operators.id, operatorAudit.actorId))
      .where(and(...conditions))
      .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
      .limit(limit);
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
