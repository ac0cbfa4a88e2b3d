import type { UnidentifiedTransferView } from '@sen/contract';
import { unidentifiedMatchPosting, unidentifiedReceiptPosting, unidentifiedReturnPosting, vietnamDate } from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { CollectionService } from './collection.service.ts';
import type { BankTransferRow, RepaymentRepository } from './repayment.repository.ts';
import { orderNoCandidates, parseBankTime, returnMemoCandidates, returnMemoOf } from './transfer-matching.ts';
import { rankSuggestions, SUGGESTION_WINDOW_MS } from './transfer-suggestions.ts';
import type { BankTransferOut, UnidentifiedRow, UnidentifiedState, UnidentifiedTransferRepository } from './unidentified-transfer.repository.ts';

/** A transfer.match proposal's payload: the order (and the suggested request) the money is for. */
export interface TransferMatch {
  transferId: number;
  orderId: number;
  repaymentRequestId?: string | undefined;
}

/** A transfer.returned proposal's payload (decision 125): the transfer approved to go back, and the money out that carried it. */
export interface RecordedReturn {
  transferId: number;
  outgoingTransferId: number;
}

/** Money out that names a loan is a payout or a refund (the report matches those by the order number), never a return. */
const namesALoan = (transfer: Pick<BankTransferOut, 'code' | 'content' | 'referenceCode'>) => orderNoCandidates([transfer.code, transfer.content, transfer.referenceCode]).length > 0;

/** How many outgoing transfers a row to return offers as its return at most. */
const RETURN_CANDIDATES_SHOWN = 5;

/** Who decided, as the proposal's approval tells it. */
export interface TransferDecision {
  proposalId: number;
  now: Date;
}

/** The ledger reference of a transfer's money (the same as a matched transfer's: one key per transfer). */
const referenceOf = (transferId: number) => `transfer-${transferId}`;

/**
 * The unmatched queue (decision 114): money into the collection account that named no repayment
 * is held in suspense (unidentified_receipts) in the transaction that records the transfer; two
 * operators decide what it was: a match applies it to a loan exactly as a transfer naming the loan
 * would have been applied (dated by the bank's time), a return marks it to go back to its sender.
 */
export class UnidentifiedTransferService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork;
      repository: UnidentifiedTransferRepository;
      repayments: RepaymentRepository;
      collection: CollectionService;
      ledger: LedgerService;
      clock: Clock;
    },
  ) {}

  /** Queues a newly recorded transfer and posts it to suspense (in the caller's transaction, once per transfer). */
  async hold(transfer: BankTransferRow, bankTime: Date): Promise<void> {
    this.deps.uow.requireTransaction('UnidentifiedTransferService.hold');
    await this.deps.repository.insert({ transferId: transfer.id, amount: transfer.amount, bankTime });
    await this.deps.ledger.post(unidentifiedReceiptPosting(referenceOf(transfer.id), vietnamDate(bankTime), transfer.amount));
  }

  /** The queue, with suggestions for the open ones (read from one query of requests around their times). */
  async list(state: UnidentifiedState | 'all'): Promise<UnidentifiedTransferView[]> {
    const rows = await this.deps.repository.list(state);
    const open = rows.filter((entry) => entry.row.state === 'open');
    const times = open.map((entry) => entry.row.bankTime.getTime());
    const candidates = open.length === 0 ? [] : await this.deps.repository.suggestionCandidates(new Date(Math.min(...times) - SUGGESTION_WINDOW_MS), new Date(Math.max(...times) + SUGGESTION_WINDOW_MS));
    const toReturn = rows.filter((entry) => entry.row.state === 'to_return');
    const outgoing =
      toReturn.length === 0
        ? []
        : (await this.deps.repository.returnCandidates(
            toReturn.map((entry) => entry.row.amount),
            new Date(Math.min(...toReturn.map((entry) => entry.row.bankTime.getTime()))),
          )).filter((transfer) => !namesALoan(transfer));
    return rows.map(({ row, providerTransactionId, transactionDate, transactionDateAsSent, content, orderNo }) => ({
      transferId: row.transferId,
      providerTransactionId,
      transactionDate,
      transactionDateAsSent,
      content,
      amount: Number(row.amount),
      state: row.state,
      orderNo,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      returnMemo: row.state === 'to_return' || row.state === 'returned' ? returnMemoOf(row.transferId) : null,
      returnedAt: row.returnedAt?.toISOString() ?? null,
      suggestions: row.state === 'open' ? rankSuggestions({ amount: row.amount, content, bankTime: row.bankTime }, candidates) : [],
      returnCandidates:
        row.state === 'to_return'
          ? outgoing
              .filter((transfer) => transfer.amount === row.amount && transfer.receivedAt >= row.bankTime)
              .slice(0, RETURN_CANDIDATES_SHOWN)
              .map((transfer) => ({ transferId: transfer.id, providerTransactionId: transfer.providerTransactionId, transactionDate: transfer.transactionDate, content: transfer.content, amount: Number(transfer.amount) }))
          : [],
    }));
  }

  /** The paid-out order an operator typed, or ORDER_NOT_FOUND. */
  async orderByNo(orderNo: string) {
    const [order] = await this.deps.repayments.paidOutOrdersByNo([orderNo.toUpperCase()]);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  private async open(transferId: number, lock: boolean): Promise<UnidentifiedRow> {
    const row = lock ? await this.deps.repository.lock(transferId) : await this.deps.repository.find(transferId);
    if (!row || row.state !== 'open') throw new AppError('TRANSFER_NOT_UNIDENTIFIED');
    return row;
  }

  /** What a match would do, checked against the current state (when proposed and again when approved). */
  async checkMatch(match: TransferMatch) {
    const row = await this.open(match.transferId, false);
    const order = await this.deps.repository.order(match.orderId);
    if (!order || order.startDate === null) throw new AppError('ORDER_NOT_FOUND');
    let orderIds = [order.id];
    if (match.repaymentRequestId) {
      const request = await this.deps.repository.request(match.repaymentRequestId);
      // A request of another borrower, or one not for this order, is not this match.
      if (!request || request.userId !== order.userId || !request.items.some((item) => item.orderId === order.id)) throw new AppError('ORDER_NOT_FOUND');
      orderIds = request.items.map((item) => item.orderId);
    }
    return { row, order, orderIds };
  }

  /** Applies an approved match, once: out of suspense, then to the loans as the transfer's own repayment. */
  async applyMatch(match: TransferMatch, decision: TransferDecision): Promise<{ transferId: number; orderNo: string; amount: string; loans: Array<{ orderNo: string; amount: string; settled: boolean }> }> {
    const { uow, repository, ledger, collection, repayments } = this.deps;
    uow.requireTransaction('UnidentifiedTransferService.applyMatch');
    await this.open(match.transferId, true);
    const { row, order, orderIds } = await this.checkMatch(match);
    const reference = referenceOf(row.transferId);
    await ledger.post(unidentifiedMatchPosting(reference, vietnamDate(row.bankTime), row.amount));
    const applied = await collection.apply({ source: `transfer:${row.transferId}`, reference, userId: order.userId, amount: row.amount, receivedAt: row.bankTime, orderIds });
    if (match.repaymentRequestId) await repayments.recordRequestPayment(match.repaymentRequestId, row.amount, decision.now);
    await repository.decide(row.transferId, { state: 'matched', orderId: order.id, repaymentRequestId: match.repaymentRequestId ?? null, proposalId: decision.proposalId, decidedAt: decision.now });
    await repository.markTransferMatched(row.transferId, order.userId, match.repaymentRequestId ?? null);
    // The proposal keeps this as its result (JSON): amounts as strings.
    return { transferId: row.transferId, orderNo: order.orderNo, amount: String(row.amount), loans: applied.map((entry) => ({ orderNo: entry.orderNo, amount: String(entry.amount), settled: entry.settled })) };
  }

  async checkReturn(transferId: number) {
    return this.open(transferId, false);
  }

  /**
   * Records an approved return (decision 114): the money stays in suspense, because it is still
   * in the collection account, until the bank sends it back; no partner path can send it (the
   * bank's report carries no sender account).
   */
  async applyReturn(transferId: number, decision: TransferDecision): Promise<{ transferId: number; state: 'to_return' }> {
    this.deps.uow.requireTransaction('UnidentifiedTransferService.applyReturn');
    await this.open(transferId, true);
    await this.deps.repository.decide(transferId, { state: 'to_return', orderId: null, repaymentRequestId: null, proposalId: decision.proposalId, decidedAt: decision.now });
    return { transferId, state: 'to_return' };
  }

  /**
   * The transfer approved to go back that an outgoing bank transfer returns (decision 121): its
   * memo names it (`returnMemoOf`) and it sends exactly the amount held. Reads only; null when none.
   */
  async returnedBy(outgoing: { texts: ReadonlyArray<string | null | undefined>; amount: bigint }): Promise<UnidentifiedRow | null> {
    const named = returnMemoCandidates(outgoing.texts);
    const rows = await this.deps.repository.toReturn(named);
    return named.map((id) => rows.find((row) => row.transferId === id && row.amount === outgoing.amount)).find((row) => row !== undefined) ?? null;
  }

  /**
   * What recording a return by hand would do (decision 125), checked when proposed and again when
   * approved: the transfer is still to return, and the outgoing one is money out of exactly the
   * amount held, names no loan, and returns nothing yet.
   */
  async checkRecordedReturn(payload: RecordedReturn): Promise<{ row: UnidentifiedRow; outgoing: BankTransferOut }> {
    const row = await this.deps.repository.find(payload.transferId);
    if (!row || row.state !== 'to_return') throw new AppError('TRANSFER_NOT_TO_RETURN');
    const found = await this.deps.repository.outgoing(payload.outgoingTransferId);
    if (!found || found.transfer.transferType !== 'out' || found.transfer.outcome !== 'outgoing' || found.returns !== null || found.transfer.amount !== row.amount || namesALoan(found.transfer)) {
      throw new AppError('RETURN_TRANSFER_INVALID');
    }
    return { row, outgoing: found.transfer };
  }

  /**
   * Applies an approved transfer.returned proposal: the same posting and state as a return whose
   * memo named it (settleReturn), dated by the outgoing transfer's bank time. The row is locked and
   * both sides checked again; the outgoing transfer can carry one return only (unique column).
   */
  async applyRecordedReturn(payload: RecordedReturn): Promise<{ transferId: number; outgoingTransferId: number; amount: string; state: 'returned' }> {
    this.deps.uow.requireTransaction('UnidentifiedTransferService.applyRecordedReturn');
    await this.deps.repository.lock(payload.transferId);
    const { row, outgoing } = await this.checkRecordedReturn(payload);
    const bankTime = parseBankTime(outgoing.transactionDate) ?? outgoing.receivedAt;
    if (!(await this.settleReturn(row.transferId, outgoing, bankTime))) throw new AppError('TRANSFER_NOT_TO_RETURN');
    return { transferId: row.transferId, outgoingTransferId: outgoing.id, amount: String(row.amount), state: 'returned' };
  }

  /**
   * Records the return the bank reported (in the transaction that records the outgoing transfer):
   * the row locked and still to return, the money posted out of suspense and out of the collection
   * account (dated by the bank's time), the row returned with the outgoing transfer. False when it
   * was returned meanwhile (nothing posted).
   */
  async settleReturn(transferId: number, outgoing: Pick<BankTransferRow, 'id' | 'amount'>, bankTime: Date): Promise<boolean> {
    this.deps.uow.requireTransaction('UnidentifiedTransferService.settleReturn');
    const row = await this.deps.repository.lock(transferId);
    if (!row || row.state !== 'to_return' || row.amount !== outgoing.amount) return false;
    await this.deps.ledger.post(unidentifiedReturnPosting(referenceOf(row.transferId), String(outgoing.id), vietnamDate(bankTime), row.amount));
    await this.deps.repository.markReturned(row.transferId, outgoing.id, bankTime);
    return true;
  }
}
