import { randomInt } from 'node:crypto';
import type { Schedule } from '@sen/domain';
import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { contractAcceptances, loanInstalments, loanOrders, loanProducts, payoutAttempts } from '../../db/schema.ts';
import { executeRows } from '../../db/database.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { OtpCheck } from '../auth/index.ts';
import type { InstalmentBalances, InstalmentRow, OrderRow, PayoutAttemptRow } from './loan-state.ts';

export type NewOrder = Omit<
  typeof loanOrders.$inferInsert,
  'id' | 'orderNo' | 'createdAt' | 'updatedAt' | 'startDate' | 'accruedThrough' | 'creditHeld' | 'disbursedAt' | 'settledAt' | 'closedAt'
>;

/** 'SEN' + yyMMdd (Vietnam business date) + 8 random digits: unique by index, readable on a bank statement. */
export function newOrderNo(businessDate: string): string {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `SEN${businessDate.slice(2).replaceAll('-', '')}${digits}`;
}

/** The instalment rows of a schedule (balances start at zero; principal and fee are charged from the start). */
export function instalmentRowsOf(orderId: number, schedule: Schedule): Array<typeof loanInstalments.$inferInsert> {
  return schedule.instalments.map((row) => ({
    orderId,
    planPart: row.planPart,
    periodStart: row.periodStart,
    dueDate: row.dueDate,
    principal: row.principal,
    fee: row.fee,
    scheduledInterest: row.interest,
  }));
}

/** A signing code's try (decision 112): the code's row, the tries made with this one, whether it matched (and was consumed). */
export interface CodeTry {
  id: string;
  attempts: number;
  matched: boolean;
}

/**
 * One try of the current code of `check.codeKey` as a data-modifying CTE: the try is counted and,
 * when the hash matches, the code consumed, in one UPDATE; nothing when the code is used, expired
 * or out of tries (the same rules as OtpService.verify).
 */
function codeTryCte(check: OtpCheck) {
  return sql`with code_try as (
      update otp_codes set failed_attempts = failed_attempts + 1,
        consumed_at = case when code_hash = ${check.codeHash} then ${check.now.toISOString()}::timestamptz else null end
      where id = (select id from otp_codes where phone = ${check.codeKey} order by created_at desc limit 1)
        and consumed_at is null and failed_attempts < ${check.maxAttempts} and expires_at > ${check.now.toISOString()}::timestamptz
      returning id, failed_attempts, consumed_at is not null as matched)`;
}

interface CodeTryRow {
  code_id: string | null;
  attempts: number | null;
  matched: boolean | null;
}

function codeTryOf(row: CodeTryRow | undefined): CodeTry | null {
  return row?.code_id ? { id: row.code_id, attempts: Number(row.attempts), matched: row.matched === true } : null;
}

/**
 * Orders, their instalments and payout attempts (docs/decisions/070-orders-and-loans.md). Reads for
 * a borrower always name the borrower: an order id alone never answers another borrower's order.
 */
export class OrderRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  /** Inserts an order with its schedule (a fresh orderNo; retried on the rare number clash). */
  async insert(order: NewOrder, schedule: Schedule): Promise<OrderRow> {
    this.uow.requireTransaction('OrderRepository.insert');
    for (let attempt = 0; ; attempt += 1) {
      const orderNo = newOrderNo(order.applyDate);
      const [row] = await this.db
        .insert(loanOrders)
        .values({ ...order, orderNo })
        .onConflictDoNothing({ target: loanOrders.orderNo })
        .returning();
      if (row) {
        await this.db.insert(loanInstalments).values(instalmentRowsOf(row.id, schedule));
        return row;
      }
      if (attempt >= 5) throw new Error('could not allocate an order number');
    }
  }

  async findOfUser(userId: string, orderId: number): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), eq(loanOrders.id, orderId)))
      .limit(1);
    return row ?? null;
  }

  async findOfUserByNo(userId: string, orderNo: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), eq(loanOrders.orderNo, orderNo)))
      .limit(1);
    return row ?? null;
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), eq(loanOrders.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  }

  /**
   * The commit's re-read under the borrower lock and the signing code's try in one statement
   * (decision 112: the code adds no statement to the commit's budget). `repeat`: an order already
   * has this key. The try stands with the transaction: a commit refused later gives the code back.
   */
  async recheckWithCode(userId: string, key: string, check: OtpCheck): Promise<{ repeat: boolean; code: CodeTry | null }> {
    this.uow.requireTransaction('OrderRepository.recheckWithCode');
    const [row] = await executeRows<CodeTryRow & { repeat: boolean }>(
      this.db,
      sql`${codeTryCte(check)}
        select exists (select 1 from loan_orders where user_id = ${userId} and idempotency_key = ${key}) as repeat,
          (select id from code_try) as code_id, (select failed_attempts from code_try) as attempts, (select matched from code_try) as matched`,
    );
    return { repeat: row?.repeat === true, code: codeTryOf(row) };
  }

  /** A signing code's try on its own (a batch's code, used once for all its products). */
  async tryCode(check: OtpCheck): Promise<CodeTry | null> {
    const [row] = await executeRows<CodeTryRow>(this.db, sql`${codeTryCte(check)} select id as code_id, failed_attempts as attempts, matched from code_try`);
    return codeTryOf(row);
  }

  /** Any one order of a borrower's batch (the batch number is derived from the batch's key). */
  async findOfBatch(userId: string, batchNo: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), eq(loanOrders.batchNo, batchNo)))
      .limit(1);
    return row ?? null;
  }

  async findById(orderId: number): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(loanOrders).where(eq(loanOrders.id, orderId)).limit(1);
    return row ?? null;
  }

  /** The borrower's orders, newest first. */
  async listOfUser(userId: string, states?: readonly OrderRow['state'][]): Promise<OrderRow[]> {
    const where = states ? and(eq(loanOrders.userId, userId), inArray(loanOrders.state, [...states])) : eq(loanOrders.userId, userId);
    return this.db.select().from(loanOrders).where(where).orderBy(desc(loanOrders.createdAt), desc(loanOrders.id));
  }

  /**
   * The borrower's orders as listOfUser has them, each with its product's name in other languages
   * (decision 113; issue 25 item 8: an old loan reads in the reader's language), in the same one statement.
   */
  async listOfUserNamed(userId: string, states?: readonly OrderRow['state'][]): Promise<Array<OrderRow & { productNames: Partial<Record<'en' | 'zh', string>> }>> {
    const where = states ? and(eq(loanOrders.userId, userId), inArray(loanOrders.state, [...states])) : eq(loanOrders.userId, userId);
    const rows = await this.db
      .select({ order: loanOrders, translations: loanProducts.translations })
      .from(loanOrders)
      .leftJoin(loanProducts, eq(loanProducts.id, loanOrders.productId))
      .where(where)
      .orderBy(desc(loanOrders.createdAt), desc(loanOrders.id));
    return rows.map(({ order, translations }) => {
      const productNames: Partial<Record<'en' | 'zh', string>> = {};
      for (const language of ['en', 'zh'] as const) {
        const name = translations?.[language]?.name;
        if (name) productNames[language] = name;
      }
      return { ...order, productNames };
    });
  }

  /** The back office: the borrower's latest `limit` orders, newest first. */
  async latestOfUser(userId: string, limit: number): Promise<OrderRow[]> {
    return this.db.select().from(loanOrders).where(eq(loanOrders.userId, userId)).orderBy(desc(loanOrders.createdAt), desc(loanOrders.id)).limit(limit);
  }

  /** The back office: whose order this order number is (unique). */
  async ownerOfOrderNo(orderNo: string): Promise<string | null> {
    const [row] = await this.db.select({ userId: loanOrders.userId }).from(loanOrders).where(eq(loanOrders.orderNo, orderNo)).limit(1);
    return row?.userId ?? null;
  }

  /** Locks orders (FOR UPDATE) until the transaction ends, in id order (no deadlock between lockers). */
  async lock(orderIds: readonly number[]): Promise<OrderRow[]> {
    const tx = this.uow.requireTransaction('OrderRepository.lock');
    if (orderIds.length === 0) return [];
    return tx
      .select()
      .from(loanOrders)
      .where(inArray(loanOrders.id, [...orderIds]))
      .orderBy(asc(loanOrders.id))
      .for('update');
  }

  async update(orderId: number, change: Partial<Omit<OrderRow, 'id' | 'orderNo' | 'userId' | 'createdAt'>>): Promise<void> {
    await this.db
      .update(loanOrders)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(loanOrders.id, orderId));
  }

  async instalments(orderId: number): Promise<InstalmentRow[]> {
    return this.db.select().from(loanInstalments).where(eq(loanInstalments.orderId, orderId)).orderBy(asc(loanInstalments.planPart));
  }

  /** Instalments of several orders, grouped by order id. */
  async instalmentsOf(orderIds: readonly number[]): Promise<Map<number, InstalmentRow[]>> {
    const grouped = new Map<number, InstalmentRow[]>();
    if (orderIds.length === 0) return grouped;
    const rows = await this.db
      .select()
      .from(loanInstalments)
      .where(inArray(loanInstalments.orderId, [...orderIds]))
      .orderBy(asc(loanInstalments.orderId), asc(loanInstalments.planPart));
    for (const row of rows) grouped.set(row.orderId, [...(grouped.get(row.orderId) ?? []), row]);
    return grouped;
  }

  /** Writes one instalment's running balances (and when it was settled). */
  async updateInstalment(orderId: number, planPart: number, balances: InstalmentBalances & { settledAt?: Date | null }): Promise<void> {
    await this.db
      .update(loanInstalments)
      .set(balances)
      .where(and(eq(loanInstalments.orderId, orderId), eq(loanInstalments.planPart, planPart)));
  }

  /** Moves an order's schedule to new dates (payout on a later day than the commit); amounts stay. */
  async redate(orderId: number, schedule: Schedule): Promise<void> {
    for (const row of schedule.instalments) {
      await this.db
        .update(loanInstalments)
        .set({ periodStart: row.periodStart, dueDate: row.dueDate })
        .where(and(eq(loanInstalments.orderId, orderId), eq(loanInstalments.planPart, row.planPart)));
    }
  }

  async insertAttempt(attempt: Omit<typeof payoutAttempts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>): Promise<PayoutAttemptRow> {
    const [row] = await this.db.insert(payoutAttempts).values(attempt).returning();
    return row!;
  }

  /** The order's attempt that is not failed (at most one: a partial unique index), else null. */
  async liveAttempt(orderId: number): Promise<PayoutAttemptRow | null> {
    const [row] = await this.db
      .select()
      .from(payoutAttempts)
      .where(and(eq(payoutAttempts.orderId, orderId), ne(payoutAttempts.state, 'failed')))
      .limit(1);
    return row ?? null;
  }

  /** The live attempts of several orders, by order id. */
  async liveAttemptsOf(orderIds: readonly number[]): Promise<Map<number, PayoutAttemptRow>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(payoutAttempts)
      .where(and(inArray(payoutAttempts.orderId, [...orderIds]), ne(payoutAttempts.state, 'failed')));
    return new Map(rows.map((row) => [row.orderId, row]));
  }

  // ── payout attempts (PayoutService) ──

  /** Due attempts, locked and skipped by other runs, oldest check first. */
  dueAttemptsForUpdate(now: Date, limit: number): Promise<PayoutAttemptRow[]> {
    return this.uow.db
      .select()
      .from(payoutAttempts)
      .where(and(inArray(payoutAttempts.state, ['created', 'submitting', 'pending']), lte(payoutAttempts.nextCheckAt, now)))
      .orderBy(asc(payoutAttempts.nextCheckAt), asc(payoutAttempts.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  async lockAttempt(id: number): Promise<PayoutAttemptRow | undefined> {
    const [attempt] = await this.uow.db.select().from(payoutAttempts).where(eq(payoutAttempts.id, id)).for('update');
    return attempt;
  }

  async updateAttempt(id: number, change: Partial<typeof payoutAttempts.$inferInsert>): Promise<void> {
    await this.uow.db
      .update(payoutAttempts)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(payoutAttempts.id, id));
  }

  /** The borrower's latest order whose payout failed for an invalid account: its account and when. */
  async latestAccountInvalidPayout(userId: string): Promise<{ accountId: number | null; closedAt: Date | null } | undefined> {
    const [failed] = await this.uow.db
      .select({ accountId: loanOrders.receivingAccountId, closedAt: loanOrders.closedAt })
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), eq(loanOrders.state, 'payout_failed'), eq(loanOrders.closeReason, 'ACCOUNT_INVALID')))
      .orderBy(sql`${loanOrders.closedAt} desc nulls last`)
      .limit(1);
    return failed;
  }

  async disbursedSince(userId: string, since: Date): Promise<boolean> {
    const rows = await this.uow.db
      .select({ id: loanOrders.id })
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), sql`${loanOrders.disbursedAt} > ${since.toISOString()}`))
      .limit(1);
    return rows.length > 0;
  }

  // ── views and guards ──

  /** Whether any order of the borrower is still in flight or owes money (to one account, when given). */
  /** Whether the borrower has a written-off loan (their credit stays locked; decision 100). */
  async hasWrittenOff(userId: string): Promise<boolean> {
    const rows = await this.uow.db
      .select({ id: loanOrders.id })
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), eq(loanOrders.state, 'written_off')))
      .limit(1);
    return rows.length > 0;
  }

  async hasOpenOrders(userId: string, accountId?: number): Promise<boolean> {
    const rows = await this.uow.db
      .select({ id: loanOrders.id })
      .from(loanOrders)
      .where(
        and(
          eq(loanOrders.userId, userId),
          inArray(loanOrders.state, accountId === undefined ? ['pending', 'paying', 'repaying', 'written_off'] : ['pending', 'paying']),
          ...(accountId === undefined ? [] : [eq(loanOrders.receivingAccountId, accountId)]),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** The agreements accepted with an order (one row per document). */
  acceptances(orderId: number): Promise<(typeof contractAcceptances.$inferSelect)[]> {
    return this.uow.db.select().from(contractAcceptances).where(eq(contractAcceptances.orderId, orderId)).orderBy(contractAcceptances.document);
  }

  /** The agreements accepted with several orders (the back office's borrower page), by order and document. */
  acceptancesOf(orderIds: readonly number[]): Promise<(typeof contractAcceptances.$inferSelect)[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.uow.db
      .select()
      .from(contractAcceptances)
      .where(inArray(contractAcceptances.orderId, [...orderIds]))
      .orderBy(desc(contractAcceptances.acceptedAt), asc(contractAcceptances.document));
  }

  async insertAcceptances(rows: (typeof contractAcceptances.$inferInsert)[]): Promise<void> {
    await this.uow.db.insert(contractAcceptances).values(rows);
  }

  /** The latest payouts, of accounts not closed, newest first (the home ticker). */
  recentPayouts(limit: number): Promise<{ phone: string; amount: bigint; disbursedAt: Date | null }[]> {
    return this.uow.db
      .select({ phone: sql<string>`u.phone`, amount: loanOrders.principal, disbursedAt: loanOrders.disbursedAt })
      .from(loanOrders)
      .innerJoin(sql`users u`, sql`u.id = ${loanOrders.userId}`)
      .where(sql`${isNotNull(loanOrders.disbursedAt)} and not exists (select 1 from account_closures c where c.user_id = ${loanOrders.userId})`)
      .orderBy(desc(loanOrders.disbursedAt))
      .limit(limit);
  }
}
