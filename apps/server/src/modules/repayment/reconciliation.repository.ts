import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { bankTransfers, ledgerEntries, ledgerLines, loanOrders, payoutAttempts, refundAttempts, unidentifiedTransfers } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

/** The ledger's cash accounts: where the bank's money shows in the ledger. */
export const CASH_ACCOUNTS = ['collection_bank', 'disbursement_bank'] as const;
/** The events that move the cash accounts (decisions 055, 100, 114). */
const CASH_EVENTS = ['repayment', 'overpayment_credit', 'unidentified_receipt', 'unidentified_match', 'unidentified_return', 'disbursement', 'refund'];

/** One cash account's movement by one ledger entry of the date. */
export interface CashMovement {
  key: string;
  event: string;
  loanId: string | null;
  accountCode: string;
  debit: bigint;
  credit: bigint;
}

/**
 * What the daily reconciliation reads (docs/decisions/118): the bank's transfers of a Vietnam date
 * (by the bank's own time, as printed), the ledger's cash-account lines of that business date, and
 * the payouts and refunds behind them.
 */
export class ReconciliationRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  /** The transfers the bank dated `date` (its 'yyyy-MM-dd HH:mm:ss' starts with the date), with whether a statement listed them. */
  async transfersOn(date: string) {
    return this.db
      .select({
        id: bankTransfers.id,
        providerTransactionId: bankTransfers.providerTransactionId,
        transactionDate: bankTransfers.transactionDate,
        accountNumber: bankTransfers.accountNumber,
        transferType: bankTransfers.transferType,
        amount: bankTransfers.amount,
        outcome: bankTransfers.outcome,
        code: bankTransfers.code,
        content: bankTransfers.content,
        referenceCode: bankTransfers.referenceCode,
        description: sql<string | null>`${bankTransfers.raw} ->> 'description'`,
        fromStatement: sql<boolean>`(${bankTransfers.raw} -> 'statement') is not null`,
      })
      .from(bankTransfers)
      .where(sql`left(${bankTransfers.transactionDate}, 10) = ${date}`)
      .orderBy(bankTransfers.id);
  }

  /** Each ledger entry's net movement of each cash account on the business date. */
  async cashMovementsOn(date: string): Promise<CashMovement[]> {
    return this.db
      .select({
        key: ledgerEntries.key,
        event: ledgerEntries.event,
        loanId: ledgerEntries.loanId,
        accountCode: ledgerLines.accountCode,
        debit: sql<bigint>`sum(${ledgerLines.debit})`.mapWith((value) => BigInt(value)),
        credit: sql<bigint>`sum(${ledgerLines.credit})`.mapWith((value) => BigInt(value)),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerLines, eq(ledgerLines.entryId, ledgerEntries.id))
      .where(and(eq(ledgerEntries.businessDate, date), inArray(ledgerEntries.event, CASH_EVENTS), inArray(ledgerLines.accountCode, [...CASH_ACCOUNTS])))
      .groupBy(ledgerEntries.key, ledgerEntries.event, ledgerEntries.loanId, ledgerLines.accountCode)
      .orderBy(ledgerEntries.key);
  }

  /** Order numbers by order id. */
  async orderNos(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select({ id: loanOrders.id, orderNo: loanOrders.orderNo }).from(loanOrders).where(inArray(loanOrders.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row.orderNo]));
  }

  /** The succeeded payout attempt of each order (the transfer the partner made). */
  async succeededPayouts(orderIds: readonly number[]) {
    if (orderIds.length === 0) return [];
    return this.db
      .select({ orderId: payoutAttempts.orderId, reference: payoutAttempts.reference, amount: payoutAttempts.amount })
      .from(payoutAttempts)
      .where(and(inArray(payoutAttempts.orderId, [...new Set(orderIds)]), eq(payoutAttempts.state, 'succeeded')));
  }

  /** Refund attempts by reference. */
  async refundsByReference(references: readonly string[]) {
    if (references.length === 0) return [];
    return this.db
      .select({ orderId: refundAttempts.orderId, reference: refundAttempts.reference, amount: refundAttempts.amount, state: refundAttempts.state })
      .from(refundAttempts)
      .where(inArray(refundAttempts.reference, [...new Set(references)]));
  }

  /**
   * Money in suspense at `before`: arrived before it and open, approved to return and not yet sent
   * back, or sent back only at or after it (decision 121; shown as it was then: to return).
   */
  async heldBefore(before: Date) {
    return this.db
      .select({
        transferId: unidentifiedTransfers.transferId,
        amount: unidentifiedTransfers.amount,
        state: unidentifiedTransfers.state,
        providerTransactionId: bankTransfers.providerTransactionId,
        transactionDate: bankTransfers.transactionDate,
      })
      .from(unidentifiedTransfers)
      .innerJoin(bankTransfers, eq(bankTransfers.id, unidentifiedTransfers.transferId))
      .where(
        and(
          or(inArray(unidentifiedTransfers.state, ['open', 'to_return']), and(eq(unidentifiedTransfers.state, 'returned'), gte(unidentifiedTransfers.returnedAt, before))),
          lt(unidentifiedTransfers.bankTime, before),
        ),
      )
      .orderBy(unidentifiedTransfers.bankTime, unidentifiedTransfers.transferId);
  }
}
