import type { InstalmentState } from '@sen/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { collectionCases, hardshipRequests, loanInstalments, loanOrders, loanRestructures } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { instalmentBalances } from './loan-state.ts';

export type HardshipRequestRow = typeof hardshipRequests.$inferSelect;
export type RestructureRow = typeof loanRestructures.$inferSelect;
const LIVE_REQUEST_STATES = ['open', 'offered'] as const;

/** Requests for help and restructure offers (decision 117). */
export class RestructureRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  /** Inserts a request; null when the loan already has one open or offered (the partial unique index). */
  async insertRequest(request: Pick<typeof hardshipRequests.$inferInsert, 'orderId' | 'userId' | 'reason' | 'note' | 'monthlyAmount'>): Promise<HardshipRequestRow | null> {
    const [row] = await this.db
      .insert(hardshipRequests)
      .values(request)
      .onConflictDoNothing({ target: hardshipRequests.orderId, where: sql`${hardshipRequests.state} in ('open', 'offered')` })
      .returning();
    return row ?? null;
  }

  /** The loan's request that is open or offered, else its latest. */
  async currentRequest(orderId: number): Promise<HardshipRequestRow | null> {
    const [row] = await this.db
      .select()
      .from(hardshipRequests)
      .where(eq(hardshipRequests.orderId, orderId))
      .orderBy(sql`case when ${hardshipRequests.state} in ('open', 'offered') then 0 else 1 end`, desc(hardshipRequests.id))
      .limit(1);
    return row ?? null;
  }

  /** The loan's live request (open or offered), if any. */
  async liveRequest(orderId: number): Promise<HardshipRequestRow | null> {
    const [row] = await this.db
      .select()
      .from(hardshipRequests)
      .where(and(eq(hardshipRequests.orderId, orderId), inArray(hardshipRequests.state, [...LIVE_REQUEST_STATES])))
      .limit(1);
    return row ?? null;
  }

  async setRequestState(id: number, state: HardshipRequestRow['state'], at: Date): Promise<void> {
    await this.db
      .update(hardshipRequests)
      .set({ state, closedAt: state === 'open' || state === 'offered' ? null : at })
      .where(eq(hardshipRequests.id, id));
  }

  /** The back office's list: requests in `state`, oldest first, with the order number and the loan's open collection case. */
  async requests(state: 'open' | 'offered', limit = 200): Promise<Array<HardshipRequestRow & { orderNo: string; caseId: number | null }>> {
    const rows = await this.db
      .select({ request: hardshipRequests, orderNo: loanOrders.orderNo, caseId: collectionCases.id })
      .from(hardshipRequests)
      .innerJoin(loanOrders, eq(loanOrders.id, hardshipRequests.orderId))
      .leftJoin(collectionCases, and(eq(collectionCases.orderId, hardshipRequests.orderId), eq(collectionCases.status, 'open')))
      .where(eq(hardshipRequests.state, state))
      .orderBy(asc(hardshipRequests.id))
      .limit(limit);
    return rows.map((row) => ({ ...row.request, orderNo: row.orderNo, caseId: row.caseId ?? null }));
  }

  /** Inserts an offer; null when the loan already has one offered (the partial unique index) or the proposal made one. */
  async insertOffer(offer: Omit<typeof loanRestructures.$inferInsert, 'id' | 'state'>): Promise<RestructureRow | null> {
    const [row] = await this.db.insert(loanRestructures).values(offer).onConflictDoNothing().returning();
    return row ?? null;
  }

  /**
   * Offers (of one loan, or of every loan when `orderId` is null) that expired unanswered are marked
   * expired (so the one-offered index lets a new offer in), and a request they answered waits for an
   * offer again. Set-based and idempotent: an offer already expired, accepted or declined is left
   * alone. The number of offers expired.
   */
  async expireStale(orderId: number | null, now: Date): Promise<number> {
    const stale = and(eq(loanRestructures.state, 'offered'), sql`${loanRestructures.expiresAt} <= ${now.toISOString()}::timestamptz`);
    const expired = await this.db
      .update(loanRestructures)
      .set({ state: 'expired', decidedAt: now })
      .where(orderId === null ? stale : and(eq(loanRestructures.orderId, orderId), stale))
      .returning({ requestId: loanRestructures.requestId });
    const requestIds = expired.map((row) => row.requestId).filter((id): id is number => id !== null);
    if (requestIds.length > 0) {
      await this.db
        .update(hardshipRequests)
        .set({ state: 'open' })
        .where(and(inArray(hardshipRequests.id, requestIds), eq(hardshipRequests.state, 'offered')));
    }
    return expired.length;
  }

  async offer(id: number): Promise<RestructureRow | null> {
    const [row] = await this.db.select().from(loanRestructures).where(eq(loanRestructures.id, id)).limit(1);
    return row ?? null;
  }

  async lockOffer(id: number): Promise<RestructureRow | null> {
    this.uow.requireTransaction('RestructureRepository.lockOffer');
    const [row] = await this.db.select().from(loanRestructures).where(eq(loanRestructures.id, id)).for('update');
    return row ?? null;
  }

  /** The loan's latest offer in any state (the case page says when it expired or was declined). */
  async latestOffer(orderId: number): Promise<RestructureRow | null> {
    const [row] = await this.db.select().from(loanRestructures).where(eq(loanRestructures.orderId, orderId)).orderBy(desc(loanRestructures.id)).limit(1);
    return row ?? null;
  }

  /** The loan's offer waiting for the borrower, else its accepted one, else null. */
  async currentOffer(orderId: number): Promise<RestructureRow | null> {
    const [row] = await this.db
      .select()
      .from(loanRestructures)
      .where(and(eq(loanRestructures.orderId, orderId), inArray(loanRestructures.state, ['offered', 'accepted'])))
      .orderBy(desc(loanRestructures.id))
      .limit(1);
    return row ?? null;
  }

  async updateOffer(id: number, change: Partial<Omit<RestructureRow, 'id' | 'orderId' | 'userId' | 'proposalId'>>): Promise<void> {
    await this.db.update(loanRestructures).set(change).where(eq(loanRestructures.id, id));
  }

  /**
   * An old instalment closed by the restructure: its balances and its period as the domain left
   * them (charge = what was paid, period ended on the restructure date), closed now, and the
   * restructure that closed it. The original schedule is kept in the restructure's `result`.
   */
  async closeInstalment(orderId: number, instalment: InstalmentState, restructureId: number, at: Date): Promise<void> {
    await this.db
      .update(loanInstalments)
      .set({
        ...instalmentBalances(instalment),
        principal: instalment.charged.principal,
        fee: instalment.charged.fee,
        // What it cost in the end: the order's total to repay counts the new schedule for the rest.
        scheduledInterest: instalment.charged.interest,
        periodStart: instalment.periodStart,
        dueDate: instalment.dueDate,
        settledAt: at,
        restructureId,
      })
      .where(and(eq(loanInstalments.orderId, orderId), eq(loanInstalments.planPart, instalment.planPart)));
  }

  /** The new schedule's instalments, as the domain opened them (interest and fees carried are already charged). */
  async insertInstalments(orderId: number, instalments: ReadonlyArray<{ state: InstalmentState; scheduledInterest: bigint }>): Promise<void> {
    if (instalments.length === 0) return;
    await this.db.insert(loanInstalments).values(
      instalments.map(({ state, scheduledInterest }) => ({
        orderId,
        planPart: state.planPart,
        periodStart: state.periodStart,
        dueDate: state.dueDate,
        principal: state.charged.principal,
        fee: state.charged.fee,
        scheduledInterest,
        ...instalmentBalances(state),
      })),
    );
  }

  /** Whether the borrower has a loan in a restructure's watch period on `today` (no new loan until after it). */
  async inWatch(userId: string, today: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql`1` })
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), sql`${loanOrders.watchUntil} >= ${today}::date`))
      .limit(1);
    return row !== undefined;
  }
}
