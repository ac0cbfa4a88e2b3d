import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { bankTransfers, loanOrders, personalData, repaymentRequests, unidentifiedTransfers } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { SuggestionCandidate } from './transfer-suggestions.ts';

export type UnidentifiedRow = typeof unidentifiedTransfers.$inferSelect;
export type UnidentifiedState = UnidentifiedRow['state'];
/** An outgoing bank transfer as a return candidate reads it. */
export type BankTransferOut = Pick<
  typeof bankTransfers.$inferSelect,
  'id' | 'providerTransactionId' | 'transactionDate' | 'content' | 'code' | 'referenceCode' | 'amount' | 'receivedAt' | 'transferType'
>;

/** The columns of an outgoing transfer a return candidate is read with. */
const OUTGOING_COLUMNS = {
  id: bankTransfers.id,
  providerTransactionId: bankTransfers.providerTransactionId,
  transactionDate: bankTransfers.transactionDate,
  content: bankTransfers.content,
  code: bankTransfers.code,
  referenceCode: bankTransfers.referenceCode,
  amount: bankTransfers.amount,
  receivedAt: bankTransfers.receivedAt,
  transferType: bankTransfers.transferType,
};

/** How many queue rows a list answers at most; how many requests are read for suggestions at most. */
const LIST_LIMIT = 200;
const CANDIDATE_LIMIT = 1000;

/** The unmatched queue (decision 114) and what its suggestions are read from. */
export class UnidentifiedTransferRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  async insert(row: Pick<UnidentifiedRow, 'transferId' | 'amount' | 'bankTime'>): Promise<void> {
    await this.db.insert(unidentifiedTransfers).values({ ...row, state: 'open' });
  }

  async find(transferId: number): Promise<UnidentifiedRow | null> {
    const [row] = await this.db.select().from(unidentifiedTransfers).where(eq(unidentifiedTransfers.transferId, transferId));
    return row ?? null;
  }

  /** The row locked (FOR UPDATE) until the transaction ends: one decision at a time. */
  async lock(transferId: number): Promise<UnidentifiedRow | null> {
    const tx = this.uow.requireTransaction('UnidentifiedTransferRepository.lock');
    const [row] = await tx.select().from(unidentifiedTransfers).where(eq(unidentifiedTransfers.transferId, transferId)).for('update');
    return row ?? null;
  }

  async decide(transferId: number, change: Pick<UnidentifiedRow, 'state' | 'orderId' | 'repaymentRequestId' | 'proposalId' | 'decidedAt'>): Promise<void> {
    await this.db.update(unidentifiedTransfers).set(change).where(eq(unidentifiedTransfers.transferId, transferId));
  }

  /** The queue rows of these transfer ids that are approved to go back (a return memo names them). */
  async toReturn(transferIds: readonly number[]): Promise<UnidentifiedRow[]> {
    if (transferIds.length === 0) return [];
    return this.db
      .select()
      .from(unidentifiedTransfers)
      .where(and(inArray(unidentifiedTransfers.transferId, [...new Set(transferIds)]), eq(unidentifiedTransfers.state, 'to_return')));
  }

  /** Sent back: out of suspense, with the outgoing transfer that carried it and the bank's time of it. */
  async markReturned(transferId: number, returnTransferId: number, returnedAt: Date): Promise<void> {
    await this.db.update(unidentifiedTransfers).set({ state: 'returned', returnTransferId, returnedAt }).where(eq(unidentifiedTransfers.transferId, transferId));
  }

  /**
   * Money out of the collection account of one of these amounts, reported since `from`, that
   * returns no transfer yet (decision 125): what a return whose memo named nothing may have been.
   * Reads the outgoing transfers by the outcome index; at most CANDIDATE_LIMIT, oldest first.
   */
  async returnCandidates(amounts: readonly bigint[], from: Date): Promise<BankTransferOut[]> {
    if (amounts.length === 0) return [];
    return this.db
      .select(OUTGOING_COLUMNS)
      .from(bankTransfers)
      .where(
        and(
          eq(bankTransfers.outcome, 'outgoing'),
          gte(bankTransfers.receivedAt, from),
          inArray(bankTransfers.amount, [...new Set(amounts)]),
          sql`not exists (select 1 from ${unidentifiedTransfers} where ${unidentifiedTransfers.returnTransferId} = ${bankTransfers.id})`,
        ),
      )
      .orderBy(asc(bankTransfers.receivedAt), asc(bankTransfers.id))
      .limit(CANDIDATE_LIMIT);
  }

  /** An outgoing transfer by id with the queue row it returns, if any (decision 125). */
  async outgoing(id: number): Promise<{ transfer: BankTransferOut & { outcome: string }; returns: number | null } | null> {
    const [row] = await this.db
      .select({
        ...OUTGOING_COLUMNS,
        outcome: bankTransfers.outcome,
        returns: unidentifiedTransfers.transferId,
      })
      .from(bankTransfers)
      .leftJoin(unidentifiedTransfers, eq(unidentifiedTransfers.returnTransferId, bankTransfers.id))
      .where(eq(bankTransfers.id, id));
    if (!row) return null;
    const { returns, ...transfer } = row;
    return { transfer, returns };
  }

  /** The transfer now belongs to a borrower: the transfers list shows it matched. */
  async markTransferMatched(transferId: number, userId: string, repaymentRequestId: string | null): Promise<void> {
    await this.db.update(bankTransfers).set({ outcome: 'matched', userId, repaymentRequestId }).where(eq(bankTransfers.id, transferId));
  }

  async order(id: number) {
    const [row] = await this.db.select().from(loanOrders).where(eq(loanOrders.id, id));
    return row ?? null;
  }

  async request(id: string) {
    const [row] = await this.db.select().from(repaymentRequests).where(eq(repaymentRequests.id, id));
    return row ?? null;
  }

  /** Queue rows with their transfer and matched order; open ones oldest first, the others newest first. */
  async list(state: UnidentifiedState | 'all') {
    const query = this.db
      .select({
        row: unidentifiedTransfers,
        providerTransactionId: bankTransfers.providerTransactionId,
        transactionDate: bankTransfers.transactionDate,
        transactionDateAsSent: bankTransfers.bankTimeAsSent,
        content: bankTransfers.content,
        orderNo: loanOrders.orderNo,
      })
      .from(unidentifiedTransfers)
      .innerJoin(bankTransfers, eq(bankTransfers.id, unidentifiedTransfers.transferId))
      .leftJoin(loanOrders, eq(loanOrders.id, unidentifiedTransfers.orderId));
    const filtered = state === 'all' ? query : query.where(eq(unidentifiedTransfers.state, state));
    const order = state === 'open' ? [asc(unidentifiedTransfers.bankTime), asc(unidentifiedTransfers.transferId)] : [desc(unidentifiedTransfers.bankTime), desc(unidentifiedTransfers.transferId)];
    return filtered.orderBy(...order).limit(LIST_LIMIT);
  }

  /**
   * Repayment requests not fully paid, made between `from` and `to`, with their first order and
   * the borrower's name: one query for a whole page of the queue.
   */
  async suggestionCandidates(from: Date, to: Date): Promise<SuggestionCandidate[]> {
    const firstOrderId = sql<number>`(${repaymentRequests.items}->0->>'orderId')::bigint`;
    const rows = await this.db
      .select({
        repaymentRequestId: repaymentRequests.id,
        orderId: loanOrders.id,
        orderNo: loanOrders.orderNo,
        borrowerName: personalData.fullName,
        amount: repaymentRequests.amount,
        paidAmount: repaymentRequests.paidAmount,
        requestedAt: repaymentRequests.createdAt,
      })
      .from(repaymentRequests)
      .innerJoin(loanOrders, eq(loanOrders.id, firstOrderId))
      .leftJoin(personalData, eq(personalData.userId, repaymentRequests.userId))
      .where(and(inArray(repaymentRequests.status, ['open', 'partly_paid', 'expired']), gte(repaymentRequests.createdAt, from), lte(repaymentRequests.createdAt, to)))
      .orderBy(desc(repaymentRequests.createdAt))
      .limit(CANDIDATE_LIMIT);
    // A partly paid request is suggested for what it still lacks.
    return rows.map((row) => ({ ...row, borrowerName: row.borrowerName ?? '', amount: row.amount - row.paidAmount }));
  }
}
