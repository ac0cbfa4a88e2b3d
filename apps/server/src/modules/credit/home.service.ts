import {
  AUTH_STATE,
  CREDIT_STATUS,
  type HomeIndex,
  type Language,
  type LoanPage,
  type ProductCard,
  type ProductDetail,
  type RepayProduct,
} from '@sen/contract';
import { addDays, formatVnd, vietnamDate } from '@sen/domain';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/app-error.ts';
import type { CertificationService } from '../certification/index.ts';
import { productText, quoteProduct, type ProductRow, type ProductService } from '../product/index.ts';
import { CREDIT_ACCOUNT_STATUS, type CreditService } from './credit.service.ts';

/** What other modules add to the home once they exist (orders, bank cards); merged by the lead. */
export interface HomeExtension {
  repayProducts?: RepayProduct[];
  showMultipleRepaySign?: number;
  bankErrorFlag?: boolean;
  /** The default receiving account: a bank account or an e-wallet, masked (API-FAMILY.md §4.3). */
  receivingAccount?: { kind: 'CARD' | 'WALLET'; id: number; maskedNumber: string } | null;
  /** 0 once the borrower has had a loan. */
  isNew?: number;
  /** The loans past a due date: how many, the most days overdue, what settles them today. */
  overdue?: { orders: number; days: number; amount: bigint };
}
export type HomeExtensionSource = (userId: string) => Promise<HomeExtension>;

const CURRENCY = 'VND';
const SYMBOL = '₫';

/** yyyy-MM-dd → dd-MM-yyyy, the family's date text (repayTimeStr, enableLoanStr). */
function familyDate(date: string | null): string {
  if (!date) return '';
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/** The family's range text; one amount when both ends are the same. */
function range(min: bigint, max: bigint, lang: Language): string {
  return min === max ? formatVnd(min, lang) : `${formatVnd(min, lang)} - ${formatVnd(max, lang)}`;
}

interface CardContext {
  status: number;
  available: bigint;
  /** The borrower's credit limit (0 until one is granted). */
  limit: bigint;
  workDone: boolean;
  nextTryDate: string | null;
  tomorrow: string;
  usage: Map<number, number>;
  lang: Language;
  /** A loan of the borrower's is overdue. */
  overdue: boolean;
  /** The borrower withdrew the consent to lending (decision 116). */
  consentWithdrawn: boolean;
  /** A restructured loan of the borrower's is in its watch period (decision 117). */
  inRestructureWatch: boolean;
}

/**
 * A card's amounts for this borrower: never above what they could ever borrow (their limit). With
 * a limit granted, from the product's minimum up to what is available now, or (not enough left
 * now: the card is locked) up to the limit; a limit below the product's minimum leaves the minimum
 * alone (min = max), the card locked with the reason 'limit'. Without a granted limit, the
 * product's own range.
 */
function cardRange(product: ProductRow, context: CardContext): { min: bigint; max: bigint } {
  if (context.status !== CREDIT_ACCOUNT_STATUS.APPROVED || context.limit <= 0n) return { min: product.minAmount, max: product.maxAmount };
  const upTo = (amount: bigint) => (amount < product.maxAmount ? amount : product.maxAmount);
  if (context.available >= product.minAmount) return { min: product.minAmount, max: upTo(context.available) };
  if (context.limit >= product.minAmount) return { min: product.minAmount, max: upTo(context.limit) };
  return { min: product.minAmount, max: product.minAmount };
}

/** Why a card is locked (ProductCard.lockReason), or null when it is not. */
function lockReason(product: ProductRow, context: CardContext, applicable: boolean, quotaUsedUp: boolean): ProductCard['lockReason'] {
  if (applicable) return null;
  if (context.status === CREDIT_ACCOUNT_STATUS.REVIEWING) return 'review';
  if (context.status === CREDIT_ACCOUNT_STATUS.REJECTED) return 'rejected';
  if (context.consentWithdrawn) return 'consent';
  if (context.overdue) return 'overdue';
  if (context.inRestructureWatch) return 'watch';
  if (quotaUsedUp) return 'quota';
  // A limit below the product's smallest amount: repaying frees no credit for it.
  return context.status === CREDIT_ACCOUNT_STATUS.APPROVED && context.limit < product.minAmount ? 'limit' : 'credit';
}

/**
 * The signed-in home (index/v3) and 'borrow from all' (index/loan/page): the borrower's credit
 * status and limit with the active products as cards, each with its own creditStatus, condition
 * sign and today's quota (SPEC.md §3–4, API-FAMILY.md §4.3, §4.5).
 */
export class HomeService {
  constructor(
    private readonly credit: CreditService,
    private readonly products: ProductService,
    private readonly certification: CertificationService,
    private readonly clock: Clock,
    private readonly support: { phone: string; email: string },
  ) {}

  private card(product: ProductRow, context: CardContext, applicable: boolean): ProductCard {
    const quotaUsedUp = product.dailyQuota !== null && (context.usage.get(product.id) ?? 0) >= product.dailyQuota;
    const { min, max } = cardRange(product, context);
    const needsInfo = product.showConditionTypeSign === '1' && !context.workDone;
    const enableLoanDate = context.status === CREDIT_ACCOUNT_STATUS.REJECTED ? context.nextTryDate : quotaUsedUp ? context.tomorrow : null;
    const text = productText(product, context.lang);
    return {
      productId: product.id,
      // Name and tags in the request's language, from the row already read (decision 113).
      productName: text.name,
      productImageUrl: product.imageUrl,
      maxLoanAmount: Number(max),
      minLoanAmount: Number(min),
      timeLimit: product.termDays,
      interestRate: product.dailyRatePpm / 10_000,
      tagList: text.tags,
      newSign: product.newSign ? 1 : 0,
      loanAmountRange: range(min, max, context.lang),
      currency: CURRENCY,
      currencySymbol: SYMBOL,
      creditStatus: context.status,
      enableLoanStr: familyDate(enableLoanDate),
      jumpType: product.jumpType,
      downloadUrl: product.downloadUrl,
      // Per borrower: '1' only while the supplementary information is missing.
      showConditionTypeSign: needsInfo ? '1' : product.showConditionTypeSign === null ? null : '0',
      bankErrorFlag: false,
      lock: !applicable,
      quotaUsedUp,
      enableLoanDate,
      planNums: product.planNums,
      serviceFeePpm: product.serviceFeePpm,
      overdueDailyRatePpm: product.overdueDailyRatePpm,
      lockReason: lockReason(product, context, applicable, quotaUsedUp),
    };
  }

  async index(userId: string, lang: Language): Promise<HomeIndex> {
    const now = this.clock();
    const today = vietnamDate(now);
    let account = await this.credit.accountForHome(userId, today);
    // A borrower certified before the review existed (or whose request was lost) gets one now.
    if (!account && (await this.certification.hasAuth(userId))) {
      await this.credit.requestReview(userId);
      account = await this.credit.accountForHome(userId, today);
    }
    const status = account?.status ?? CREDIT_STATUS.REVIEWING;
    const limit = account?.creditLimit ?? 0n;
    const used = account?.usedAmount ?? 0n;
    const approved = status === CREDIT_ACCOUNT_STATUS.APPROVED;
    const available = approved && limit > used ? limit - used : 0n;
    const states = await this.certification.states(userId);
    let extension: HomeExtension = {};
    for (const source of this.credit.homeExtensions) extension = { ...extension, ...(await source(userId)) };
    const overdue = extension.overdue ?? { orders: 0, days: 0, amount: 0n };
    const context: CardContext = {
      status,
      available,
      limit: approved ? limit : 0n,
      workDone: states.workInfoState === AUTH_STATE.DONE,
      nextTryDate: account?.nextTryDate ?? null,
      tomorrow: addDays(today, 1),
      usage: await this.products.usageOn(today),
      lang,
      overdue: overdue.orders > 0,
      consentWithdrawn: account?.lendingConsentWithdrawn === true,
      inRestructureWatch: account?.inRestructureWatch === true,
    };
    const show: ProductCard[] = [];
    const cannot: ProductCard[] = [];
    for (const product of await this.products.activeProducts()) {
      const quotaUsedUp = product.dailyQuota !== null && (context.usage.get(product.id) ?? 0) >= product.dailyQuota;
      // No new loan while one is overdue (decision 115): the commit refuses it too.
      // Nor after the consent to lending was withdrawn (decision 116), nor in a restructure's watch (117).
      const applicable = approved && !context.overdue && !context.consentWithdrawn && !context.inRestructureWatch && !quotaUsedUp && available >= product.minAmount;
      (applicable ? show : cannot).push(this.card(product, context, applicable));
    }
    const shown = show.length > 0 ? show : cannot;
    const minAmount = shown.reduce((min, card) => Math.min(min, card.minLoanAmount), Number.POSITIVE_INFINITY);
    const maxAmount = shown.reduce((max, card) => Math.max(max, card.maxLoanAmount), 0);
    const canApplyAmount = this.allocate(show, available).reduce((sum, part) => sum + part.amount, 0n);
    const calmFlag = account?.calmUntilDate != null && account.calmUntilDate > today;
    const nextDate = status === CREDIT_ACCOUNT_STATUS.REJECTED ? (account?.nextTryDate ?? null) : calmFlag ? (account?.calmUntilDate ?? null) : null;
    const receiving = extension.receivingAccount ?? null;
    return {
      userCreditStatus: status,
      calmFlag,
      showProducts: show,
      canNotApplyProducts: cannot,
      repayProducts: extension.repayProducts ?? [],
      showMultipleRepaySign: extension.showMultipleRepaySign ?? 0,
      loanAmountRange: shown.length > 0 ? range(BigInt(minAmount), BigInt(maxAmount), lang) : '',
      enableLoanStr: familyDate(nextDate),
      userCreditAmount: Number(available),
      userCreditCurrency: CURRENCY,
      userCreditCurrencySymbol: SYMBOL,
      totalCreditAmount: Number(approved ? limit : 0n),
      usedAmount: Number(used),
      togetherLoanSign: approved && show.length >= 2 && available > 0n ? 1 : 0,
      bankErrorFlag: extension.bankErrorFlag ?? false,
      bankInfoId: receiving?.kind === 'CARD' ? receiving.id : null,
      bankNo: receiving?.kind === 'CARD' ? receiving.maskedNumber : null,
      userCashWalletId: receiving?.kind === 'WALLET' ? receiving.id : null,
      walletAccount: receiving?.kind === 'WALLET' ? receiving.maskedNumber : null,
      canApplyAmount: Number(canApplyAmount),
      allAmount: Number(canApplyAmount),
      recommendText: '',
      currency: CURRENCY,
      currencySymbol: SYMBOL,
      customerPhone: this.support.phone,
      customerEmail: this.support.email,
      isNew: extension.isNew ?? (used === 0n ? 1 : 0),
      minLoanAmount: shown.length > 0 ? minAmount : 0,
      maxLoanAmount: maxAmount,
      enableLoanDate: nextDate,
      overdueOrderCount: overdue.orders,
      overdueDays: overdue.days,
      overdueAmount: Number(overdue.amount),
    };
  }

  /**
   * 'Borrow from all': the available credit spread over the applicable products in display order,
   * each up to its maximum; a product whose share would fall below its minimum is left out.
   */
  allocate(cards: ProductCard[], available: bigint): { card: ProductCard; amount: bigint }[] {
    let left = available;
    const parts: { card: ProductCard; amount: bigint }[] = [];
    for (const card of cards) {
      const amount = left < BigInt(card.maxLoanAmount) ? left : BigInt(card.maxLoanAmount);
      if (amount < BigInt(card.minLoanAmount)) continue;
      parts.push({ card, amount });
      left -= amount;
    }
    return parts;
  }

  /**
   * A product in its detail form for an amount (API-FAMILY.md §6.1): the card's fields, the quote of
   * every plan (product-quote.ts), the default plan's figures, the default receiving account and
   * the payout-failure and signature flags, from the borrower's home data.
   */
  productDetail(card: ProductCard, product: ProductRow, amount: bigint, index: HomeIndex): ProductDetail {
    const quote = quoteProduct(product, amount, vietnamDate(this.clock()));
    const { cost } = quote.defaultPlan;
    return {
      ...card,
      id: card.productId,
      loanAmount: Number(amount),
      loanTermConfigDTOList: [quote.term],
      actualAmount: Number(cost.received),
      interestAmount: Number(cost.interest),
      repayTimeStr: quote.term.repayTimeStr,
      installmentServiceFee: quote.term.installmentServiceFee,
      serviceAmount: Number(cost.serviceFee),
      appProductHandleFeeConfigDtos: quote.term.appProductHandleFeeConfigDtos,
      bankInfoId: index.bankInfoId,
      bankNo: index.bankNo,
      userCashWalletId: index.userCashWalletId,
      walletAccount: index.walletAccount,
      bankInfoPayOutFailSign: index.bankErrorFlag,
      isSign: product.signatureRequired ? 0 : 1,
      isNew: index.isNew,
      defaultLoanTermId: quote.term.id,
      defaultPlanNums: quote.defaultPlan.planNums,
      totalRepayment: Number(cost.totalRepayable),
      aprPercent: cost.annualRate.aprPercent,
    };
  }

  /**
   * 'Borrow from all' (index/loan/page): the available credit, or the total asked for (withdraw
   * with an amount choice, decision 119), spread over the applicable products by `allocate`, each
   * in detail form with its cost; with the smallest and largest total they can lend together. A
   * total outside those is refused (error.amountOutOfRange).
   */
  async loanPage(userId: string, lang: Language, amount?: number): Promise<LoanPage> {
    const index = await this.index(userId, lang);
    const products = new Map((await this.products.activeProducts()).map((product) => [product.id, product]));
    const available = BigInt(index.userCreditAmount);
    const total = (parts: { amount: bigint }[]) => parts.reduce((sum, part) => sum + part.amount, 0n);
    const maxApply = total(this.allocate(index.showProducts, available));
    // Any total at or above the smallest minimum lends something (a product before takes it, or this one).
    const minimums = index.showProducts.map((card) => BigInt(card.minLoanAmount)).filter((minimum) => minimum <= maxApply);
    const minApply = minimums.length > 0 ? minimums.reduce((least, minimum) => (minimum < least ? minimum : least)) : 0n;
    if (amount !== undefined && (BigInt(amount) < minApply || BigInt(amount) > maxApply)) throw new AppError('VALIDATION_FAILED', { messageKey: 'error.amountOutOfRange' });
    const parts = this.allocate(index.showProducts, amount === undefined ? available : BigInt(amount));
    const details = parts.map(({ card, amount: share }) => this.productDetail(card, products.get(card.productId)!, share, index));
    const canApplyAmount = total(parts);
    return { ...index, showProducts: details, canApplyAmount: Number(canApplyAmount), allAmount: Number(canApplyAmount), minApplyAmount: Number(minApply), maxApplyAmount: Number(maxApply) };
  }
}
