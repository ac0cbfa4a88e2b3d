import { CREDIT_STATUS } from '@sen/contract';
import { and, asc, desc, eq, getTableColumns, gt, isNotNull, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { executeRows } from '../../db/database.ts';
import { consentWithdrawals, creditAccounts, creditDecisions, creditDenyList, instalmentOpen, loanInstalments, loanOrders } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export type CreditAccountRow = typeof creditAccounts.$inferSelect;
export type CreditDecisionWrite = Omit<typeof creditDecisions.$inferInsert, 'id'>;

export class CreditRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  async findAccount(userId: string): Promise<CreditAccountRow | null> {
    const [row] = await this.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId)).limit(1);
    return row ?? null;
  }

  /**
   * The account as the home reads it: with whether the borrower has withdrawn the consent to
   * lending (decision 116) and whether a restructured loan is in its watch on `today` (decision
   * 117), in the same statement, so the home's statement count is unchanged. The reservation
   * refuses on both (reserveWithinLimit): the home says so before the borrower tries.
   */
  async findAccountForHome(userId: string, today: string): Promise<(CreditAccountRow & { lendingConsentWithdrawn: boolean; inRestructureWatch: boolean }) | null> {
    const [row] = await this.db
      .select({
        ...getTableColumns(creditAccounts),
        lendingConsentWithdrawn: sql<boolean>`exists(${this.lendingConsentWithdrawn(userId)})`,
        inRestructureWatch: sql<boolean>`exists(${this.inWatch(userId, today)})`,
      })
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, userId))
      .limit(1);
    return row ?? null;
  }

  /** Locks the borrower's credit row until the transaction ends (SELECT … FOR UPDATE); false when none. */
  async lockAccount(userId: string): Promise<boolean> {
    return (await this.uow.lockRows(creditAccounts, eq(creditAccounts.userId, userId))) > 0;
  }

  /**
   * Opens a review for a borrower with no account yet (status 0). One statement: a borrower whose
   * account exists is left alone (the caller decides about re-reviews under the row lock).
   */
  async insertPending(userId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(creditAccounts)
      .values({ userId, status: 0, reviewId: sql`gen_random_uuid()`, reviewRequestedAt: now })
      .onConflictDoNothing({ target: creditAccounts.userId })
      .returning({ userId: creditAccounts.userId });
    return rows.length > 0;
  }

  /** Puts an existing account back under review (a new review id). */
  async reopen(userId: string, now: Date): Promise<void> {
    await this.db
      .update(creditAccounts)
      .set({ status: 0, reviewId: sql`gen_random_uuid()`, reviewRequestedAt: now, calmUntilDate: null, updatedAt: now })
      .where(eq(creditAccounts.userId, userId));
  }

  /**
   * Claims the oldest pending review not locked by another instance: FOR UPDATE SKIP LOCKED on
   * PostgreSQL (PGlite has one session, so there units are serial anyway). The row stays locked
   * until the caller's transaction ends.
   */
  async claimPending(): Promise<CreditAccountRow | null> {
    const tx = this.uow.requireTransaction('claimPending');
    const rows = await executeRows<{ user_id: string }>(
      tx,
      sql`select ${creditAccounts.userId} as user_id from ${creditAccounts}
          where ${creditAccounts.reviewId} is not null and not ${creditAccounts.inManualReview}
          order by ${creditAccounts.reviewRequestedAt} limit 1 for update skip locked`,
    );
    const userId = rows[0]?.user_id;
    return userId ? this.findAccount(userId) : null;
  }

  /** A queued review waits for a person (decision 095): the review job passes it by; cleared by the decision. */
  async setInManualReview(userId: string, inManualReview: boolean, now: Date): Promise<void> {
    await this.db.update(creditAccounts).set({ inManualReview, updatedAt: now }).where(eq(creditAccounts.userId, userId));
  }

  /** An appeal: the account is under review again (status 0, the calm period over), by a person. */
  async openManualReview(userId: string, reviewId: string, now: Date): Promise<void> {
    await this.db
      .update(creditAccounts)
      .set({ status: 0, reviewId, reviewRequestedAt: now, calmUntilDate: null, inManualReview: true, updatedAt: now })
      .where(eq(creditAccounts.userId, userId));
  }

  /** Rejections whose retry date and calm periods whose end have come: reviewed again. */
  async reopenExpired(today: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(creditAccounts)
      .set({ status: 0, reviewId: sql`gen_random_uuid()`, reviewRequestedAt: now, calmUntilDate: null, updatedAt: now })
      .where(
        and(
          sql`${creditAccounts.reviewId} is null`,
          or(
            and(eq(creditAccounts.status, 2), isNotNull(creditAccounts.nextTryDate), lte(creditAccounts.nextTryDate, today)),
            and(isNotNull(creditAccounts.calmUntilDate), lte(creditAccounts.calmUntilDate, today)),
          ),
        ),
      )
      .returning({ userId: creditAccounts.userId });
    return rows.length;
  }

  /** Stores a decision; false when this review was already decided (unique review id). */
  async insertDecision(decision: CreditDecisionWrite): Promise<boolean> {
    const rows = await this.db.insert(creditDecisions).values(decision).onConflictDoNothing({ target: creditDecisions.reviewId }).returning({ id: creditDecisions.id });
    return rows.length > 0;
  }

  async applyDecision(
    userId: string,
    change: { status: number; creditLimit: bigint; nextTryDate: string | null; calmUntilDate: string | null; now: Date },
  ): Promise<void> {
    await this.db
      .update(creditAccounts)
      .set({
        status: change.status,
        creditLimit: change.creditLimit,
        nextTryDate: change.nextTryDate,
        calmUntilDate: change.calmUntilDate,
        reviewId: null,
        inManualReview: false,
        decidedAt: change.now,
        updatedAt: change.now,
      })
      .where(eq(creditAccounts.userId, userId));
  }

  /**
   * Adds `amount` to what an approved borrower uses when it stays within the limit, in one UPDATE:
   * the row is locked by it and the condition is checked again on the row's latest version, so two
   * reservations at once can never pass the limit together. A borrower with a written-off loan is
   * refused here too (their credit stays locked, decision 100), and so is one with a loan past its
   * due date on `today` (decision 115), and one who withdrew the consent to the processing of their
   * data for lending (decision 116): all checked in the same statement, so the commit spends no
   * extra query on them. Null when refused.
   */
  async reserveWithinLimit(userId: string, amount: bigint, approvedStatus: number, now: Date, today: string): Promise<{ usedAmount: bigint; creditLimit: bigint } | null> {
    const [row] = await this.db
      .update(creditAccounts)
      .set({ usedAmount: sql`${creditAccounts.usedAmount} + ${amount}`, updatedAt: now })
      .where(
        and(
          eq(creditAccounts.userId, userId),
          eq(creditAccounts.status, approvedStatus),
          sql`${creditAccounts.usedAmount} + ${amount} <= ${creditAccounts.creditLimit}`,
          notExists(this.db.select({ one: sql`1` }).from(loanOrders).where(and(eq(loanOrders.userId, userId), eq(loanOrders.state, 'written_off')))),
          notExists(this.overdueInstalments(userId, today)),
          // A restructured loan's watch period (decision 117): no new loan until after it.
          notExists(this.inWatch(userId, today)),
          notExists(this.lendingConsentWithdrawn(userId)),
        ),
      )
      .returning({ usedAmount: creditAccounts.usedAmount, creditLimit: creditAccounts.creditLimit });
    return row ?? null;
  }

  /** Whether a loan of the borrower's being repaid has an instalment open past its due date on `today`. */
  async hasOverdueLoan(userId: string, today: string): Promise<boolean> {
    const [row] = await this.overdueInstalments(userId, today).limit(1);
    return row !== undefined;
  }

  /** Whether a loan of the borrower's is in a restructure's watch period on `today` (decision 117). */
  async hasLoanInWatch(userId: string, today: string): Promise<boolean> {
    const [row] = await this.inWatch(userId, today).limit(1);
    return row !== undefined;
  }

  private inWatch(userId: string, today: string) {
    return this.db
      .select({ one: sql`1` })
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), sql`${loanOrders.watchUntil} >= ${today}::date`));
  }

  /** Whether the borrower has withdrawn the consent needed for lending and not given it again (decision 116). */
  async hasWithdrawnLendingConsent(userId: string): Promise<boolean> {
    const [row] = await this.lendingConsentWithdrawn(userId).limit(1);
    return row !== undefined;
  }

  private lendingConsentWithdrawn(userId: string) {
    return this.db
      .select({ one: sql`1` })
      .from(consentWithdrawals)
      .where(and(eq(consentWithdrawals.userId, userId), eq(consentWithdrawals.consent, 'lending'), isNull(consentWithdrawals.restoredAt)));
  }

  private overdueInstalments(userId: string, today: string) {
    return this.db
      .select({ one: sql`1` })
      .from(loanInstalments)
      .innerJoin(loanOrders, eq(loanOrders.id, loanInstalments.orderId))
      .where(and(eq(loanOrders.userId, userId), eq(loanOrders.state, 'repaying'), instalmentOpen(loanInstalments), sql`${loanInstalments.dueDate} < ${today}::date`));
  }

  async setUsed(userId: string, usedAmount: bigint, now: Date): Promise<void> {
    await this.db.update(creditAccounts).set({ usedAmount, updatedAt: now }).where(eq(creditAccounts.userId, userId));
  }

  /** Other users reviewed with the same ID number (blind index) or the same phone. */
  async otherUsersWith(field: 'idNumberIndex' | 'phone', value: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(distinct ${creditDecisions.userId})::int` })
      .from(creditDecisions)
      .where(and(sql`${creditDecisions.inputs} -> 'applicant' ->> ${field} = ${value}`, ne(creditDecisions.userId, userId)));
    return row?.n ?? 0;
  }

  async isDenied(phone: string, idNumberIndex: string | null): Promise<boolean> {
    const byPhone = and(eq(creditDenyList.kind, 'phone'), eq(creditDenyList.value, phone));
    const where = idNumberIndex ? or(byPhone, and(eq(creditDenyList.kind, 'id'), eq(creditDenyList.value, idNumberIndex))) : byPhone;
    const [row] = await this.db.select({ id: creditDenyList.id }).from(creditDenyList).where(where).limit(1);
    return row !== undefined;
  }

  async addDenied(kind: 'phone' | 'id', value: string, reason: string): Promise<void> {
    await this.db.insert(creditDenyList).values({ kind, value, reason }).onConflictDoNothing();
  }

  /** The borrower's latest decision, leaving out those with the reason `except` (e.g. the on-time raises). */
  async latestDecision(userId: string, except?: string) {
    const where = except
      ? and(eq(creditDecisions.userId, userId), sql`not (${creditDecisions.reasons} @> ${JSON.stringify([except])}::jsonb)`)
      : eq(creditDecisions.userId, userId);
    const [row] = await this.db.select().from(creditDecisions).where(where).orderBy(desc(creditDecisions.createdAt)).limit(1);
    return row ?? null;
  }

  async setLimit(userId: string, creditLimit: bigint, now: Date): Promise<void> {
    await this.db.update(creditAccounts).set({ creditLimit, updatedAt: now }).where(eq(creditAccounts.userId, userId));
  }

  /** Approved borrowers' ids after `after` in id order (keyset pages for a broadcast). */
  async approvedUserIds(after: string | null, limit: number): Promise<string[]> {
    const approved = eq(creditAccounts.status, CREDIT_STATUS.APPROVED);
    const rows = await this.db
      .select({ userId: creditAccounts.userId })
      .from(creditAccounts)
      .where(after === null ? approved : and(approved, gt(creditAccounts.userId, after)))
      .orderBy(asc(creditAccounts.userId))
      .limit(limit);
    return rows.map((row) => row.userId);
  }

  /** The back office: the latest decisions of a borrower, newest first. */
  async latestDecisionsOf(userId: string, limit: number) {
    return this.db.select().from(creditDecisions).where(eq(creditDecisions.userId, userId)).orderBy(desc(creditDecisions.createdAt)).limit(limit);
  }

  async decisionsOf(userId: string) {
    return this.db.select().from(creditDecisions).where(eq(creditDecisions.userId, userId)).orderBy(creditDecisions.createdAt);
  }

  /** For the demo seed: an approved account with a limit. */
  async upsertApproved(userId: string, creditLimit: bigint, now: Date): Promise<void> {
    await this.db
      .insert(creditAccounts)
      .values({ userId, status: 1, creditLimit, decidedAt: now })
      .onConflictDoUpdate({ target: creditAccounts.userId, set: { status: 1, creditLimit, reviewId: null, decidedAt: now, updatedAt: now } });
  }
}
