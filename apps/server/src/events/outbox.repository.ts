import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { outboxDeliveries, outboxEvents } from '../db/schema.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';

export type OutboxEventRow = typeof outboxEvents.$inferSelect;

/** The outbox's rows (decision 079). */
export class OutboxRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** Events recorded but not yet delivered (the metrics' outbox depth). */
  async pendingCount(): Promise<number> {
    const [row] = await this.uow.db.select({ count: sql<number>`count(*)::int` }).from(outboxEvents).where(isNull(outboxEvents.deliveredAt));
    return row?.count ?? 0;
  }

  async insert(type: string, payload: unknown, now: Date): Promise<string> {
    const [row] = await this.uow.db.insert(outboxEvents).values({ type, payload, createdAt: now, nextAttemptAt: now }).returning({ id: outboxEvents.id });
    return row!.id;
  }

  /** Undelivered events due for an attempt, oldest first. */
  pending(now: Date, limit: number, ids?: readonly string[]): Promise<OutboxEventRow[]> {
    return this.uow.db
      .select()
      .from(outboxEvents)
      .where(and(isNull(outboxEvents.deliveredAt), lte(outboxEvents.nextAttemptAt, now), ids ? sql`${outboxEvents.id} in ${ids}` : undefined))
      .orderBy(asc(outboxEvents.createdAt))
      .limit(limit);
  }

  /** Claims one handler's delivery of an event in the open transaction; false when it was applied already. */
  async claimDelivery(eventId: string, handler: string, now: Date): Promise<boolean> {
    const rows = await this.uow.db.insert(outboxDeliveries).values({ eventId, handler, deliveredAt: now }).onConflictDoNothing().returning({ handler: outboxDeliveries.handler });
    return rows.length > 0;
  }

  async markDelivered(eventId: string, now: Date): Promise<void> {
    await this.uow.db.update(outboxEvents).set({ deliveredAt: now, lastError: null }).where(eq(outboxEvents.id, eventId));
  }

  async markFailed(eventId: string, nextAttemptAt: Date, error: string): Promise<void> {
    await this.uow.db
      .update(outboxEvents)
      .set({ attempts: sql`${outboxEvents.attempts} + 1`, nextAttemptAt, lastError: error.slice(0, 2000) })
      .where(eq(outboxEvents.id, eventId));
  }
}
