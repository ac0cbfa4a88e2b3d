import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dataBreaches, operators } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

type OperatorRef = { id: number; email: string; name: string };
export type BreachRow = typeof dataBreaches.$inferSelect;
export type ListedBreach = BreachRow & { recordedByRef: OperatorRef | null; notifiedByRef: OperatorRef | null };

/** The personal-data breach register (decision 116). */
export class BreachesRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  async insert(values: typeof dataBreaches.$inferInsert): Promise<BreachRow> {
    const [row] = await this.db.insert(dataBreaches).values(values).returning();
    if (!row) throw new Error('breach insert returned no row');
    return row;
  }

  async lock(id: number): Promise<BreachRow | null> {
    const [row] = await this.db.select().from(dataBreaches).where(eq(dataBreaches.id, id)).for('update');
    return row ?? null;
  }

  async markNotified(id: number, change: { notifiedAt: Date; notificationReference: string; notifiedBy: number }): Promise<void> {
    await this.db.update(dataBreaches).set(change).where(eq(dataBreaches.id, id));
  }

  /** Not yet notified first, by deadline; then the notified ones, newest first. */
  async list(id?: number): Promise<ListedBreach[]> {
    const recorder = alias(operators, 'recorder');
    const notifier = alias(operators, 'notifier');
    const rows = await this.db
      .select({
        row: dataBreaches,
        recordedBy: { id: recorder.id, email: recorder.email, name: recorder.name },
        notifiedBy: { id: notifier.id, email: notifier.email, name: notifier.name },
      })
      .from(dataBreaches)
      .leftJoin(recorder, eq(recorder.id, dataBreaches.recordedBy))
      .leftJoin(notifier, eq(notifier.id, dataBreaches.notifiedBy))
      .where(id === undefined ? undefined : eq(dataBreaches.id, id))
      .orderBy(asc(sql`${dataBreaches.notifiedAt} is not null`), asc(sql`case when ${dataBreaches.notifiedAt} is null then ${dataBreaches.notifyBy} end`), desc(dataBreaches.discoveredAt))
      .limit(500);
    return rows.map((row) => ({ ...row.row, recordedByRef: row.recordedBy?.id ? row.recordedBy : null, notifiedByRef: row.notifiedBy?.id ? row.notifiedBy : null }));
  }
}
