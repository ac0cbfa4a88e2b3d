import { randomBytes } from 'node:crypto';
import {
  API_PATHS,
  orderStatusMessageKey,
  translate,
  type Language,
  type RepayableOrder,
  type RepayQuote,
  type RepayStatus,
} from '@sen/contract';
import { accrueThrough, amountDue, daysPastDue, instalmentOutstanding, instalmentsRecoverable, loanOutstanding, recoverable, sumComponents, vietnamDate, type InstalmentState, type LoanState } from '@sen/domain';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { buildVietQr, type CollectionAccount } from '../../shared/vietqr.ts';
import { loanAmountsOf, orderStatusCode, type LoanService, type OrderRow } from '../loan/index.ts';
import type { RepaymentRepository, RepaymentRequestRow } from './repayment.repository.ts';
import { newRequestCode } from './transfer-matching.ts';

const SYMBOL = '₫';
/** A request reused for the order detail's payGoUrl must stand at least this much longer. */
const REUSE_MARGIN_MS = 5 * 60_000;

export interface RequestServiceDeps {
  repository: RepaymentRepository;
  loans: LoanService;
  clock: Clock;
  account: CollectionAccount;
  ttlMinutes: number;
  /** Which of the orders have a receipt under review (status 31). */
  receiptPending: (orderIds: readonly number[]) => Promise<Set<number>>;
}

/** A paid-out loan as it stands today: read and accrued in memory, nothing written. */
interface LoanToday {
  order: OrderRow;
  state: LoanState;
}

const owedOf = (instalment: InstalmentState) => sumComponents(instalmentOutstanding(instalment));

/** Orders a borrower may ask to repay: being repaid, or written off with something still to recover (decision 111). */
const REPAYABLE_STATES: ReadonlySet<OrderRow['state']> = new Set(['repaying', 'written_off']);

/**
 * What each instalment of a loan still owes today, in order: its receivables, or on a written-off
 * loan what of its written-off amount is not yet recovered (decision 111).
 */
function owedByInstalment(state: LoanState): Array<{ planPart: number; owed: bigint }> {
  if (state.writtenOffOn === null) return state.instalments.map((instalment) => ({ planPart: instalment.planPart, owed: owedOf(instalment) }));
  const open = instalmentsRecoverable(state);
  return state.instalments.map((instalment, index) => ({ planPart: instalment.planPart, owed: sumComponents(open[index]!) }));
}

/** Everything a loan owes today: its receivables, and what may still be recovered of a write-off. */
const owedToday = (state: LoanState) => sumComponents(loanOutstanding(state)) + recoverable(state);

/**
 * Repayment requests (repay/url, multiple/order/repay, the order detail's payGoUrl): what the
 * chosen instalments or orders owe through today (the domain's accrual on a read copy), a unique
 * transfer content, the VietQR payload to the collection account and our page; their status; and
 * the borrower's repayable orders (docs/decisions/070, 076).
 */
export class RepaymentRequestService {
  constructor(private readonly deps: RequestServiceDeps) {}

  private today(): string {
    return vietnamDate(this.deps.clock());
  }

  /** A paid-out order's loan accrued through today, without writing anything. */
  private async loanToday(order: OrderRow, today: string): Promise<LoanToday> {
    const loaded = await this.deps.loans.readLoan(order.id);
    if (!loaded) throw new AppError('ORDER_NOT_REPAYABLE');
    return { order: loaded.order, state: accrueThrough(loaded.state, today).state };
  }

  /** The caller's order by number, being repaid: ORDER_NOT_FOUND for another's or unknown, ORDER_NOT_REPAYABLE otherwise. */
  private async repayableOrder(userId: string, orderNo: string): Promise<OrderRow> {
    const order = await this.deps.loans.orders.findOfUserByNo(userId, orderNo);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (!REPAYABLE_STATES.has(order.state)) throw new AppError('ORDER_NOT_REPAYABLE');
    return order;
  }

  /**
   * repay/url: chosen instalments of one order. Money is allocated oldest instalment first, so the
   * quote covers every unpaid instalment up to the latest one chosen (paying a later one alone
   * would go to the earlier one first); chosen instalments already paid are ignored; an instalment
   * number the order does not have is refused.
   */
  async forInstalments(userId: string, orderNo: string, planNumList: readonly number[], baseUrl: string): Promise<RepayQuote> {
    const order = await this.repayableOrder(userId, orderNo);
    const today = this.today();
    const { state } = await this.loanToday(order, today);
    const instalments = owedByInstalment(state);
    const known = new Set(instalments.map((instalment) => instalment.planPart));
    if (planNumList.some((planPart) => !known.has(planPart))) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.repayment.planUnknown' });
    const chosen = instalments.filter((instalment) => planNumList.includes(instalment.planPart) && instalment.owed > 0n);
    if (chosen.length === 0) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.repayment.required' });
    const latest = Math.max(...chosen.map((instalment) => instalment.planPart));
    const covered = instalments.filter((instalment) => instalment.planPart <= latest && instalment.owed > 0n);
    const amount = covered.reduce((sum, instalment) => sum + instalment.owed, 0n);
    // Every unpaid instalment covered: the request is for the whole order (planParts empty).
    const planParts = covered.length === instalments.filter((instalment) => instalment.owed > 0n).length ? [] : covered.map((instalment) => instalment.planPart);
    return this.create(userId, [{ orderId: order.id, planParts }], amount, today, baseUrl);
  }

  /** multiple/order/repay: everything the orders owe through today (each must be the caller's and being repaid). */
  async forOrders(userId: string, orderNos: readonly string[], baseUrl: string): Promise<RepayQuote> {
    const today = this.today();
    const orders: OrderRow[] = [];
    for (const orderNo of new Set(orderNos)) orders.push(await this.repayableOrder(userId, orderNo));
    let amount = 0n;
    for (const order of orders) amount += owedToday((await this.loanToday(order, today)).state);
    return this.create(
      userId,
      orders.map((order) => ({ orderId: order.id, planParts: [] })),
      amount,
      today,
      baseUrl,
    );
  }

  /**
   * The order detail's payGoUrl: our page for everything the order owes today; an open request for
   * exactly that (same amount, quoted today, standing a few more minutes) is reused, so viewing
   * the order again does not make a new transfer code each time. Null unless the order is being
   * repaid or written off with something still to recover.
   */
  async payGoUrl(order: OrderRow, baseUrl: string): Promise<string | null> {
    if (!REPAYABLE_STATES.has(order.state)) return null;
    const today = this.today();
    const amount = owedToday((await this.loanToday(order, today)).state);
    if (amount <= 0n) return null;
    const items = [{ orderId: order.id, planParts: [] as number[] }];
    const standingAfter = new Date(this.deps.clock().getTime() + REUSE_MARGIN_MS);
    const existing = await this.deps.repository.findReusableRequest(order.userId, items, today, amount, standingAfter);
    if (existing) return this.payUrl(baseUrl, existing.pageToken);
    return (await this.create(order.userId, items, amount, today, baseUrl)).payUrl;
  }

  private payUrl(baseUrl: string, pageToken: string): string {
    return `${baseUrl}${API_PATHS.payPage.replace(':token', pageToken)}`;
  }

  private async create(userId: string, items: RepaymentRequestRow['items'], amount: bigint, today: string, baseUrl: string): Promise<RepayQuote> {
    if (amount <= 0n) throw new AppError('ORDER_NOT_REPAYABLE');
    const now = this.deps.clock();
    const expiresAt = new Date(now.getTime() + this.deps.ttlMinutes * 60_000);
    for (let attempt = 0; ; attempt += 1) {
      // Both are random and unique by index: a clash (≈10^-12) draws again.
      const row = await this.deps.repository.insertRequest({
        userId,
        code: newRequestCode(),
        pageToken: randomBytes(24).toString('base64url'),
        items,
        amount,
        quotedOn: today,
        expiresAt,
      });
      if (row) return this.quoteOf(row, baseUrl);
      if (attempt >= 5) throw new Error('could not allocate a repayment code');
    }
  }

  /** A request as repay/url answers it: our page and the transfer itself. */
  quoteOf(request: RepaymentRequestRow, baseUrl: string): RepayQuote {
    const transfer = this.transferOf(request);
    return {
      payUrl: this.payUrl(baseUrl, request.pageToken),
      requestId: request.id,
      amount: Number(request.amount),
      transferContent: transfer.transferContent,
      qrData: transfer.qrData,
      accountNumber: transfer.accountNumber,
      accountName: transfer.accountName,
      bankBin: transfer.bankBin,
      bankName: transfer.bankName,
      expiresAt: request.expiresAt.toISOString(),
    };
  }

  /** The VietQR transfer of a request (its code is the transfer content). */
  transferOf(request: RepaymentRequestRow) {
    const transfer = buildVietQr(this.deps.account, request.amount, request.code.slice(3, -1));
    if (transfer.transferContent !== request.code) throw new Error(`request ${request.id}: code ${request.code} is not a transfer content`);
    return transfer;
  }

  async findByToken(pageToken: string): Promise<RepaymentRequestRow | null> {
    return this.deps.repository.findRequestByToken(pageToken);
  }

  /** repay/status: the borrower's own request (NOT_FOUND otherwise). */
  async statusForUser(userId: string, requestId: string, lang: Language): Promise<RepayStatus> {
    const request = await this.deps.repository.findRequestOfUser(userId, requestId);
    if (!request) throw new AppError('NOT_FOUND');
    return this.status(request, lang);
  }

  /** Where a request stands: its money and its orders as they are now. */
  async status(request: RepaymentRequestRow, lang: Language): Promise<RepayStatus> {
    const now = this.deps.clock();
    const today = vietnamDate(now);
    const orderIds = request.items.map((item) => item.orderId);
    const pending = await this.deps.receiptPending(orderIds);
    const orders: RepayStatus['orders'] = [];
    for (const orderId of orderIds) {
      const order = await this.deps.loans.orders.findById(orderId);
      if (!order || order.userId !== request.userId) continue;
      const state = order.startDate ? (await this.loanToday(order, today)).state : null;
      const code = orderStatusCode({ order, attempt: null, loan: state, today, receiptPending: pending.has(order.id) });
      orders.push({
        orderNo: order.orderNo,
        orderStatus: code,
        statusLabel: translate(lang, orderStatusMessageKey(code, order.state === 'written_off')),
        outstandingAmount: state ? Number(owedToday(state)) : 0,
      });
    }
    const expired = request.status === 'open' && request.expiresAt.getTime() < now.getTime();
    return {
      status: expired ? 'expired' : request.status,
      amount: Number(request.amount),
      paidAmount: Number(request.paidAmount),
      paidAt: request.paidAt?.toISOString() ?? null,
      transferContent: request.code,
      orders,
    };
  }

  /**
   * multiple/order/list: the borrower's orders being repaid, oldest due first, with what settles
   * each today; then written-off orders with something left to recover (decision 111), all of it due.
   */
  async repayableOrders(userId: string, lang: Language): Promise<RepayableOrder[]> {
    const today = this.today();
    const orders = await this.deps.loans.orders.listOfUserNamed(userId, ['repaying', 'written_off']);
    const pending = await this.deps.receiptPending(orders.map((order) => order.id));
    const rows: Array<RepayableOrder & { sortKey: string }> = [];
    for (const order of orders) {
      const { state } = await this.loanToday(order, today);
      const writtenOff = order.state === 'written_off';
      const owed = owedByInstalment(state);
      const nextIndex = owed.findIndex((instalment) => instalment.owed > 0n);
      const next = state.instalments[nextIndex];
      if (!next) continue;
      const code = orderStatusCode({ order, attempt: null, loan: state, today, receiptPending: pending.has(order.id) });
      // Due by the next due date (interest to it), or everything due through today when that date has passed.
      const dueBy = next.dueDate > today ? next.dueDate : today;
      rows.push({
        orderId: order.id,
        orderNo: order.orderNo,
        // In the reader's language (issue 25 item 8), else the name the order was made under.
        productName: lang === 'vn' ? order.productName : (order.productNames[lang] ?? order.productName),
        actualRepayAmount: Number(owedToday(state)),
        currencySymbol: SYMBOL,
        orderStatus: code,
        statusLabel: translate(lang, orderStatusMessageKey(code, writtenOff)),
        dueDate: next.dueDate,
        dueAmount: Number(writtenOff ? owedToday(state) : amountDue(state, dueBy)),
        overdueDays: daysPastDue(state, today),
        loanAmount: Number(order.principal),
        amounts: loanAmountsOf(state, today),
        sortKey: `${writtenOff ? 1 : 0}:${next.dueDate}:${String(order.id).padStart(15, '0')}`,
      });
    }
    return rows.sort((a, b) => a.sortKey.localeCompare(b.sortKey)).map(({ sortKey: _sortKey, ...row }) => row);
  }
}
