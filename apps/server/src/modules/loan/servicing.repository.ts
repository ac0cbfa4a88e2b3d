import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { instalmentOpen, loanInstalments, loanOrders, refundAttempts } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export type RefundAttemptRow = typeof refundAttempts.$inferSelect;
export const LIVE_REFUND_STATES = ['created', 'submitting', 'pending'] as const;

/** Refund attempts and the loans the write-off sweep looks at (decision 100). */
export class ServicingRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  /** Inserts an attempt; null when the order already has a live one (the partial unique index). */
  async insert(attempt: Omit<typeof refundAttempts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>): Promise<RefundAttemptRow | null> {
    const [row] = await this.db
      .insert(refundAttempts)
      .values(attempt)
      .onConflictDoNothing({ target: refundAttempts.orderId, where: sql`${refundAttempts.state} in ('created', 'submitting', 'pending')` })
      .returning();
    return row ?? null;
  }

  async live(orderId: number): Promise<RefundAttemptRow | null> {
    const [row] = await this.db
      .select()
      .from(refundAttempts)
      .where(and(eq(refundAttempts.orderId, orderId), inArray(refundAttempts.state, [...LIVE_REFUND_STATES])))
      .limit(1);
    return row ?? null;
  }

  /** Attempts due for the job (claim them: SKIP LOCKED on PostgreSQL, serial on PGlite). */
  dueForUpdate(now: Date, limit: number): Promise<RefundAttemptRow[]> {
    return this.db
      .select()
      .from(refundAttempts)
      .where(and(inArray(refundAttempts.state, [...LIVE_REFUND_STATES]), lte(refundAttempts.nextCheckAt, now)))
      .orderBy(asc(refundAttempts.nextCheckAt), asc(refundAttempts.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  async lock(id: number): Promise<RefundAttemptRow | undefined> {
    const [row] = await this.db.select().from(refundAttempts).where(eq(refundAttempts.id, id)).for('update');
    return row;
  }

  async update(id: number, change: Partial<typeof refundAttempts.$inferInsert>): Promise<void> {
    await this.db
      .update(refundAttempts)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(refundAttempts.id, id));
  }

  /** The attempts of these orders, newest first (one list per order). */
  async ofOrders(orderIds: readonly number[]): Promise<Map<number, RefundAttemptRow[]>> {
    const byOrder = new Map<number, RefundAttemptRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await this.db.select().from(refundAttempts).where(inArray(refundAttempts.orderId, [...orderIds])).orderBy(desc(refundAttempts.id));
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  /**
   * Loans being repaid with an instalment unpaid since `dueOnOrBefore` or earlier (the write-off
   * sweep's candidates; through the partial due-date index of open instalments), by id, the first
   * `limit` of those after `afterId` (the sweep's batches).
   */
  async overdueSince(dueOnOrBefore: string, limit: number, afterId = 0): Promise<number[]> {
    return this.db
      .selectDistinct({ id: loanOrders.id })
      .from(loanOrders)
      .innerJoin(loanInstalments, eq(loanInstalments.orderId, loanOrders.id))
      .where(and(eq(loanOrders.state, 'repaying'), gt(loanOrders.id, afterId), instalmentOpen(loanInstalments), lte(loanInstalments.dueDate, dueOnOrBefore)))
      .orderBy(asc(loanOrders.id))
      .limit(limit)
      .then((rows) => rows.map((row) => row.id));
  }
}
