import { and, asc, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { creditDecisions, creditManualReviews, operators, personalData, users } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export type ManualReviewRow = typeof creditManualReviews.$inferSelect;
export type ManualReviewWrite = Omit<typeof creditManualReviews.$inferInsert, 'id'>;
type OperatorRef = { id: number; email: string; name: string };

/** A case as the back office lists it: the row, the borrower's number, phone and name, and the operators' names. */
export interface ManualReviewListed {
  row: ManualReviewRow;
  publicId: number;
  phone: string;
  fullName: string | null;
  openedBy: OperatorRef | null;
  askedBy: OperatorRef | null;
  decidedBy: OperatorRef | null;
}

/** Where a page of the queue starts: after this case in the list's order. */
export interface QueueCursor {
  at: Date;
  id: number;
}

/** Credit reviews a person decides (decision 095): the queue's rows, locked one at a time when decided. */
export class ManualReviewRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  async insert(values: ManualReviewWrite): Promise<ManualReviewRow> {
    const [row] = await this.db.insert(creditManualReviews).values(values).returning();
    return row!;
  }

  /** The case, locked until the transaction ends (SELECT … FOR UPDATE): two reviewers decide one after the other. */
  async lock(id: number): Promise<ManualReviewRow | null> {
    const [row] = await this.db.select().from(creditManualReviews).where(eq(creditManualReviews.id, id)).for('update');
    return row ?? null;
  }

  async update(id: number, values: Partial<ManualReviewWrite>): Promise<void> {
    await this.db.update(creditManualReviews).set(values).where(eq(creditManualReviews.id, id));
  }

  /**
   * One page of the queue in one statement: open cases (pending and asked) oldest first, or decided
   * ones newest first, each with the borrower's number, phone and name and the operators' names.
   */
  async page(status: 'pending' | 'decided', after: QueueCursor | null, limit: number): Promise<ManualReviewListed[]> {
    const m = creditManualReviews;
    const where =
      status === 'pending'
        ? and(ne(m.status, 'decided'), after ? or(gt(m.requestedAt, after.at), and(eq(m.requestedAt, after.at), gt(m.id, after.id))) : undefined)
        : and(eq(m.status, 'decided'), after ? or(lt(m.decidedAt, after.at), and(eq(m.decidedAt, after.at), lt(m.id, after.id))) : undefined);
    const order = status === 'pending' ? [asc(m.requestedAt), asc(m.id)] : [desc(m.decidedAt), desc(m.id)];
    return this.listed(where, order, limit);
  }

  async find(id: number): Promise<ManualReviewListed | null> {
    const [row] = await this.listed(eq(creditManualReviews.id, id), [], 1);
    return row ?? null;
  }

  private async listed(where: ReturnType<typeof and>, order: ReturnType<typeof asc>[], limit: number): Promise<ManualReviewListed[]> {
    const m = creditManualReviews;
    const opener = alias(operators, 'opener');
    const asker = alias(operators, 'asker');
    const decider = alias(operators, 'decider');
    const rows = await this.db
      .select({ row: m, publicId: users.publicId, phone: users.phone, fullName: personalData.fullName, openedBy: { id: opener.id, email: opener.email, name: opener.name },
        askedBy: { id: asker.id, email: asker.email, name: asker.name },
        decidedBy: { id: decider.id, email: decider.email, name: decider.name },
      })
      .from(m)
      .innerJoin(users, eq(users.id, m.userId))
      .leftJoin(personalData, eq(personalData.userId, m.userId))
      .leftJoin(opener, eq(opener.id, m.openedBy))
      .leftJoin(asker, eq(asker.id, m.askedBy))
      .leftJoin(decider, eq(decider.id, m.decidedBy))
      .where(where)
      .orderBy(...order)
      .limit(limit);
    return rows.map((row) => ({
      ...row,
      openedBy: row.openedBy?.id ? row.openedBy : null,
      askedBy: row.askedBy?.id ? row.askedBy : null,
      decidedBy: row.decidedBy?.id ? row.decidedBy : null,
    }));
  }

  /** The borrower's credit decisions, oldest first, with the deciding operator's name (null: the engine or a rule). */
  async decisionsOf(userId: string) {
    const decider = alias(operators, 'decider');
    const rows = await this.db
      .select({ decision: creditDecisions, decidedBy: { id: decider.id, email: decider.email, name: decider.name } })
      .from(creditDecisions)
      .leftJoin(decider, eq(decider.id, creditDecisions.decidedBy))
      .where(eq(creditDecisions.userId, userId))
      .orderBy(asc(creditDecisions.createdAt))
      .limit(200);
    return rows.map((row) => ({ ...row.decision, decidedByRef: row.decidedBy?.id ? row.decidedBy : null }));
  }

  /** The user behind a borrower's number. */
  async userIdOf(publicId: number): Promise<string | null> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(sql`${users.publicId} = ${publicId}`).limit(1);
    return row?.id ?? null;
  }
}
