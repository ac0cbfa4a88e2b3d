import { and, eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { kycDocuments, livenessSessions, users } from '../../db/schema.ts';

export type KycDocumentRow = typeof kycDocuments.$inferSelect;
export type LivenessSessionRow = typeof livenessSessions.$inferSelect;

export class KycRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  async findDocument(userId: string): Promise<KycDocumentRow | null> {
    const [row] = await this.db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId)).limit(1);
    return row ?? null;
  }

  /** The user's document row, created empty when missing, locked FOR UPDATE (call in a transaction). */
  async lockDocument(userId: string): Promise<KycDocumentRow> {
    await this.db.insert(kycDocuments).values({ userId }).onConflictDoNothing({ target: kycDocuments.userId });
    const [row] = await this.db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId)).for('update').limit(1);
    return row!;
  }

  async updateDocument(userId: string, changes: Partial<Omit<typeof kycDocuments.$inferInsert, 'userId' | 'publicId'>>): Promise<void> {
    await this.db
      .update(kycDocuments)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(kycDocuments.userId, userId));
  }

  async insertSession(row: typeof livenessSessions.$inferInsert): Promise<LivenessSessionRow> {
    const [inserted] = await this.db.insert(livenessSessions).values(row).returning();
    return inserted!;
  }

  async findSession(bizNo: string): Promise<LivenessSessionRow | null> {
    const [row] = await this.db.select().from(livenessSessions).where(eq(livenessSessions.bizNo, bizNo)).limit(1);
    return row ?? null;
  }

  async lockSession(bizNo: string): Promise<LivenessSessionRow | null> {
    const [row] = await this.db.select().from(livenessSessions).where(eq(livenessSessions.bizNo, bizNo)).for('update').limit(1);
    return row ?? null;
  }

  /** Settles a pending session once; false when it was already settled. */
  async settleSession(id: string, status: 'passed' | 'failed', faceFileId: string | null, at: Date): Promise<boolean> {
    const updated = await this.db
      .update(livenessSessions)
      .set({ status, faceFileId, settledAt: at })
      .where(and(eq(livenessSessions.id, id), eq(livenessSessions.status, 'pending')))
      .returning({ id: livenessSessions.id });
    return updated.length === 1;
  }

  async publicIdOf(userId: string): Promise<number> {
    const [row] = await this.db.select({ publicId: users.publicId }).from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw new Error('unknown user');
    return row.publicId;
  }
}
