import { z } from 'zod';
import { wireOptionalInt } from '../wire.ts';
import { defineEndpoint } from '../endpoint.ts';
import { emptyRequestSchema } from './common.ts';
import { handleFeeSchema, loanTermConfigSchema } from './loan-quote.ts';
import { API_PATHS } from './paths.ts';

/** userCreditStatus of the home index and creditStatus of a product card (API-FAMILY.md §10). */
export const CREDIT_STATUS = { REVIEWING: 0, APPROVED: 1, REJECTED: 2 } as const;
export type CreditStatus = (typeof CREDIT_STATUS)[keyof typeof CREDIT_STATUS];

/** A product card of the home (API-FAMILY.md §4.3 ProductBean), per borrower. */
export const productCardSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productImageUrl: z.string(),
  maxLoanAmount: z.number().int(),
  minLoanAmount: z.number().int(),
  /** Loan term in days. */
  timeLimit: z.number().int(),
  /** Daily interest rate in percent (0.03 = 0.03 % a day); a number, as KMP needs (API-FAMILY.md §9). */
  interestRate: z.number(),
  tagList: z.array(z.string()),
  /** 1: a new product (badge and new-products popup). */
  newSign: z.number().int(),
  /** '{min} - {max}' with thousands separators, as the family shows it on a disabled card. */
  loanAmountRange: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  /** 0 pending review, 1 ok, 2 failed (the borrower's pre-credit for this product). */
  creditStatus: z.number().int(),
  /** When the borrower may apply again (dd-MM-yyyy), for creditStatus 2 or a quota used up today; '' otherwise. */
  enableLoanStr: z.string(),
  /** 1 opens downloadUrl in the browser, 2 the store (iOS redirect), anything else applies in the app. */
  jumpType: z.number().int(),
  downloadUrl: z.string().nullable(),
  /** null or '0' normal; '1': the borrower must add supplementary information first. */
  showConditionTypeSign: z.string().nullable(),
  bankErrorFlag: z.boolean(),
  /** Sen: the card is locked (quota used up today, or no credit left for its smallest amount). */
  lock: z.boolean(),
  /** Sen: the product's loans for today are all taken; enableLoanStr is the next borrowing date. */
  quotaUsedUp: z.boolean(),
  /** Sen: the next date the borrower may apply, yyyy-MM-dd, or null (formatted per language by our web). */
  enableLoanDate: z.string().nullable(),
  /** Sen: the repayment plan choices (instalments). */
  planNums: z.array(z.number().int()),
  /** Sen: one-off service fee and overdue charge per day, in ppm of the principal (1 ppm = 0.0001 %). */
  serviceFeePpm: z.number().int(),
  overdueDailyRatePpm: z.number().int(),
  /**
   * Sen: why a locked card is locked, for the borrower to read: 'review' (credit under review),
   * 'rejected' (credit refused; enableLoanDate says when to try again), 'quota' (today's loans
   * taken), 'overdue' (no credit left while a loan is overdue: repaying it frees the credit),
   * 'credit' (not enough credit left for the smallest amount), 'consent' (the borrower withdrew the
   * consent to lending, decision 116), 'watch' (a restructured loan is in its watch period,
   * decision 117), 'limit' (the credit limit itself is below the product's smallest amount:
   * repaying does not open it); null when the card is not locked.
   */
  lockReason: z.enum(['review', 'rejected', 'quota', 'overdue', 'credit', 'consent', 'watch', 'limit']).nullable(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** An active order on the orders tab (API-FAMILY.md §4.3 `repayProducts`); filled once loans exist. */
export const repayProductSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  productName: z.string(),
  orderStatus: z.number().int(),
  loanAmount: z.number().int(),
  applyDateStr: z.string(),
  actualRepayAmount: z.number().int(),
  repayTimeStr: z.string(),
  currencySymbol: z.string(),
});
export type RepayProduct = z.infer<typeof repayProductSchema>;

/** The logged-in home (index/v3, API-FAMILY.md §4.3 and SPEC.md §3). Every field is always present. */
export const homeIndexResponseSchema = z.object({
  /** 0 under review, 1 approved, 2 rejected. */
  userCreditStatus: z.number().int(),
  /** Cooling-off period: the home hides its content. */
  calmFlag: z.boolean(),
  showProducts: z.array(productCardSchema),
  canNotApplyProducts: z.array(productCardSchema),
  repayProducts: z.array(repayProductSchema),
  /** 1 shows batch repayment when a repay order is pending or overdue. */
  showMultipleRepaySign: z.number().int(),
  loanAmountRange: z.string(),
  /** When the borrower may try again (dd-MM-yyyy) after a rejection or a calm period; '' otherwise. */
  enableLoanStr: z.string(),
  /** Available credit: limit less used. */
  userCreditAmount: z.number().int(),
  userCreditCurrency: z.string(),
  userCreditCurrencySymbol: z.string(),
  totalCreditAmount: z.number().int(),
  usedAmount: z.number().int(),
  /** 1 enables 'borrow from all' (index/loan/page) when userCreditAmount > 0. */
  togetherLoanSign: z.number().int(),
  /** The 'payment failed, modify bank card' banner; always present (VT declares it non-null). */
  bankErrorFlag: z.boolean(),
  /**
   * The default receiving account (API-FAMILY.md §4.3): a bank account as bankInfoId and bankNo
   * (masked), or an e-wallet as userCashWalletId and walletAccount (masked); the other pair is null,
   * as the family reads `bankInfoId ?: userCashWalletId`. All null without a receiving account.
   */
  bankInfoId: z.number().int().nullable(),
  bankNo: z.string().nullable(),
  userCashWalletId: z.number().int().nullable(),
  walletAccount: z.string().nullable(),
  /** What 'borrow from all' would lend now (index/loan/page). */
  canApplyAmount: z.number().int(),
  allAmount: z.number().int(),
  recommendText: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  /** 1 until the borrower's first loan. */
  isNew: z.number().int(),
  /** Sen: the smallest and largest amount across the shown products (for per-language formatting). */
  minLoanAmount: z.number().int(),
  maxLoanAmount: z.number().int(),
  /** Sen: enableLoanStr as yyyy-MM-dd, or null. */
  enableLoanDate: z.string().nullable(),
  /** Sen: the borrower's loans past a due date (0 when none): the home's overdue banner. */
  overdueOrderCount: z.number().int(),
  /** Sen: the most days any of them is overdue (0 when none). */
  overdueDays: z.number().int(),
  /** Sen: what settles the overdue loans today, overdue fees included (0 when none). */
  overdueAmount: z.number().int(),
});
export type HomeIndex = z.infer<typeof homeIndexResponseSchema>;

/**
 * A product in its detail form (API-FAMILY.md §6.1), as productInfo/detail answers it and 'borrow
 * from all' lists them (§4.5): the card's fields, the amount, the terms with their plans and
 * schedules, the figures of the default term and plan, and the default receiving account.
 */
export const productDetailSchema = productCardSchema.extend({
  /** The product id again: the family submits `id ?: productId`. */
  id: z.number().int(),
  /** The amount quoted (within the product's range and the borrower's available credit). */
  loanAmount: z.number().int(),
  loanTermConfigDTOList: z.array(loanTermConfigSchema),
  /** The default term's and plan's figures (what the family's header shows). */
  actualAmount: z.number().int(),
  interestAmount: z.number().int(),
  repayTimeStr: z.string(),
  installmentServiceFee: z.number().int(),
  serviceAmount: z.number().int(),
  appProductHandleFeeConfigDtos: z.array(handleFeeSchema),
  /** The default receiving account (API-FAMILY.md §6.1): a card or a wallet, masked; the other pair null. */
  bankInfoId: z.number().int().nullable(),
  bankNo: z.string().nullable(),
  userCashWalletId: z.number().int().nullable(),
  walletAccount: z.string().nullable(),
  /** true: the borrower's last payout to this account failed ('card error, please modify'). */
  bankInfoPayOutFailSign: z.boolean(),
  /** 0: the borrower must draw a signature (signPic) before committing; 1: not needed. */
  isSign: z.number().int(),
  /** 1 until the borrower's first loan. */
  isNew: z.number().int(),
  /** Sen: the default term and plan (what to submit when the borrower changes nothing). */
  defaultLoanTermId: z.number().int(),
  defaultPlanNums: z.number().int(),
  /** Sen: the default plan's total to repay and effective annual rate (percent, decision 056). */
  totalRepayment: z.number().int(),
  aprPercent: z.number(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const loanPageResponseSchema = homeIndexResponseSchema.extend({
  showProducts: z.array(productDetailSchema),
  /**
   * Sen (withdraw with an amount choice, decision 119): the smallest and the largest total the
   * products can lend together now (the largest is the whole available credit spread over them);
   * a total asked for (request `amount`) is spread the same way, each product up to its maximum.
   */
  minApplyAmount: z.number().int(),
  maxApplyAmount: z.number().int(),
});
export type LoanPage = z.infer<typeof loanPageResponseSchema>;

export const reloanButtonSignResponseSchema = z.object({
  /** '0' repay only … '4' (API-FAMILY.md §6.6). */
  reloanButtonSign: z.string(),
});

export const homeIndexEndpoint = defineEndpoint({
  id: 'getHomeIndex',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.homeIndex,
  summary: "The signed-in borrower's home: credit status, limit, products (applicable and not), active orders.",
  module: 'credit',
  request: emptyRequestSchema,
  response: homeIndexResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const loanPageEndpoint = defineEndpoint({
  id: 'getLoanPage',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.loanPage,
  summary: "'Borrow from all': every applicable product in detail form with the amount each would lend (canApplyAmount); Sen: for the total asked (amount), else the whole available credit.",
  module: 'credit',
  request: z.object({
    /** Sen: the total to borrow (within minApplyAmount and maxApplyAmount); none: all the credit available. */
    amount: wireOptionalInt(),
  }),
  response: loanPageResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED'],
});

export const reloanButtonSignEndpoint = defineEndpoint({
  id: 'getReloanButtonSign',
  method: 'GET',
  alsoAnswers: ['POST'],
  path: API_PATHS.reloanButtonSign,
  summary: "Which repay buttons an order's detail shows (API-FAMILY.md §6.6).",
  module: 'credit',
  request: emptyRequestSchema,
  response: reloanButtonSignResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const devCreditReviewEndpoint = defineEndpoint({
  id: 'runDevCreditReview',
  method: 'POST',
  path: API_PATHS.devCreditReview,
  summary: 'Development only: runs the credit review job now (absent in production).',
  module: 'credit',
  request: emptyRequestSchema,
  response: z.object({ decided: z.number().int() }),
  signed: false,
  session: 'none',
  errors: [],
});

export const devCreditCertifyEndpoint = defineEndpoint({
  id: 'devCreditCertify',
  method: 'POST',
  path: API_PATHS.devCreditCertify,
  summary: 'Development only: marks every certification item of a phone done, with the personal facts certification cannot give yet (absent in production).',
  module: 'credit',
  request: z.object({
    phone: z.string().regex(/^0\d{9}$/),
    birthDate: z.iso.date().optional(),
    monthlySalaryBand: z.string().max(10).optional(),
    /** Leave the WORK item (supplementary information) not done. */
    skipWork: z.boolean().optional(),
    /** Put the phone on the deny list first (a calm period follows the review). */
    denyListed: z.boolean().optional(),
  }),
  response: z.object({ userId: z.number().int() }),
  signed: false,
  session: 'none',
  errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
});
