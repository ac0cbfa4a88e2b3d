import { and, asc, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { loanProducts, operators, productDailyUsage, productVersions } from '../../db/schema.ts';
import { alias } from 'drizzle-orm/pg-core';

export type ProductRow = typeof loanProducts.$inferSelect;
export type ProductWrite = Omit<typeof loanProducts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Active, and `now` inside the product's window: what borrowers may see. */
const visibleAt = (now: Date) =>
  and(eq(loanProducts.active, true), or(isNull(loanProducts.activeFrom), lte(loanProducts.activeFrom, now)), or(isNull(loanProducts.activeTo), gt(loanProducts.activeTo, now)));

export class ProductRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  all(): Promise<ProductRow[]> {
    return this.db.select().from(loanProducts).orderBy(asc(loanProducts.sortOrder), asc(loanProducts.id));
  }

  /** Active products whose window contains `now`, in display order. */
  activeAt(now: Date): Promise<ProductRow[]> {
    return this.db
      .select()
      .from(loanProducts)
      .where(visibleAt(now))
      .orderBy(asc(loanProducts.sortOrder), asc(loanProducts.id));
  }

  async findById(id: number): Promise<ProductRow | null> {
    const [row] = await this.db.select().from(loanProducts).where(eq(loanProducts.id, id)).limit(1);
    return row ?? null;
  }

  async findByCode(code: string): Promise<ProductRow | null> {
    const [row] = await this.db.select().from(loanProducts).where(eq(loanProducts.code, code)).limit(1);
    return row ?? null;
  }

  /**
   * New products open now whose opening nobody was told of yet (never announced, or announced
   * before their current activeFrom), locked for the caller's transaction; rows another instance
   * holds are skipped, so two instances never announce the same opening.
   */
  lockUnannounced(now: Date): Promise<ProductRow[]> {
    return this.db
      .select()
      .from(loanProducts)
      .where(and(eq(loanProducts.newSign, true), visibleAt(now), or(isNull(loanProducts.announcedAt), lt(loanProducts.announcedAt, loanProducts.activeFrom))))
      .orderBy(asc(loanProducts.id))
      .for('update', { skipLocked: true });
  }

  async markAnnounced(productId: number, now: Date): Promise<void> {
    await this.db.update(loanProducts).set({ announcedAt: now }).where(eq(loanProducts.id, productId));
  }

  /** Creates or replaces the product with this code (one statement, race-free). */
  async upsert(values: ProductWrite): Promise<ProductRow> {
    const [row] = await this.db
      .insert(loanProducts)
      .values(values)
      .onConflictDoUpdate({ target: loanProducts.code, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return row!;
  }

  /** Appends the product's next version (the product's row is locked by the caller's upsert). */
  async insertVersion(values: Omit<typeof productVersions.$inferInsert, 'version'>): Promise<number> {
    const [row] = await this.db
      .insert(productVersions)
      .values({ ...values, version: sql`(select coalesce(max(${productVersions.version}), 0) + 1 from ${productVersions} where ${productVersions.productId} = ${values.productId})` })
      .returning({ version: productVersions.version });
    return row!.version;
  }

  /** Every approved version, newest first, with who proposed and approved it. */
  versions(limit: number) {
    const proposer = alias(operators, 'proposer');
    const approver = alias(operators, 'approver');
    return this.db
      .select({
        version: productVersions,
        proposer: { id: proposer.id, email: proposer.email, name: proposer.name },
        approver: { id: approver.id, email: approver.email, name: approver.name },
      })
      .from(productVersions)
      .leftJoin(proposer, eq(proposer.id, productVersions.proposedBy))
      .leftJoin(approver, eq(approver.id, productVersions.approvedBy))
      .orderBy(desc(productVersions.effectiveFrom), desc(productVersions.id))
      .limit(limit);
  }

  /** Loans taken today per product (products without a row took none). */
  async usageOn(businessDate: string): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ productId: productDailyUsage.productId, loans: productDailyUsage.loans })
      .from(productDailyUsage)
      .where(eq(productDailyUsage.businessDate, businessDate));
    return new Map(rows.map((row) => [row.productId, row.loans]));
  }

  /**
   * Takes one loan of a product's daily quota with one conditional upsert: it counts only while
   * under `quota`, so concurrent callers on any instance cannot overshoot. True when taken.
   */
  async takeQuota(productId: number, businessDate: string, quota: number): Promise<boolean> {
    if (quota <= 0) return false;
    const rows = await this.db
      .insert(productDailyUsage)
      .values({ productId, businessDate, loans: 1 })
      .onConflictDoUpdate({
        target: [productDailyUsage.productId, productDailyUsage.businessDate],
        set: { loans: sql`${productDailyUsage.loans} + 1` },
        setWhere: sql`${productDailyUsage.loans} < ${quota}`,
      })
      .returning({ loans: productDailyUsage.loans });
    return rows.length > 0;
  }

  /** Gives back one loan of today's quota (a loan that was not made after all). */
  async returnQuota(productId: number, businessDate: string): Promise<void> {
    await this.db
      .update(productDailyUsage)
      .set({ loans: sql`greatest(${productDailyUsage.loans} - 1, 0)` })
      .where(and(eq(productDailyUsage.productId, productId), eq(productDailyUsage.businessDate, businessDate)));
  }

  async count(): Promise<number> {
    return this.db.$count(loanProducts);
  }
}
