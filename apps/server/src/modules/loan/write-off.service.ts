import { accrueThrough, addVietnamDays, daysOverdue, loanOutstanding, sumComponents, vietnamDate, writeOff, writeOffPosting, type Components, type IsoDate } from '@sen/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { EventRecorder } from '../../events/domain-events.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { LoanService } from './loan.service.ts';
import type { ServicingRepository } from './servicing.repository.ts';

/** Who wrote a loan off: two operators (a loan.writeOff proposal) or the sweep at the threshold. */
export type WriteOffBy = { kind: 'manual'; proposalId: number; proposedBy: number; approvedBy: number } | { kind: 'automatic'; thresholdDays: number };

export interface WriteOffResult {
  orderId: number;
  orderNo: string;
  writtenOffOn: IsoDate;
  daysOverdue: number;
  /** What left the receivables, by component (VND as decimal text, JSON-safe for the proposal's result). */
  principal: string;
  interest: string;
  fee: string;
  overdueFee: string;
  total: string;
}

export interface WriteOffDeps {
  uow: UnitOfWork;
  loans: LoanService;
  ledger: LedgerService;
  /** Records `loan.writtenOff` in the write-off's transaction (collections closes the loan's case on it). */
  events: EventRecorder;
  repository: ServicingRepository;
  /** The loans' business clock: the write-off's business date. */
  clock: Clock;
  /** WRITE_OFF_DAYS_PAST_DUE: the automatic write-off's threshold. */
  thresholdDays: number;
  /** Writes the system's audit row of an automatic write-off. */
  recordAutomatic: (result: WriteOffResult) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Writing a loan off (issue 23; docs/decisions/100-refunds-write-off-and-recovery.md). In one
 * transaction with the loan's rows locked: the loan accrued and posted through today, everything
 * it owes written off (domain writeOff) and posted — principal to credit losses, the unpaid
 * interest, fee and overdue fee reversed out of the income they were booked to — the instalments'
 * written-off amounts saved and the order written_off. The credit the principal took is not given
 * back (the borrower's credit stays locked); money that arrives later is recovery (collection).
 */
export class WriteOffService {
  constructor(private readonly deps: WriteOffDeps) {}

  get thresholdDays(): number {
    return this.deps.thresholdDays;
  }

  private today(): IsoDate {
    return vietnamDate(this.deps.clock());
  }

  /**
   * What a write-off of the order would take today, read only (the proposal's checks and summary);
   * throws ORDER_NOT_FOUND or WRITE_OFF_NOT_ALLOWED (not being repaid, or not past a due date).
   */
  async check(orderId: number): Promise<{ orderNo: string; userId: string; daysOverdue: number; owed: Components }> {
    const loan = await this.deps.loans.readLoan(orderId);
    if (!loan) {
      if (await this.deps.loans.orders.findById(orderId)) throw new AppError('WRITE_OFF_NOT_ALLOWED');
      throw new AppError('ORDER_NOT_FOUND');
    }
    if (loan.order.state !== 'repaying') throw new AppError('WRITE_OFF_NOT_ALLOWED');
    const today = this.today();
    const state = accrueThrough(loan.state, today).state;
    const overdue = daysOverdue(state, today);
    if (overdue <= 0) throw new AppError('WRITE_OFF_NOT_ALLOWED');
    return { orderNo: loan.order.orderNo, userId: loan.order.userId, daysOverdue: overdue, owed: loanOutstanding(state) };
  }

  /** Writes the loan off now, in the caller's transaction (the approval's, or the sweep's own). */
  async writeOff(orderId: number, by: WriteOffBy): Promise<WriteOffResult> {
    const { uow, loans, ledger } = this.deps;
    uow.requireTransaction('WriteOffService.writeOff');
    const loan = await loans.lockLoan(orderId);
    if (!loan || loan.order.state !== 'repaying') throw new AppError('WRITE_OFF_NOT_ALLOWED');
    const today = this.today();
    const state = await loans.accrueAndPost(loan, today);
    const overdue = daysOverdue(state, today);
    const minimum = by.kind === 'automatic' ? by.thresholdDays : 1;
    if (overdue < minimum) throw new AppError('WRITE_OFF_NOT_ALLOWED');
    const { state: closed, writtenOff } = writeOff(state, today);
    const posting = writeOffPosting({ loanId: String(orderId), borrowerId: loan.order.userId, businessDate: today }, writtenOff);
    if (posting) await ledger.post(posting);
    await loans.saveLoan(loan, closed, this.deps.clock());
    await loans.orders.update(orderId, { state: 'written_off', writtenOffOn: today });
    await this.deps.events.record('loan.writtenOff', { userId: loan.order.userId, orderId, orderNo: loan.order.orderNo, writtenOffOn: today, by: by.kind });
    return {
      orderId,
      orderNo: loan.order.orderNo,
      writtenOffOn: today,
      daysOverdue: overdue,
      principal: String(writtenOff.principal),
      interest: String(writtenOff.interest),
      fee: String(writtenOff.fee),
      overdueFee: String(writtenOff.overdueFee),
      total: String(sumComponents(writtenOff)),
    };
  }

  /**
   * The automatic write-off (a daily job): every loan whose oldest unpaid instalment is
   * `thresholdDays` or more past due today, each in its own transaction with the system's audit
   * row. A loan repaid meanwhile, or no longer that far overdue, is left alone. The candidates are
   * read in batches of `batchSize` by ascending order id (keyset: after the last one seen, so a
   * loan that fails or is refused is not read again and the run always ends) until none are left
   * (decision 111). Idempotent: a loan written off is no longer `repaying` and is not a candidate
   * again; its ledger entry's key is unique.
   */
  async runDue(options: { batchSize?: number } = {}): Promise<{ candidates: number; writtenOff: number; batches: number }> {
    const batchSize = options.batchSize ?? 500;
    if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be a positive integer');
    const threshold = this.deps.thresholdDays;
    const cutoff = addVietnamDays(this.today(), -threshold);
    let written = 0;
    let seen = 0;
    let batches = 0;
    let afterId = 0;
    for (;;) {
      const candidates = await this.deps.repository.overdueSince(cutoff, batchSize, afterId);
      if (candidates.length === 0) break;
      batches += 1;
      seen += candidates.length;
      afterId = candidates[candidates.length - 1]!;
      for (const orderId of candidates) {
        try {
          await this.deps.uow.transaction(async () => {
            const result = await this.writeOff(orderId, { kind: 'automatic', thresholdDays: threshold });
            await this.deps.recordAutomatic(result);
          });
          written += 1;
        } catch (error) {
          if (error instanceof AppError && error.errorName === 'WRITE_OFF_NOT_ALLOWED') continue;
          this.deps.log.error({ err: error, orderId }, 'automatic write-off failed');
        }
      }
      if (candidates.length < batchSize) break;
    }
    return { candidates: seen, writtenOff: written, batches };
  }
}
