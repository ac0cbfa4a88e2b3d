import { accrueThrough, loanOutstanding, sumComponents, vietnamDate } from '@sen/domain';
import type { endpoints, EndpointParsedInput } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CleanImage } from '../../shared/uploads/image-upload.ts';
import type { BankService } from '../bank/index.ts';
import type { FilesService } from '../files/index.ts';
import type { LoanService } from '../loan/index.ts';
import type { MessageService } from '../message/index.ts';
import type { CollectionService } from './collection.service.ts';
import type { ReceiptRow, ReceiptState, RepaymentRepository } from './repayment.repository.ts';

/** The stored files' purpose of transfer receipts (storage key users/<id>/repayment_receipt/…). */
export const RECEIPT_FILE_PURPOSE = 'repayment_receipt';

/** A receipt as operators review it. */
export interface ReceiptView {
  id: number;
  orderNo: string;
  state: ReceiptState;
  amount: number | null;
  pictureUrl: string;
  outstandingAmount: number;
  createdAt: string;
  reviewedAt: string | null;
  reviewNote: string | null;
}

export interface ReceiptDeps {
  uow: UnitOfWork;
  repository: RepaymentRepository;
  loans: LoanService;
  files: FilesService;
  bank: BankService;
  messages: MessageService;
  collection: CollectionService;
  clock: Clock;
}

/**
 * Offline repayments (upload/cert, API-FAMILY.md §6.9; docs/decisions/076): the borrower's
 * transfer receipt is stored through the upload pipeline and waits for an operator (the order
 * shows 31, 'Repayment processing', meanwhile); the operator approves it with the amount the
 * bank statement shows, which is then applied exactly like a transfer (source receipt:<id>), or
 * rejects it with a note. A receipt is reviewed once.
 */
export class ReceiptService {
  constructor(private readonly deps: ReceiptDeps) {}

  async upload(userId: string, input: EndpointParsedInput<typeof endpoints.uploadCert>, image: CleanImage): Promise<ReceiptRow> {
    const { uow, loans, files, bank, repository } = this.deps;
    const order = await loans.orders.findOfUser(userId, input.orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.state !== 'repaying') throw new AppError('ORDER_NOT_REPAYABLE');
    // The paying account, when named, must be one of the borrower's own (getBankAndWallet ids).
    const repayInfoId = input.repayInfoId && input.repayInfoId > 0 ? input.repayInfoId : null;
    if (repayInfoId !== null && !(await bank.accountOf(userId, repayInfoId))) throw new AppError('VALIDATION_FAILED', { messageKey: 'error.bankAccountNotFound' });
    return uow.transaction(async () => {
      const file = await files.storeImage(userId, RECEIPT_FILE_PURPOSE, image);
      return repository.insertReceipt({
        orderId: order.id,
        userId,
        fileId: file.id,
        repayInfoId,
        repayType: repayInfoId !== null ? (input.repayType ?? null) : null,
        createdAt: this.deps.clock(),
      });
    });
  }

  /**
   * Approves (with the amount received) or rejects (with a note) a pending receipt, under its row
   * lock: a second review, even a concurrent one, is RECEIPT_ALREADY_REVIEWED. An approval applies
   * the money as of the upload (the borrower had paid by then; the review's delay costs them no
   * interest), posting repayment:receipt-<id>:<orderId>.
   */
  async review(input: { id: number; approve: boolean; amount?: number | undefined; note?: string | undefined }): Promise<ReceiptView> {
    const note = input.note?.trim() ? input.note.trim() : null;
    if (input.approve && input.amount === undefined) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.receipt.amountRequired' });
    if (!input.approve && !note) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.receipt.noteRequired' });
    const reviewed = await this.deps.uow.transaction(async () => {
      const receipt = await this.deps.repository.lockReceipt(input.id);
      if (!receipt) throw new AppError('NOT_FOUND');
      if (receipt.state !== 'pending') throw new AppError('RECEIPT_ALREADY_REVIEWED');
      const now = this.deps.clock();
      if (input.approve) {
        const amount = BigInt(input.amount!);
        await this.deps.collection.apply({
          source: `receipt:${receipt.id}`,
          reference: `receipt-${receipt.id}`,
          userId: receipt.userId,
          amount,
          receivedAt: receipt.createdAt,
          orderIds: [receipt.orderId],
        });
        return this.deps.repository.reviewReceipt(receipt.id, { state: 'approved', amount, reviewNote: note, reviewedAt: now });
      }
      const order = await this.deps.loans.orders.findById(receipt.orderId);
      await this.deps.messages.notify(receipt.userId, 'repaymentReceiptRejected', { orderNo: order!.orderNo }, { eventKey: `receipt-rejected:${receipt.id}` });
      return this.deps.repository.reviewReceipt(receipt.id, { state: 'rejected', amount: null, reviewNote: note, reviewedAt: now });
    });
    return this.view(reviewed);
  }

  /** One receipt as the reviewer sees it, or null (read under its row lock, so inside a proposal's transaction it cannot change). */
  async find(id: number): Promise<ReceiptView | null> {
    const row = await this.deps.uow.transaction(() => this.deps.repository.lockReceipt(id));
    return row ? this.view(row) : null;
  }

  async list(state: ReceiptState | 'all'): Promise<ReceiptView[]> {
    const rows = await this.deps.repository.listReceipts(state);
    const views: ReceiptView[] = [];
    for (const row of rows) views.push(await this.view(row));
    return views;
  }

  /** A receipt with its order number, what the order owes today and a short-lived link to the picture. */
  private async view(row: ReceiptRow): Promise<ReceiptView> {
    const order = (await this.deps.loans.orders.findById(row.orderId))!;
    const loan = await this.deps.loans.readLoan(row.orderId);
    const outstanding = loan ? sumComponents(loanOutstanding(accrueThrough(loan.state, vietnamDate(this.deps.clock())).state)) : 0n;
    const file = await this.deps.files.findOwned(row.userId, row.fileId);
    return {
      id: row.id,
      orderNo: order.orderNo,
      state: row.state,
      amount: row.amount === null ? null : Number(row.amount),
      // The link carries its own proof (owner, expiry, MAC; decision 040): the reviewer needs no borrower session.
      pictureUrl: file ? this.deps.files.linkFor(file) : '',
      outstandingAmount: Number(outstanding),
      createdAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      reviewNote: row.reviewNote,
    };
  }

  pendingOrders(orderIds: readonly number[]): Promise<Set<number>> {
    return this.deps.repository.ordersWithPendingReceipt(orderIds);
  }
}
