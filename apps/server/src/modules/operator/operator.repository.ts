import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { operatorInvitations, operators, operatorSessions, operatorSignInSteps } from '../../db/schema.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;
export type SignInStepRow = typeof operatorSignInSteps.$inferSelect;

/** Operators, their sessions, sign-in steps and invitations (decision 089). */
export class OperatorRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  async findById(id: number): Promise<OperatorRow | null> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id));
    return row ?? null;
  }

  async findByEmail(email: string): Promise<OperatorRow | null> {
    const [row] = await this.db.select().from(operators).where(eq(operators.email, email));
    return row ?? null;
  }

  /** The operator's row, locked until the transaction ends (sign-in counters, role changes). */
  async lock(id: number): Promise<OperatorRow | null> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id)).for('update');
    return row ?? null;
  }

  list(): Promise<OperatorRow[]> {
    return this.db.select().from(operators).orderBy(asc(operators.id));
  }

  async insert(values: typeof operators.$inferInsert): Promise<OperatorRow | null> {
    const [row] = await this.db.insert(operators).values(values).onConflictDoNothing({ target: operators.email }).returning();
    return row ?? null;
  }

  async update(id: number, values: Partial<typeof operators.$inferInsert>): Promise<OperatorRow> {
    const [row] = await this.db.update(operators).set(values).where(eq(operators.id, id)).returning();
    if (!row) throw new Error(`operator ${id} vanished`);
    return row;
  }

  /**
   * Accepts a TOTP time step once: true when `step` is later than every step accepted before (so
   * two requests with the same code cannot both pass, whatever their timing).
   */
  async acceptTotpStep(id: number, step: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(operators)
      .set({ totpLastStep: step, failedAttempts: 0, lockedUntil: null, lastSignInAt: now, updatedAt: now })
      .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
      .returning({ id: operators.id });
    return rows.length === 1;
  }

  async countActiveAdmins(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(operators)
      .where(and(eq(operators.role, 'admin'), eq(operators.status, 'active')));
    return row?.count ?? 0;
  }

  // ─── sessions ─────────────────────────────────────────────────────────────────────────

  async insertSession(values: typeof operatorSessions.$inferInsert): Promise<void> {
    await this.db.insert(operatorSessions).values(values);
  }

  /** A live session by token hash with its operator (one query: every back-office call reads it). */
  async findLiveSession(tokenHash: string, now: Date, idleSince: Date) {
    const [row] = await this.db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, tokenHash),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, now),
          gt(operatorSessions.lastSeenAt, idleSince),
          eq(operators.status, 'active'),
        ),
      );
    return row ?? null;
  }

  async touchSession(id: string, now: Date): Promise<void> {
    await this.db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, id));
  }

  async revokeSession(id: string, now: Date, reason: string): Promise<void> {
    await this.db
      .update(operatorSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)));
  }

  async revokeAllSessions(operatorId: number, now: Date, reason: string): Promise<number> {
    const rows = await this.db
      .update(operatorSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
      .returning({ id: operatorSessions.id });
    return rows.length;
  }

  // ─── sign-in steps ────────────────────────────────────────────────────────────────────

  async insertStep(values: typeof operatorSignInSteps.$inferInsert): Promise<void> {
    await this.db.insert(operatorSignInSteps).values(values);
  }

  /** A step that is not used nor expired, locked (its use and the secret it keeps change together). */
  async lockLiveStep(tokenHash: string, now: Date): Promise<SignInStepRow | null> {
    const [row] = await this.db
      .select()
      .from(operatorSignInSteps)
      .where(and(eq(operatorSignInSteps.tokenHash, tokenHash), isNull(operatorSignInSteps.usedAt), gt(operatorSignInSteps.expiresAt, now)))
      .for('update');
    return row ?? null;
  }

  async updateStep(id: string, values: Partial<typeof operatorSignInSteps.$inferInsert>): Promise<void> {
    await this.db.update(operatorSignInSteps).set(values).where(eq(operatorSignInSteps.id, id));
  }

  /** Ends the operator's open steps (a new sign-in, deactivation). */
  async closeSteps(operatorId: number, now: Date): Promise<void> {
    await this.db
      .update(operatorSignInSteps)
      .set({ usedAt: now })
      .where(and(eq(operatorSignInSteps.operatorId, operatorId), isNull(operatorSignInSteps.usedAt)));
  }

  // ─── invitations ──────────────────────────────────────────────────────────────────────

  async insertInvitation(values: typeof operatorInvitations.$inferInsert): Promise<void> {
    await this.db.insert(operatorInvitations).values(values);
  }

  async lockLiveInvitation(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(operatorInvitations)
      .where(and(eq(operatorInvitations.tokenHash, tokenHash), isNull(operatorInvitations.usedAt), gt(operatorInvitations.expiresAt, now)))
      .for('update');
    return row ?? null;
  }

  async useInvitation(id: number, now: Date): Promise<void> {
    await this.db.update(operatorInvitations).set({ usedAt: now }).where(eq(operatorInvitations.id, id));
  }

  /** Ends every open invitation of an operator (a new one replaces it; deactivation ends it). */
  async closeInvitations(operatorId: number, now: Date): Promise<void> {
    await this.db
      .update(operatorInvitations)
      .set({ usedAt: now })
      .where(and(eq(operatorInvitations.operatorId, operatorId), isNull(operatorInvitations.usedAt)));
  }
}
