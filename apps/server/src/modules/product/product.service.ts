import { randomUUID } from 'node:crypto';
import { annualPercentOfDailyPpm, rateCapViolations, type RateCap } from '@sen/domain';
import { productInputSchema, type Language, type ProductInput, type ProductRecord, type ProductVersion } from '@sen/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import type { EventRecorder } from '../../events/domain-events.ts';
import type { ProductRepository, ProductRow } from './product.repository.ts';

export type { ProductRow } from './product.repository.ts';

type ParsedProduct = z.output<typeof productInputSchema>;

/**
 * A product's name and tags in a language (decision 113): its translation when it has one, else
 * the Vietnamese. From the row already read: no statement of its own.
 */
export function productText(row: Pick<ProductRow, 'name' | 'tags' | 'translations'>, language: Language): { name: string; tags: string[] } {
  const translated = language === 'vn' ? undefined : row.translations?.[language];
  return { name: translated?.name ?? row.name, tags: translated?.tags ?? row.tags };
}

/** The product as operators see it (operator endpoints, the products command). */
export function toRecord(row: ProductRow): ProductRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    imageUrl: row.imageUrl,
    minAmount: Number(row.minAmount),
    maxAmount: Number(row.maxAmount),
    termDays: row.termDays,
    planNums: row.planNums,
    dailyRatePpm: row.dailyRatePpm,
    serviceFeePpm: row.serviceFeePpm,
    overdueDailyRatePpm: row.overdueDailyRatePpm,
    tags: row.tags,
    translations: row.translations ?? {},
    showConditionTypeSign: row.showConditionTypeSign === '1' ? '1' : row.showConditionTypeSign === '0' ? '0' : null,
    jumpType: row.jumpType === 1 ? 1 : row.jumpType === 2 ? 2 : 0,
    downloadUrl: row.downloadUrl,
    newSign: row.newSign,
    activeFrom: row.activeFrom?.toISOString() ?? null,
    activeTo: row.activeTo?.toISOString() ?? null,
    dailyQuota: row.dailyQuota,
    sortOrder: row.sortOrder,
    active: row.active,
    feeTiming: row.feeTiming,
    signatureRequired: row.signatureRequired,
    signingCode: row.signingCode,
    annualPercent: annualPercentOfDailyPpm(row.dailyRatePpm),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Loan products as data (docs/decisions/050): operators create and change them without code;
 * every write is checked for consistency and against the legal rate cap of the lender's licence.
 */
export class ProductService {
  constructor(
    private readonly repository: ProductRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    readonly rateCap: RateCap & { licence: string },
    private readonly events: EventRecorder,
  ) {}

  private visibleNow(row: Pick<ProductRow, 'active' | 'activeFrom' | 'activeTo'>, now: Date): boolean {
    return row.active && (!row.activeFrom || row.activeFrom <= now) && (!row.activeTo || row.activeTo > now);
  }

  /** Checks a product (amounts, dates, rates against the cap); throws the catalogued error. */
  check(product: ParsedProduct): void {
    if (product.minAmount > product.maxAmount) throw new AppError('PRODUCT_INVALID', { params: { detail: 'minAmount > maxAmount' } });
    if (product.activeFrom && product.activeTo && Date.parse(product.activeFrom) >= Date.parse(product.activeTo)) {
      throw new AppError('PRODUCT_INVALID', { params: { detail: 'activeFrom >= activeTo' } });
    }
    if (product.jumpType !== 0 && !product.downloadUrl) throw new AppError('PRODUCT_INVALID', { params: { detail: 'jumpType needs downloadUrl' } });
    const violations = rateCapViolations(product, this.rateCap);
    const [first] = violations;
    if (first) {
      const detail =
        first.field === 'dailyRatePpm'
          ? `${first.annualPercent.toFixed(2)}% > ${first.capPercent}%/year`
          : `overdue ${first.overdueDailyRatePpm} ppm > ${first.maxPpm} ppm/day (150%)`;
      throw new AppError('RATE_OVER_CAP', { params: { detail }, data: { violations } });
    }
  }

  /** The product as the contract schema reads it, within the legal caps; PRODUCT_INVALID or RATE_OVER_CAP otherwise. */
  validate(input: ProductInput): ParsedProduct {
    const parsed = productInputSchema.safeParse(input);
    if (!parsed.success) throw new AppError('PRODUCT_INVALID', { params: { detail: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') } });
    this.check(parsed.data);
    return parsed.data;
  }

  /** Validates (for an approved proposal and the demo seed) and saves. */
  async upsert(input: ProductInput): Promise<ProductRecord> {
    const product = this.validate(input);
    const row = await this.uow.transaction(async () => {
      // One writer per product code at a time (also for a code not saved yet), so exactly one
      // save sees the inactive → active change.
      await this.uow.advisoryLock(`product:${product.code}`);
      const before = await this.repository.findByCode(product.code);
      const saved = await this.repository.upsert({
        ...product,
        // A change that leaves the translations out keeps the product's (decision 113).
        translations: product.translations ?? before?.translations ?? {},
        minAmount: BigInt(product.minAmount),
        maxAmount: BigInt(product.maxAmount),
        activeFrom: product.activeFrom ? new Date(product.activeFrom) : null,
        activeTo: product.activeTo ? new Date(product.activeTo) : null,
      });
      const now = this.clock();
      if (saved.newSign && this.visibleNow(saved, now) && !(before?.active ?? false)) {
        await this.announce(saved, `product-activated:${saved.id}:${randomUUID()}`, now);
      }
      return saved;
    });
    return toRecord(row);
  }

  /** Raises `product.opened` (the newProducts message) for one opening, in the caller's transaction, and remembers it. */
  private async announce(product: ProductRow, eventKey: string, now: Date): Promise<void> {
    await this.events.record('product.opened', { productId: product.id, eventKey });
    await this.repository.markAnnounced(product.id, now);
  }

  /**
   * Tells borrowers of new products whose window has opened since they were saved (activeFrom
   * reached): the same event as an activation at save time, keyed by the opening, once. Run by the
   * loan jobs' tick; safe on several instances at once. Returns how many products were announced.
   */
  async announceOpened(): Promise<number> {
    return this.uow.transaction(async () => {
      const now = this.clock();
      const opened = await this.repository.lockUnannounced(now);
      for (const product of opened) await this.announce(product, `product-opened:${product.id}:${(product.activeFrom ?? product.createdAt).toISOString()}`, now);
      return opened.length;
    });
  }

  /**
   * Applies an approved product change (decision 091): saved like any upsert, and recorded as the
   * product's next version with who proposed and approved it, in the approval's transaction.
   */
  async applyApproved(input: ProductInput, approval: { proposalId: number; proposedBy: number; approvedBy: number; now: Date }): Promise<ProductRecord & { version: number }> {
    return this.uow.transaction(async () => {
      const saved = await this.upsert(input);
      const { id: _id, annualPercent: _annualPercent, updatedAt: _updatedAt, ...snapshot } = saved;
      const version = await this.repository.insertVersion({
        productId: saved.id,
        productCode: saved.code,
        snapshot,
        effectiveFrom: approval.now,
        proposalId: approval.proposalId,
        proposedBy: approval.proposedBy,
        approvedBy: approval.approvedBy,
      });
      return { ...saved, version };
    });
  }

  /** The approved versions of every product, newest first. */
  async history(limit = 500): Promise<ProductVersion[]> {
    const rows = await this.repository.versions(limit);
    return rows.map(({ version, proposer, approver }) => ({
      productCode: version.productCode,
      version: version.version,
      product: version.snapshot as ProductVersion['product'],
      effectiveFrom: version.effectiveFrom.toISOString(),
      proposalId: version.proposalId,
      proposedBy: proposer?.id ? proposer : null,
      approvedBy: approver?.id ? approver : null,
    }));
  }

  /** The product with this code as operators see it, or null (what a proposal changes). */
  async findRecord(code: string): Promise<ProductRecord | null> {
    const row = await this.repository.findByCode(code);
    return row ? toRecord(row) : null;
  }

  /** A product by id, active or not (an order's product: its signing-code setting; decision 117). */
  findById(id: number): Promise<ProductRow | null> {
    return this.repository.findById(id);
  }

  async list(): Promise<ProductRecord[]> {
    return (await this.repository.all()).map(toRecord);
  }

  /** Products borrowers may see now. */
  activeProducts(): Promise<ProductRow[]> {
    return this.repository.activeAt(this.clock());
  }

  /** Loans taken per product on a business date (against daily quotas). */
  usageOn(businessDate: string): Promise<Map<number, number>> {
    return this.repository.usageOn(businessDate);
  }

  /**
   * For the loan module: takes one loan of the product's quota for the date (call in the loan's
   * transaction). True when the product has no quota or one was left.
   */
  async takeQuota(product: Pick<ProductRow, 'id' | 'dailyQuota'>, businessDate: string): Promise<boolean> {
    if (product.dailyQuota === null) return true;
    return this.repository.takeQuota(product.id, businessDate, product.dailyQuota);
  }

  async returnQuota(productId: number, businessDate: string): Promise<void> {
    await this.repository.returnQuota(productId, businessDate);
  }

  count(): Promise<number> {
    return this.repository.count();
  }
}
