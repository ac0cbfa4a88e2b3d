import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { consentWithdrawals, dataRequests, operators, users } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export type DataRequestRow = typeof dataRequests.$inferSelect;
export type NewDataRequest = typeof dataRequests.$inferInsert;
type OperatorRef = { id: number; email: string; name: string };
export type ListedDataRequest = DataRequestRow & { publicId: number; phone: string; extendedByRef: OperatorRef | null; closedByRef: OperatorRef | null };

/** Data-subject requests and consent withdrawals (decision 116); every borrower read is scoped by the user id. */
export class DataRequestsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  /** Inserts the request; null when the borrower already has an open one of its kind (the partial unique index). */
  async insert(values: NewDataRequest): Promise<DataRequestRow | null> {
    const [row] = await this.db.insert(dataRequests).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async listForUser(userId: string): Promise<DataRequestRow[]> {
    return this.db.select().from(dataRequests).where(eq(dataRequests.userId, userId)).orderBy(desc(dataRequests.filedAt), desc(dataRequests.id)).limit(200);
  }

  /** Records a live withdrawal; false when the consent is withdrawn already. */
  async withdraw(userId: string, consent: 'lending' | 'tracking', requestId: number, now: Date): Promise<boolean> {
    const rows = await this.db.insert(consentWithdrawals).values({ userId, consent, requestId, withdrawnAt: now }).onConflictDoNothing().returning({ id: consentWithdrawals.id });
    return rows.length > 0;
  }

  /** Ends a live withdrawal; false when there was none. */
  async restore(userId: string, consent: 'lending' | 'tracking', now: Date): Promise<boolean> {
    const rows = await this.db
      .update(consentWithdrawals)
      .set({ restoredAt: now })
      .where(and(eq(consentWithdrawals.userId, userId), eq(consentWithdrawals.consent, consent), isNull(consentWithdrawals.restoredAt)))
      .returning({ id: consentWithdrawals.id });
    return rows.length > 0;
  }

  async liveWithdrawals(userId: string) {
    return this.db
      .select({ consent: consentWithdrawals.consent, withdrawnAt: consentWithdrawals.withdrawnAt })
      .from(consentWithdrawals)
      .where(and(eq(consentWithdrawals.userId, userId), isNull(consentWithdrawals.restoredAt)))
      .orderBy(asc(consentWithdrawals.withdrawnAt));
  }

  /** The operators' queue: open ones by their (extended) due day, closed ones newest first. */
  /** The queue; `dueBy` keeps the open requests due (or extended to) that day or before (the reminder's filter, decision 121). */
  async list(filter: 'open' | 'closed' | 'all', options: { dueBy?: string; limit?: number } = {}): Promise<ListedDataRequest[]> {
    const limit = options.limit ?? 500;
    const open = options.dueBy
      ? and(eq(dataRequests.state, 'open'), sql`coalesce(${dataRequests.extendedDue}, ${dataRequests.due}) <= ${options.dueBy}::date`)
      : eq(dataRequests.state, 'open');
    const where = filter === 'open' ? open : filter === 'closed' ? inArray(dataRequests.state, ['completed', 'refused']) : undefined;
    const order =
      filter === 'open'
        ? [asc(sql`coalesce(${dataRequests.extendedDue}, ${dataRequests.due})`), asc(dataRequests.id)]
        : [desc(sql`coalesce(${dataRequests.closedAt}, ${dataRequests.filedAt})`), desc(dataRequests.id)];
    return this.listed(where, order, limit);
  }

  async find(id: number): Promise<ListedDataRequest | null> {
    const [row] = await this.listed(eq(dataRequests.id, id), [], 1);
    return row ?? null;
  }

  /** Locks one request's row until the transaction ends (extend / complete / refuse decide on its latest state). */
  async lock(id: number): Promise<DataRequestRow | null> {
    const [row] = await this.db.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update');
    return row ?? null;
  }

  async update(id: number, change: Partial<NewDataRequest>): Promise<void> {
    await this.db.update(dataRequests).set(change).where(eq(dataRequests.id, id));
  }

  private async listed(where: SQL | undefined, order: SQL[], limit: number): Promise<ListedDataRequest[]> {
    const extender = alias(operators, 'extender');
    const closer = alias(operators, 'closer');
    const rows = await this.db
      .select({
        row: dataRequests,
        publicId: users.publicId,
        phone: users.phone,
        extendedBy: { id: extender.id, email: extender.email, name: extender.name },
        closedBy: { id: closer.id, email: closer.email, name: closer.name },
      })
      .from(dataRequests)
      .innerJoin(users, eq(users.id, dataRequests.userId))
      .leftJoin(extender, eq(extender.id, dataRequests.extendedBy))
      .leftJoin(closer, eq(closer.id, dataRequests.closedBy))
      .where(where)
      .orderBy(...order)
      .limit(limit);
    return rows.map((row) => ({
      ...row.row,
      publicId: row.publicId,
      phone: row.phone,
      extendedByRef: row.extendedBy?.id ? row.extendedBy : null,
      closedByRef: row.closedBy?.id ? row.closedBy : null,
    }));
  }
}
