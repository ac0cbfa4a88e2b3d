import { createHash, timingSafeEqual } from 'node:crypto';
import type { sepayWebhookRequestSchema } from '@sen/contract';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import type { AppliedToLoan, CollectionService } from './collection.service.ts';
import type { BankTransferRow, RepaymentRepository, RepaymentRequestRow, TransferOutcome } from './repayment.repository.ts';
import type { UnidentifiedTransferService } from './unidentified-transfer.service.ts';
import { formatBankTime, normaliseAccountNumber, orderNoCandidates, parseBankTime, requestCodeCandidates } from './transfer-matching.ts';

/** The provider name of SePay's transfers (bank_transfers.provider). */
export const SEPAY_PROVIDER = 'sepay';

export type SepayTransfer = z.output<typeof sepayWebhookRequestSchema>;

export interface TransferReceived {
  transfer: BankTransferRow;
  /** The transfer had been recorded before: nothing was done this time. */
  duplicate: boolean;
  /** What each loan got (empty unless matched and new). */
  applied: AppliedToLoan[];
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The most of an unreadable bank time kept in bank_time_as_sent (the whole body stays in raw). */
const BANK_TIME_AS_SENT_MAX = 200;

/**
 * Whether an Authorization header is SePay's `Apikey <key>` with our key. Compared in constant
 * time on digests (neither the key nor its length leaks); no configured key refuses everything.
 */
export function isSepayKey(authorization: string | string[] | undefined, key: string | undefined): boolean {
  if (!key || typeof authorization !== 'string') return false;
  const presented = /^Apikey\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (!presented) return false;
  return timingSafeEqual(digest(key), digest(presented));
}

/** Whether a transfer reports the account (or SePay's virtual account) `accountNumber`. */
export function isToAccount(transfer: Pick<SepayTransfer, 'accountNumber' | 'subAccount'>, accountNumber: string): boolean {
  const ours = normaliseAccountNumber(accountNumber);
  return [transfer.accountNumber, transfer.subAccount].some((value) => !!value && normaliseAccountNumber(value) === ours);
}

/**
 * Whether a report of a bank id already recorded says the same as the record: amount, direction and
 * account. A report that differs is a conflict: it changes nothing (the first report stands), the
 * statement import lists it and the webhook logs it (decision 118).
 */
export function sameTransfer(recorded: Pick<BankTransferRow, 'amount' | 'transferType' | 'accountNumber'>, transfer: SepayTransfer): boolean {
  return recorded.amount === BigInt(transfer.transferAmount) && recorded.transferType === transfer.transferType && isToAccount(transfer, recorded.accountNumber);
}

/**
 * Whether a transfer moves money in the ledger when recorded: money into the collection account
 * (matched to a loan, or held in suspense). Everything else is recorded and posts nothing.
 */
export function postsMoney(transfer: SepayTransfer, accountNumber: string): boolean {
  return transfer.transferType === 'in' && transfer.transferAmount > 0 && isToAccount(transfer, accountNumber);
}

interface Match {
  outcome: TransferOutcome;
  /** Money into our account that names no repayment: it goes to the unmatched queue. */
  queue?: boolean;
  userId: string | null;
  request: RepaymentRequestRow | null;
  orderIds: number[];
  /** Money out of our account that sends back an unidentified transfer approved to return (decision 121). */
  returns?: number;
}

/**
 * The collection account's transfers, as SePay reports them (docs/decisions/076): each stored once
 * by its id and, when it is money in to our account that names a repayment request (its code) or
 * else an order (its number), applied to those loans in the same transaction as the stored row.
 * Money in that names no repayment waits in the unmatched queue, held in suspense (decision 114);
 * money out and other accounts' transfers are kept for operators and post nothing.
 */
export class BankTransferService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork;
      repository: RepaymentRepository;
      collection: CollectionService;
      unidentified: UnidentifiedTransferService;
      clock: Clock;
      /** COLLECTION_ACCOUNT_NUMBER. */
      accountNumber: string;
    },
  ) {}

  /** What the transfer is for; reads only. */
  private async match(transfer: SepayTransfer): Promise<Match> {
    const none = { userId: null, request: null, orderIds: [] };
    if (transfer.transferType === 'out') {
      const returned = await this.returnedBy(transfer);
      return { outcome: 'outgoing', ...none, ...(returned ? { returns: returned.transferId } : {}) };
    }
    if (!isToAccount(transfer, this.deps.accountNumber)) return { outcome: 'foreign_account', ...none };
    if (transfer.transferAmount <= 0) return { outcome: 'unmatched', ...none, queue: false };
    const texts = [transfer.code, transfer.content, transfer.description];
    const request = await this.deps.repository.findRequestByCodes(requestCodeCandidates(texts));
    if (request) return { outcome: 'matched', userId: request.userId, request, orderIds: request.items.map((item) => item.orderId) };
    // Offline repayments carry the order number as the content (bank/repay/list): the first paid-out order named.
    const candidates = orderNoCandidates(texts);
    const orders = await this.deps.repository.paidOutOrdersByNo(candidates);
    const order = candidates.map((orderNo) => orders.find((row) => row.orderNo === orderNo)).find((row) => row !== undefined);
    if (order) return { outcome: 'matched', userId: order.userId, request: null, orderIds: [order.id] };
    return { outcome: 'unmatched', ...none, queue: true };
  }

  /**
   * Records a reported transfer and applies matched money, all in one transaction: the row is
   * inserted first (unique per provider and id), so of any number of concurrent deliveries one
   * applies the money and the others find it recorded and do nothing.
   */
  async receive(transfer: SepayTransfer, raw: Record<string, unknown>): Promise<TransferReceived> {
    return this.deps.uow.transaction(async () => {
      const now = this.deps.clock();
      // The bank's time of the transfer dates the payment (a late delivery never costs the borrower a
      // day). A time it did not write readably refuses nothing (SePay would retry, then give up, and
      // the money would be in the account unrecorded): the transfer is dated by its receipt, and what
      // the bank sent is kept beside it (decision 127).
      const bankTime = parseBankTime(transfer.transactionDate);
      const receivedAt = bankTime ?? now;
      const match = await this.match(transfer);
      const recorded = await this.deps.repository.insertTransfer({
        provider: SEPAY_PROVIDER,
        providerTransactionId: transfer.id,
        gateway: transfer.gateway,
        transactionDate: formatBankTime(receivedAt),
        bankTimeAsSent: bankTime ? null : transfer.transactionDate.slice(0, BANK_TIME_AS_SENT_MAX),
        accountNumber: transfer.accountNumber,
        code: transfer.code ?? null,
        content: transfer.content,
        transferType: transfer.transferType,
        amount: BigInt(transfer.transferAmount),
        referenceCode: transfer.referenceCode ?? null,
        outcome: match.outcome,
        repaymentRequestId: match.request?.id ?? null,
        userId: match.userId,
        raw,
        receivedAt: now,
      });
      if (!recorded) {
        const existing = (await this.deps.repository.findTransfer(SEPAY_PROVIDER, transfer.id))!;
        return { transfer: existing, duplicate: true, applied: [] };
      }
      if (match.queue) await this.deps.unidentified.hold(recorded, receivedAt);
      if (match.returns !== undefined) await this.deps.unidentified.settleReturn(match.returns, recorded, receivedAt);
      if (match.outcome !== 'matched' || !match.userId) return { transfer: recorded, duplicate: false, applied: [] };
      const amount = BigInt(transfer.transferAmount);
      const applied = await this.deps.collection.apply({
        source: `transfer:${recorded.id}`,
        reference: `transfer-${recorded.id}`,
        userId: match.userId,
        amount,
        receivedAt,
        orderIds: match.orderIds,
      });
      if (match.request) await this.deps.repository.recordRequestPayment(match.request.id, amount, now);
      return { transfer: recorded, duplicate: false, applied };
    });
  }

  /** The unidentified transfer (to return) that this money out of our collection account sends back, if any. */
  private async returnedBy(transfer: SepayTransfer) {
    if (transfer.transferType !== 'out' || transfer.transferAmount <= 0 || !isToAccount(transfer, this.deps.accountNumber)) return null;
    return this.deps.unidentified.returnedBy({ texts: [transfer.code, transfer.content, transfer.description, transfer.referenceCode], amount: BigInt(transfer.transferAmount) });
  }

  /**
   * Whether recording the transfer moves money in the ledger: money into the collection account
   * (`postsMoney`), or money out of it that returns an unidentified transfer (decision 121). The
   * statement import records such rows only on a second operator's approval.
   */
  async movesMoney(transfer: SepayTransfer): Promise<boolean> {
    return postsMoney(transfer, this.deps.accountNumber) || (await this.returnedBy(transfer)) !== null;
  }

  /** The recorded transfers of these bank ids (SePay's), by id. */
  async known(ids: readonly string[]): Promise<Map<string, BankTransferRow>> {
    const rows = await this.deps.repository.findTransfers(SEPAY_PROVIDER, ids);
    return new Map(rows.map((row) => [row.providerTransactionId, row]));
  }

  list(outcome: TransferOutcome | 'all'): Promise<BankTransferRow[]> {
    return this.deps.repository.listTransfers(outcome);
  }
}
