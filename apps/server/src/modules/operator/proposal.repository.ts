import { and, desc, eq, lt, lte, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { operators, proposals } from '../../db/schema.ts';

export type ProposalRow = typeof proposals.$inferSelect;
export type OperatorNames = Map<number, { id: number; email: string; name: string }>;

/** Four-eyes proposals (decision 091). */
export class ProposalRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  /** Inserts a pending proposal; null when one is already pending for the same subject. */
  async insert(values: typeof proposals.$inferInsert): Promise<ProposalRow | null> {
    const [row] = await this.db
      .insert(proposals)
      .values(values)
      .onConflictDoNothing({ target: proposals.subject, where: sql`${proposals.status} = 'pending'` })
      .returning();
    return row ?? null;
  }

  /** Whether a proposal is pending for the subject (a case with a limit awaiting approval takes no other decision). */
  async hasPending(subject: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(eq(proposals.subject, subject), eq(proposals.status, 'pending')))
      .limit(1);
    return row !== undefined;
  }

  /** The proposal, locked until the transaction ends: one decision at a time, applied once. */
  async lock(id: number): Promise<ProposalRow | null> {
    const [row] = await this.db.select().from(proposals).where(eq(proposals.id, id)).for('update');
    return row ?? null;
  }

  async decide(id: number, values: Pick<ProposalRow, 'status' | 'decidedBy' | 'decidedAt' | 'decisionReason' | 'result'>): Promise<ProposalRow> {
    const [row] = await this.db.update(proposals).set(values).where(eq(proposals.id, id)).returning();
    if (!row) throw new Error(`proposal ${id} vanished`);
    return row;
  }

  list(filter: { status: ProposalRow['status']; kind?: string | undefined; beforeId?: number | undefined }, limit: number): Promise<ProposalRow[]> {
    return this.db
      .select()
      .from(proposals)
      .where(
        and(
          eq(proposals.status, filter.status),
          filter.kind ? eq(proposals.kind, filter.kind) : undefined,
          filter.beforeId !== undefined ? lt(proposals.id, filter.beforeId) : undefined,
        ),
      )
      .orderBy(desc(proposals.id))
      .limit(limit);
  }

  /** Marks every pending proposal past its expiry as expired, in one statement; the rows it changed. */
  expireDue(now: Date): Promise<ProposalRow[]> {
    return this.db
      .update(proposals)
      .set({ status: 'expired', decidedAt: now })
      .where(and(eq(proposals.status, 'pending'), lte(proposals.expiresAt, now)))
      .returning();
  }

  async operatorNames(ids: number[]): Promise<OperatorNames> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .select({ id: operators.id, email: operators.email, name: operators.name })
      .from(operators)
      .where(sql`${operators.id} in ${unique}`);
    return new Map(rows.map((row) => [row.id, row]));
  }
}
