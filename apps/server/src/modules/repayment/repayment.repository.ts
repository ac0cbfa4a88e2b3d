import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { bankTransfers, loanOrders, loanRepayments, repaymentReceipts, repaymentRequests } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { OrderRow } from '../loan/index.ts';

export type RepaymentRequestRow = typeof repaymentRequests.$inferSelect;
export type NewRepaymentRequest = Omit<typeof repaymentRequests.$inferInsert, 'id' | 'createdAt' | 'status' | 'paidAmount' | 'paidAt'>;
export type BankTransferRow = typeof bankTransfers.$inferSelect;
export type NewBankTransfer = Omit<typeof bankTransfers.$inferInsert, 'id'>;
export type TransferOutcome = BankTransferRow['outcome'];
export type LoanRepaymentRow = typeof loanRepayments.$inferSelect;
export type ReceiptRow = typeof repaymentReceipts.$inferSelect;
export type ReceiptState = ReceiptRow['state'];

/** How many rows an operator list answers at most (newest first). */
const OPERATOR_LIST_LIMIT = 200;

/**
 * Repayment requests, the collection account's transfers, the money applied to loans and the
 * offline receipts (docs/decisions/070, 076). Reads for a borrower always name the borrower.
 */
export class RepaymentRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  // ─── requests ───

  /** Inserts a request; null when its code or page token is taken (the caller draws again). */
  async insertRequest(request: NewRepaymentRequest): Promise<RepaymentRequestRow | null> {
    const [row] = await this.db
      .insert(repaymentRequests)
      .values({ ...request, status: 'open' })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async findRequestByToken(pageToken: string): Promise<RepaymentRequestRow | null> {
    const [row] = await this.db.select().from(repaymentRequests).where(eq(repaymentRequests.pageToken, pageToken)).limit(1);
    return row ?? null;
  }

  async findRequestOfUser(userId: string, id: string): Promise<RepaymentRequestRow | null> {
    const [row] = await this.db
      .select()
      .from(repaymentRequests)
      .where(and(eq(repaymentRequests.userId, userId), eq(repaymentRequests.id, id)))
      .limit(1);
    return row ?? null;
  }

  /** The first request whose code is among `codes`, in the order given (the content's first code wins). */
  async findRequestByCodes(codes: readonly string[]): Promise<RepaymentRequestRow | null> {
    if (codes.length === 0) return null;
    const rows = await this.db.select().from(repaymentRequests).where(inArray(repaymentRequests.code, [...codes]));
    for (const code of codes) {
      const row = rows.find((candidate) => candidate.code === code);
      if (row) return row;
    }
    return null;
  }

  /**
   * An open request of the borrower for exactly `items`, quoted on `quotedOn` for `amount` and
   * still standing after `standingAfter`: the order detail's payGoUrl reuses it rather than
   * making a new request on every view.
   */
  async findReusableRequest(userId: string, items: RepaymentRequestRow['items'], quotedOn: string, amount: bigint, standingAfter: Date): Promise<RepaymentRequestRow | null> {
    const [row] = await this.db
      .select()
      .from(repaymentRequests)
      .where(
        and(
          eq(repaymentRequests.userId, userId),
          eq(repaymentRequests.status, 'open'),
          eq(repaymentRequests.quotedOn, quotedOn),
          eq(repaymentRequests.amount, amount),
          gt(repaymentRequests.expiresAt, standingAfter),
          sql`${repaymentRequests.items} = ${JSON.stringify(items)}::jsonb`,
        ),
      )
      .orderBy(desc(repaymentRequests.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** Adds money received for a request: paid once it covers the quote, partly paid before. */
  async recordRequestPayment(id: string, amount: bigint, now: Date): Promise<void> {
    await this.db
      .update(repaymentRequests)
      .set({
        paidAmount: sql`${repaymentRequests.paidAmount} + ${amount}`,
        status: sql`case when ${repaymentRequests.paidAmount} + ${amount} >= ${repaymentRequests.amount} then 'paid' else 'partly_paid' end`,
        paidAt: now,
      })
      .where(eq(repaymentRequests.id, id));
  }

  // ─── transfers ───

  /**
   * Records a transfer once per (provider, provider transaction id): null when it is already
   * recorded. On PostgreSQL a concurrent delivery of the same transfer waits here on the unique
   * index until the first one's transaction ends, then gets null: the money is applied once.
   */
  async insertTransfer(transfer: NewBankTransfer): Promise<BankTransferRow | null> {
    const [row] = await this.db
      .insert(bankTransfers)
      .values(transfer)
      .onConflictDoNothing({ target: [bankTransfers.provider, bankTransfers.providerTransactionId] })
      .returning();
    return row ?? null;
  }

  async findTransfer(provider: string, providerTransactionId: string): Promise<BankTransferRow | null> {
    const [row] = await this.db
      .select()
      .from(bankTransfers)
      .where(and(eq(bankTransfers.provider, provider), eq(bankTransfers.providerTransactionId, providerTransactionId)))
      .limit(1);
    return row ?? null;
  }

  /** The transfers of these provider ids (a statement's rows), in chunks the driver takes. */
  async findTransfers(provider: string, providerTransactionIds: readonly string[]): Promise<BankTransferRow[]> {
    const found: BankTransferRow[] = [];
    for (let at = 0; at < providerTransactionIds.length; at += 1000) {
      const chunk = providerTransactionIds.slice(at, at + 1000);
      found.push(...(await this.db.select().from(bankTransfers).where(and(eq(bankTransfers.provider, provider), inArray(bankTransfers.providerTransactionId, [...chunk])))));
    }
    return found;
  }

  async listTransfers(outcome: TransferOutcome | 'all'): Promise<BankTransferRow[]> {
    const query = this.db.select().from(bankTransfers);
    const filtered = outcome === 'all' ? query : query.where(eq(bankTransfers.outcome, outcome));
    return filtered.orderBy(desc(bankTransfers.receivedAt), desc(bankTransfers.id)).limit(OPERATOR_LIST_LIMIT);
  }

  /** Paid-out orders by order number (any borrower: a transfer names an order, not a borrower). */
  async paidOutOrdersByNo(orderNos: readonly string[]): Promise<OrderRow[]> {
    if (orderNos.length === 0) return [];
    return this.db
      .select()
      .from(loanOrders)
      .where(and(inArray(loanOrders.orderNo, [...orderNos]), isNotNull(loanOrders.startDate)));
  }

  // ─── money applied to loans ───

  async insertRepayment(repayment: Omit<typeof loanRepayments.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
    await this.db.insert(loanRepayments).values(repayment);
  }

  async repaymentsOf(orderId: number): Promise<LoanRepaymentRow[]> {
    return this.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, orderId)).orderBy(asc(loanRepayments.id));
  }

  /** Money applied to several orders (the back office's borrower page), newest first. */
  async repaymentsOfOrders(orderIds: readonly number[]): Promise<LoanRepaymentRow[]> {
    if (orderIds.length === 0) return [];
    return this.db.select().from(loanRepayments).where(inArray(loanRepayments.orderId, [...orderIds])).orderBy(desc(loanRepayments.id));
  }

  // ─── receipts ───

  async insertReceipt(receipt: Omit<typeof repaymentReceipts.$inferInsert, 'id' | 'createdAt' | 'state'> & { createdAt: Date }): Promise<ReceiptRow> {
    const [row] = await this.db
      .insert(repaymentReceipts)
      .values({ ...receipt, state: 'pending' })
      .returning();
    return row!;
  }

  /** A receipt locked (FOR UPDATE) until the transaction ends: one review at a time. */
  async lockReceipt(id: number): Promise<ReceiptRow | null> {
    const tx = this.uow.requireTransaction('RepaymentRepository.lockReceipt');
    const [row] = await tx.select().from(repaymentReceipts).where(eq(repaymentReceipts.id, id)).for('update');
    return row ?? null;
  }

  async reviewReceipt(id: number, change: Pick<ReceiptRow, 'state' | 'amount' | 'reviewNote' | 'reviewedAt'>): Promise<ReceiptRow> {
    const [row] = await this.db.update(repaymentReceipts).set(change).where(eq(repaymentReceipts.id, id)).returning();
    return row!;
  }

  async listReceipts(state: ReceiptState | 'all'): Promise<ReceiptRow[]> {
    const query = this.db.select().from(repaymentReceipts);
    const filtered = state === 'all' ? query : query.where(eq(repaymentReceipts.state, state));
    // Pending ones oldest first (the review queue); the others newest first.
    const order = state === 'pending' ? [asc(repaymentReceipts.createdAt), asc(repaymentReceipts.id)] : [desc(repaymentReceipts.createdAt), desc(repaymentReceipts.id)];
    return filtered.orderBy(...order).limit(OPERATOR_LIST_LIMIT);
  }

  /** Which of the orders have a receipt waiting for review (status 31). */
  async ordersWithPendingReceipt(orderIds: readonly number[]): Promise<Set<number>> {
    if (orderIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ orderId: repaymentReceipts.orderId })
      .from(repaymentReceipts)
      .where(and(inArray(repaymentReceipts.orderId, [...orderIds]), eq(repaymentReceipts.state, 'pending')));
    return new Set(rows.map((row) => row.orderId));
  }
}
