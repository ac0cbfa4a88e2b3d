import {
  BATCH_REPAYABLE_ORDER_STATUSES,
  orderStatusMessageKey,
  REPAYABLE_ORDER_STATUSES,
  translate,
  type Language,
  type MessageKey,
  type OrderBean,
  type OrderDetail,
  type OrderInstalment,
  type OrderRefund,
  type RepayProduct,
} from '@sen/contract';
import {
  accrueThrough,
  borrowerAmounts,
  buildSchedule,
  costTable,
  daysOverdue,
  daysPastDue,
  familyDateText,
  instalmentOutstanding,
  instalmentsRecoverable,
  loanOutstanding,
  loanTotals,
  recoverable,
  sumComponents,
  vietnamDate,
  type Components,
  type InstalmentState,
  type IsoDate,
  type LoanState,
} from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import type { BankService, ReceivingAccount } from '../bank/index.ts';
import type { UserService } from '../user/index.ts';
import { handleFees, ratePercent } from '../product/index.ts';
import { loanAmountsOf, orderLoanTerms, orderStatusCode, planStatusOf, toInstalmentState, toLoanState, type InstalmentRow, type OrderRow, type PayoutAttemptRow } from './loan-state.ts';
import type { OrderRepository } from './order.repository.ts';
import { familyDateTime } from '../../shared/family-time.ts';

const CURRENCY = 'VND';
const SYMBOL = '₫';

/** Why an order was not paid out, as the borrower reads it (loan_orders.close_reason → message). */
const CLOSE_REASONS: Record<string, MessageKey> = {
  ACCOUNT_INVALID: 'error.payoutAccountInvalid',
  BANK_REJECTED: 'error.payoutRejected',
  INSUFFICIENT_FUNDS: 'error.payoutRejected',
  EXPIRED: 'error.payoutRejected',
  CREDIT_NOT_APPROVED: 'error.creditNotApproved',
  ACCOUNT_UNBOUND: 'error.bankAccountNotFound',
  // Cancelled by two operators (decision 114): not the bank's doing.
  CANCELLED: 'error.payoutCancelled',
};

/**
 * The order's product name in the reader's language (issue 25 item 8): the product's translation
 * when it has one, else the name the order was made under (Vietnamese, as at commit).
 */
export function productNameIn(facts: Pick<OrderFacts, 'order' | 'productNames'>, lang: Language): string {
  return lang === 'vn' ? facts.order.productName : (facts.productNames[lang] ?? facts.order.productName);
}

/** One order with what its views need: rows, loan state through today, status. */
export interface OrderFacts {
  order: OrderRow;
  /** The product's name in other languages, read with the order (decision 113). */
  productNames: Partial<Record<'en' | 'zh', string>>;
  instalments: InstalmentRow[];
  attempt: PayoutAttemptRow | null;
  /** The loan accrued through today on a copy (nothing written), for paid-out orders. */
  loan: LoanState | null;
  receiptPending: boolean;
  code: number;
  account: ReceivingAccount | null;
}

export interface OrderViewsDeps {
  uow: UnitOfWork;
  orders: OrderRepository;
  users: Pick<UserService, 'latestPhoneModel'>;
  bank: BankService;
  /** The loans' business clock. */
  clock: Clock;
  /** Orders with a repayment receipt awaiting review (the repayment module's). */
  receiptPendingOrders: (orderIds: readonly number[]) => Promise<Set<number>>;
  /** The refunds of these orders, newest first (RefundService.viewsOf; decision 100). */
  refundsOf: (userId: string, orderIds: readonly number[]) => Promise<Map<number, OrderRefund[]>>;
}

/**
 * The borrower's orders in the family's shapes (API-FAMILY.md §6.4, §6.5) with every SPEC.md §3
 * order label, statuses derived from the loans' real state (decision 070) and labelled in the
 * request's language. Amounts owed are accrued through today on a copy: reading never writes.
 */
export class OrderViews {
  constructor(private readonly deps: OrderViewsDeps) {}

  today(): IsoDate {
    return vietnamDate(this.deps.clock());
  }

  /** Facts of the borrower's orders (all, or those named), newest first. */
  async facts(userId: string, orderIds?: readonly number[]): Promise<OrderFacts[]> {
    const { orders, bank } = this.deps;
    const rows = (await orders.listOfUserNamed(userId)).filter((row) => !orderIds || orderIds.includes(row.id));
    const ids = rows.map((row) => row.id);
    const [instalments, attempts, receipts] = await Promise.all([orders.instalmentsOf(ids), orders.liveAttemptsOf(ids), this.deps.receiptPendingOrders(ids)]);
    const today = this.today();
    const accounts = new Map<number, ReceivingAccount | null>();
    const facts: OrderFacts[] = [];
    for (const order of rows) {
      const rowsOf = instalments.get(order.id) ?? [];
      let loan: LoanState | null = null;
      if (order.startDate && order.accruedThrough) {
        const state = toLoanState(order, rowsOf);
        loan = order.state === 'repaying' && today > state.accruedThrough ? accrueThrough(state, today).state : state;
      }
      if (!accounts.has(order.receivingAccountId)) accounts.set(order.receivingAccountId, await bank.accountRecord(userId, order.receivingAccountId));
      const attempt = attempts.get(order.id) ?? null;
      const receiptPending = receipts.has(order.id);
      facts.push({ order, productNames: order.productNames, instalments: rowsOf, attempt, loan, receiptPending, code: orderStatusCode({ order, attempt, loan, today, receiptPending }), account: accounts.get(order.receivingAccountId) ?? null });
    }
    return facts;
  }

  /** Everything owed now (after payout), else the schedule's total. */
  private owedNow(facts: OrderFacts): bigint {
    if (facts.order.state === 'settled') return 0n;
    // Written off (decision 100): the receivables are closed, but what was written off may still be repaid (recovery).
    if (facts.order.state === 'written_off') return facts.loan ? recoverable(facts.loan) : 0n;
    if (facts.loan) return sumComponents(loanOutstanding(facts.loan));
    if (facts.order.state !== 'pending' && facts.order.state !== 'paying') return 0n;
    return facts.instalments.reduce((sum, row) => sum + row.principal + row.fee + row.scheduledInterest, 0n);
  }

  /**
   * What is still owed now by component: the receivables, or on a written-off loan what of the
   * written-off amount is not yet recovered (decision 111), so its overdue fee never reads 0 ₫ as if
   * nothing were owed.
   */
  private outstanding(facts: OrderFacts): Components | null {
    if (!facts.loan) return null;
    if (facts.order.state !== 'written_off') return loanOutstanding(facts.loan);
    return instalmentsRecoverable(facts.loan).reduce(
      (sum, parts) => ({ overdueFee: sum.overdueFee + parts.overdueFee, fee: sum.fee + parts.fee, interest: sum.interest + parts.interest, principal: sum.principal + parts.principal }),
      { overdueFee: 0n, fee: 0n, interest: 0n, principal: 0n },
    );
  }

  private paid(facts: OrderFacts): bigint {
    // After a write-off, what was repaid counts as recovery (decision 100): still repaid by the borrower.
    return facts.instalments.reduce((sum, row) => sum + row.paidPrincipal + row.paidFee + row.paidInterest + row.paidOverdueFee, facts.order.recovered);
  }

  /** The order's label: its code's, or 'written off' for a written-off order (decision 111: the family gets code 35, Sen's apps the label). */
  private label(code: number, lang: Language, writtenOff: boolean) {
    const key = orderStatusMessageKey(code, writtenOff);
    return { statusStr: translate(lang, key), statusName: translate('en', key), statusLabel: translate(lang, key) };
  }

  bean(facts: OrderFacts, publicUserId: number, history: number, lang: Language, payGoUrl: string | null): OrderBean {
    const { order, loan, code, account } = facts;
    const last = facts.instalments[facts.instalments.length - 1];
    const overdueFee = this.outstanding(facts)?.overdueFee ?? 0n;
    const reason = order.closeReason ? translate(lang, CLOSE_REASONS[order.closeReason] ?? 'error.payoutRejected') : null;
    return {
      id: order.id,
      orderId: order.id,
      orderNo: order.orderNo,
      userId: publicUserId,
      productId: order.productId,
      productName: productNameIn(facts, lang),
      loanAmount: Number(order.principal),
      currency: CURRENCY,
      currencySymbol: SYMBOL,
      timeLimit: order.termDays,
      status: code,
      ...this.label(code, lang, order.state === 'written_off'),
      createTime: familyDateTime(order.createdAt),
      bankNo: account?.maskedNumber ?? '',
      cardNo: account?.maskedNumber ?? '',
      historyOrders: history,
      closeReason: reason,
      closeRemark: null,
      closeTime: order.closedAt ? familyDateTime(order.closedAt) : null,
      orderHandleFees: handleFees(order.productId, order.serviceFee),
      actualNeedRepayAmount: Number(this.owedNow(facts)),
      penaltyAmount: Number(overdueFee),
      payGoUrl: REPAYABLE_ORDER_STATUSES.includes(code) ? payGoUrl : null,
      applyDate: order.applyDate,
      loanDate: order.startDate,
      dueDate: last?.dueDate ?? null,
      paidAmount: Number(this.paid(facts)),
      // A written-off loan still owes what is left to recover: its days past due go on (decision 111), never 0.
      overdueDays: loan ? daysPastDue(loan, this.today()) : 0,
    };
  }

  /** order/oldList: the borrower's orders, newest first (payGoUrl only in the detail). */
  async list(userId: string, publicUserId: number, lang: Language): Promise<OrderBean[]> {
    const all = await this.facts(userId);
    return all.map((facts, index) => this.bean(facts, publicUserId, all.length - 1 - index, lang, null));
  }

  /**
   * One instalment as the family reads it. On a written-off loan (`toRecover` given) what it still
   * owes is what of its written-off amount is not yet recovered, with planStatus 35 while that is
   * not zero (decision 111): the borrower still owes it, it is not settled.
   */
  private instalment(order: OrderRow, state: InstalmentState, row: InstalmentRow, receiptPending: boolean, toRecover: Components | null): OrderInstalment {
    const owed = toRecover ?? instalmentOutstanding(state);
    const paid = state.paid.principal + state.paid.fee + state.paid.interest + state.paid.overdueFee;
    return {
      planPart: state.planPart,
      installmentOrderNo: `${order.orderNo}-${state.planPart}`,
      repayTime: `${state.dueDate} 00:00:00`,
      planStatus: planStatusOf(state, this.today(), receiptPending, toRecover),
      actualNeedRepayAmount: Number(sumComponents(owed)),
      needRepayLoanAmount: Number(owed.principal),
      needRepayInterestSum: Number(owed.interest),
      needRepayAfterHandleAmount: Number(owed.fee),
      needRepayPenaltyAmount: Number(owed.overdueFee),
      dueDate: state.dueDate,
      scheduledTotal: Number(row.principal + row.fee + row.scheduledInterest),
      paidAmount: Number(paid),
    };
  }

  /** order/detail. */
  async detail(
    userId: string,
    publicUserId: number,
    orderId: number,
    lang: Language,
    links: { payGoUrl: (order: OrderRow) => Promise<string | null>; agreementUrl: (order: OrderRow, document: 'lease' | 'pawn') => string },
  ): Promise<OrderDetail | null> {
    const all = await this.facts(userId);
    const index = all.findIndex((facts) => facts.order.id === orderId);
    if (index < 0) return null;
    const facts = all[index]!;
    const { order, loan, code, account } = facts;
    const payGoUrl = REPAYABLE_ORDER_STATUSES.includes(code) ? await links.payGoUrl(order) : null;
    const bean = this.bean(facts, publicUserId, all.length - 1 - index, lang, payGoUrl);
    const states = loan ? loan.instalments : facts.instalments.map(toInstalmentState);
    const schedule = buildSchedule(orderLoanTerms(order, order.startDate ?? order.applyDate));
    const outstanding = this.outstanding(facts);
    const owed = this.owedNow(facts);
    const today = this.today();
    // Decision 119: the contract's interest never changes; what the days used have cost is accrued apart.
    const contractInterest = schedule.totals.interest;
    const figures = loan ? borrowerAmounts(loan, today) : null;
    const owing = loan !== null && owed > 0n && (order.state === 'repaying' || order.state === 'written_off');
    const [acceptances, equipment, refunds] = await Promise.all([
      this.deps.orders.acceptances(order.id),
      this.deps.users.latestPhoneModel(userId),
      this.deps.refundsOf(userId, [order.id]),
    ]);
    const writtenOff = loan && order.state === 'written_off' ? sumComponents(loanTotals(loan).writtenOff) : 0n;
    const toRecover = loan && order.state === 'written_off' ? instalmentsRecoverable(loan) : null;
    const last = states[states.length - 1];
    return {
      appOrderInfoDto: bean,
      appOrderRepayDto: bean,
      applyDateStr: familyDateText(order.applyDate),
      loanDateStr: order.startDate ? familyDateText(order.startDate) : '',
      shouldRepayDateStr: last ? familyDateText(last.dueDate) : '',
      dayRateStr: String(ratePercent(order.dailyRatePpm)),
      interestAmount: Number(contractInterest),
      actualAmount: Number(order.disbursedAmount),
      totalInstallmentServiceFee: Number(order.feeTiming === 'instalments' ? order.serviceFee : 0n),
      bankNo: account?.maskedNumber ?? '',
      actualNeedRepayAmount: Number(owed),
      actualRepayAmount: bean.paidAmount,
      afterDeductionActualNeedRepayAmount: Number(owed),
      penaltyAmount: bean.penaltyAmount,
      reliefAmount: 0,
      deductionFee: 0,
      userCouponName: null,
      repayCode: order.startDate ? order.orderNo : null,
      dailyAmount: Number((order.principal * BigInt(order.dailyRatePpm)) / 1_000_000n),
      interestRateTypeStr: translate(lang, 'order.interestPerDay'),
      installmentRepaymentPlanDTOList: states.map((state, index) =>
        this.instalment(order, state, facts.instalments.find((row) => row.planPart === state.planPart)!, facts.receiptPending, toRecover?.[index] ?? null),
      ),
      status: code,
      statusName: bean.statusName,
      statusLabel: bean.statusLabel,
      serviceFee: Number(order.serviceFee),
      scheduledTotal: Number(schedule.totals.repayable),
      outstandingPrincipal: Number(outstanding?.principal ?? 0n),
      outstandingInterest: Number(outstanding?.interest ?? 0n),
      outstandingFee: Number(outstanding?.fee ?? 0n),
      outstandingOverdueFee: Number(outstanding?.overdueFee ?? 0n),
      overdueDays: bean.overdueDays,
      aprPercent: costTable(schedule).annualRate.aprPercent,
      creditHeld: Number(order.creditHeld),
      receivingAccount: { kind: account?.kind ?? order.payWay, name: account?.bankName ?? '', maskedNumber: account?.maskedNumber ?? '' },
      phoneModel: equipment ?? '',
      contracts: acceptances.map((acceptance) => ({
        document: acceptance.document,
        version: acceptance.version,
        acceptedAt: acceptance.acceptedAt.toISOString(),
        url: links.agreementUrl(order, acceptance.document),
      })),
      failureReason: bean.closeReason,
      reloanSign: order.reloanSign,
      canRepay: REPAYABLE_ORDER_STATUSES.includes(code),
      refunds: refunds.get(order.id) ?? [],
      writeOff: order.state === 'written_off' && order.writtenOffOn ? { on: order.writtenOffOn, amount: Number(writtenOff), recovered: Number(order.recovered) } : null,
      certificateAvailable: order.state === 'settled',
      amounts: owing && loan ? loanAmountsOf(loan, today) : null,
      contractInterest: Number(contractInterest),
      accruedInterest: Number(figures?.accruedInterest ?? 0n),
      totalRepayment: Number(figures?.totalRepayment ?? schedule.totals.repayable),
    };
  }

  /**
   * index/v3's orders tab: active orders (a written-off loan with something left to recover is one:
   * the borrower still owes it, status 35; decision 111), and whether batch repayment applies.
   */
  async repayProducts(userId: string): Promise<{ repayProducts: RepayProduct[]; showMultipleRepaySign: number; isNew: number; overdue: { orders: number; days: number; amount: bigint } }> {
    const all = await this.facts(userId);
    const active = all.filter((facts) => ['pending', 'paying', 'repaying'].includes(facts.order.state) || (facts.order.state === 'written_off' && this.owedNow(facts) > 0n));
    const repayProducts = active.map((facts): RepayProduct => {
      const toRecover = facts.loan && facts.order.state === 'written_off' ? instalmentsRecoverable(facts.loan) : null;
      const next = facts.loan?.instalments.find((state, index) => sumComponents(toRecover?.[index] ?? instalmentOutstanding(state)) > 0n);
      return {
        orderId: facts.order.id,
        orderNo: facts.order.orderNo,
        productName: facts.order.productName,
        orderStatus: facts.code,
        loanAmount: Number(facts.order.principal),
        applyDateStr: familyDateText(facts.order.applyDate),
        actualRepayAmount: Number(this.owedNow(facts)),
        repayTimeStr: next ? familyDateText(next.dueDate) : '',
        currencySymbol: SYMBOL,
      };
    });
    const batch = active.filter((facts) => BATCH_REPAYABLE_ORDER_STATUSES.includes(facts.code)).length;
    const today = this.today();
    const late = active.flatMap((facts) => (facts.loan && facts.order.state === 'repaying' ? [{ days: daysOverdue(facts.loan, today), owed: this.owedNow(facts) }] : [])).filter((loan) => loan.days > 0);
    return {
      repayProducts,
      overdue: { orders: late.length, days: late.reduce((most, loan) => Math.max(most, loan.days), 0), amount: late.reduce((sum, loan) => sum + loan.owed, 0n) },
      showMultipleRepaySign: batch > 0 ? 1 : 0,
      isNew: all.some((facts) => facts.order.startDate !== null) ? 0 : 1,
    };
  }
}
