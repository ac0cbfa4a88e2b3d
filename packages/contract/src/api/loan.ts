import { z } from 'zod';
import { defineEndpoint, IMAGE_PART } from '../endpoint.ts';
import { orderRefundSchema, orderWriteOffSchema } from './servicing.ts';
import { isWireAbsent, wireInt, wireIntList, wireOptionalInt, wireOptionalString, wireString } from '../wire.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';
import { productDetailSchema } from './home.ts';
import { handleFeeSchema } from './loan-quote.ts';
import { API_PATHS } from './paths.ts';

/*
 * Borrowing (issue 11; API-FAMILY.md §6.1–6.6, SPEC.md §3–4; docs/decisions/070-orders-and-loans.md):
 * the cost disclosure, the agreements, the commit (single and batch), the orders and their detail,
 * repay-and-reborrow, and the home ticker of real payouts.
 */

const money = z.number().int();
/** An amount of VND as the family sends it: a JSON number or numeric text (BigDecimal.toString). */
const wireAmount = () => wireInt().pipe(z.number().int().min(1, { error: 'error.amountOutOfRange' }).max(10_000_000_000, { error: 'error.amountOutOfRange' }));
/** An amount that may be left out; when sent, the same rules as `wireAmount`. */
const wireOptionalAmount = () => z.preprocess((value) => (isWireAbsent(value) ? undefined : value), wireAmount().optional());

// ─── productInfo/detail ───────────────────────────────────────────────────────────────────────

export const productInfoDetailRequestSchema = z.object({
  productId: wireInt(),
  /** The amount asked for; quoted within the product's range and the available credit (clamped). */
  amount: wireAmount(),
});

/** An agreement the borrower reads and confirms before committing (Sen). */
export const agreementLinkSchema = z.object({
  /** 'lease': the loan agreement; 'pawn': the pledge agreement (the family's two agreement pages). */
  document: z.enum(['lease', 'pawn']),
  /** The document's current version (a commit for another version is refused: AGREEMENT_OUTDATED). */
  version: z.string(),
  /** The page with the borrower's figures, as the family opens it (leaseAgreement.html?…). */
  url: z.string(),
});
export type AgreementLink = z.infer<typeof agreementLinkSchema>;

export const productInfoDetailResponseSchema = productDetailSchema.extend({
  /** Sen: the agreements to read and confirm for this quote. */
  agreements: z.array(agreementLinkSchema),
  /** Sen: what the borrower can borrow now across products (their available credit). */
  userCreditAmount: money,
});
export type ProductInfoDetail = z.infer<typeof productInfoDetailResponseSchema>;

export const productInfoDetailEndpoint = defineEndpoint({
  id: 'getProductInfoDetail',
  method: 'POST',
  path: API_PATHS.productInfoDetail,
  summary: 'A product quoted for an amount: every term and plan with its schedule, the fees, the amount received, the total to repay and the APR.',
  module: 'loan',
  request: productInfoDetailRequestSchema,
  response: productInfoDetailResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'PRODUCT_NOT_AVAILABLE', 'CREDIT_NOT_APPROVED', 'CREDIT_LIMIT_EXCEEDED'],
});

// ─── agreements ───────────────────────────────────────────────────────────────────────────────

export const agreementContentRequestSchema = z.object({
  document: z.enum(['lease', 'pawn']),
  /** One product id, or several comma-separated (a batch: 'borrow from all'); none with orderId. */
  productId: wireIntList({ optional: true }).transform((ids) => ids ?? []),
  /** The amount of a single product; a batch takes the amounts index/loan/page allocates. */
  amount: wireOptionalInt(),
  loanTermId: wireOptionalInt(),
  planNums: wireOptionalInt(),
  /** An order's agreement as it was accepted (its own figures and date). */
  orderId: wireOptionalInt(),
}).refine((query) => query.productId.length > 0 || query.orderId !== undefined, { error: 'validation.select', path: ['productId'] });

/** The family's agreement pages' query (`{web}/agreement/leaseAgreement.html?userId=..&productId=..&amount=..`). */
export const agreementPageQuerySchema = z.object({
  productId: wireIntList({ optional: true }).transform((ids) => ids ?? []),
  amount: wireOptionalInt(),
  planNums: wireOptionalInt(),
  orderId: wireOptionalInt(),
  /** The family sends the login id; the page trusts the session, never this. */
  userId: wireOptionalInt(),
});

export const agreementContentResponseSchema = z.object({
  document: z.enum(['lease', 'pawn']),
  title: z.string(),
  version: z.string(),
  /** The agreement filled with the borrower's figures (plain text with line breaks), amounts also in Vietnamese words. */
  text: z.string(),
  /** sha256 of `text`: what the acceptance record keeps. */
  textHash: z.string(),
});
export type AgreementContent = z.infer<typeof agreementContentResponseSchema>;

export const agreementContentEndpoint = defineEndpoint({
  id: 'getAgreementContent',
  method: 'POST',
  path: API_PATHS.agreementContent,
  summary: "Sen: an agreement filled with the borrower's figures, in the request's language (the web app shows it before the commit).",
  module: 'loan',
  request: agreementContentRequestSchema,
  response: agreementContentResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'PRODUCT_NOT_AVAILABLE', 'LOAN_TERM_INVALID', 'ORDER_NOT_FOUND', 'CREDIT_NOT_APPROVED', 'CREDIT_LIMIT_EXCEEDED'],
});

const agreementPage = (id: string, path: string, what: string) =>
  defineEndpoint({
    id,
    method: 'GET',
    path,
    summary: `The ${what} as an HTML page (the family's WebView): filled with the query's figures, and with the borrower's name and ID when the request carries their session (an order's accepted agreement needs it).`,
    module: 'loan',
    request: agreementPageQuerySchema,
    response: z.null(),
    binaryResponse: 'text/html',
    signed: false,
    session: 'optional',
    errors: ['NOT_FOUND'],
  });
export const leaseAgreementPageEndpoint = agreementPage('leaseAgreementPage', API_PATHS.leaseAgreementPage, 'loan agreement');
export const pawnAgreementPageEndpoint = agreementPage('pawnAgreementPage', API_PATHS.pawnAgreementPage, 'repayment and collection undertaking');

// ─── order commit ─────────────────────────────────────────────────────────────────────────────

/** The text parts both commits share (API-FAMILY.md §6.2; files: eventFile, signPic). */
const commitCommonParts = {
  /** The login `id`; when sent it must be the caller's own. */
  userId: wireOptionalInt(),
  payWay: z.preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), z.enum(['CARD', 'WALLET']).optional()),
  bankInfoId: wireOptionalInt(),
  userCashWalletId: wireOptionalInt(),
  ip: wireOptionalString({ max: 64 }),
  imei: wireOptionalString({ max: 128 }),
  coordinate: wireOptionalString({ max: 64 }),
  /** The family sends the literal 'auditKey'; any other value is the commit's idempotency key (decision 070). */
  auditKey: wireOptionalString({ max: 255 }),
  /** Sen: the agreement version the borrower read; refused when it is no longer current. */
  agreementVersion: wireOptionalString({ max: 32 }),
  /** Sen: the code sent by order/sign/code for this application, signing its agreements (decision 112). */
  signCode: wireOptionalString({ max: 8 }),
};

export const orderCommitRequestSchema = z.object({
  ...commitCommonParts,
  productId: wireInt(),
  amount: wireAmount(),
  loanTermId: wireOptionalInt(),
  planNums: wireOptionalInt(),
});
export type OrderCommitRequest = z.input<typeof orderCommitRequestSchema>;

// ─── order/sign/code ───────────────────────────────────────────────────────────────────────────

/**
 * The application a signing code is for (decision 112): one product with its amount and plan, or
 * a batch's products (comma-separated) with its total. The code signs exactly this application.
 */
export const orderSignCodeRequestSchema = z.object({
  productIds: wireIntList(),
  amount: wireOptionalAmount(),
  planNums: wireOptionalInt(),
  /** A batch's plans, as its commit sends them (JSON text {"7":3,"9":null}): the code signs them too. */
  productInstallmentMap: productNumberMap(),
});
export type OrderSignCodeRequest = z.input<typeof orderSignCodeRequestSchema>;

export const orderSignCodeResponseSchema = z.object({
  /** Seconds before another code may be asked for. */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code lives. */
  expiresInSeconds: z.number().int(),
  /** The phone the code went to, masked (091****678). */
  phoneMasked: z.string(),
});
export type OrderSignCode = z.infer<typeof orderSignCodeResponseSchema>;

export const orderSignCodeEndpoint = defineEndpoint({
  id: 'sendSigningCode',
  method: 'POST',
  path: API_PATHS.orderSignCode,
  summary:
    "Sen: sends by SMS the 4-digit code that signs this application's agreements (bound to its products, amount and plan; its own purpose, never a login code), within the login code's resend wait and hourly limits.",
  module: 'loan',
  request: orderSignCodeRequestSchema,
  response: orderSignCodeResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'PRODUCT_NOT_AVAILABLE', 'OTP_TOO_SOON', 'OTP_SEND_LIMIT', 'SMS_UNAVAILABLE'],
});

/** The created order (the family's clients ignore it; API-FAMILY.md §6.2 suggests these fields). */
export const committedOrderSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  loanAmount: money,
  orderStatus: z.number().int(),
  /** Sen: the status in English and in the request's language. */
  statusName: z.string(),
  statusLabel: z.string(),
  currencySymbol: z.string(),
});
export type CommittedOrder = z.infer<typeof committedOrderSchema>;

const COMMIT_ERRORS = [
  'SESSION_EXPIRED',
  'VALIDATION_FAILED',
  'ACCESS_DENIED',
  'CREDIT_NOT_APPROVED',
  'CREDIT_LIMIT_EXCEEDED',
  'LENDING_CONSENT_WITHDRAWN',
  'PRODUCT_NOT_AVAILABLE',
  'PRODUCT_QUOTA_USED_UP',
  'LOAN_TERM_INVALID',
  'BANK_ACCOUNT_NOT_FOUND',
  'SIGNATURE_REQUIRED',
  'SIGNING_CODE_REQUIRED',
  'OTP_INCORRECT',
  'OTP_EXPIRED',
  'OTP_LOCKED',
  'AGREEMENT_OUTDATED',
  'IDEMPOTENCY_KEY_REUSED',
  'UPLOAD_NOT_IMAGE',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_DAMAGED',
] as const;

const COMMIT_FILE_PARTS = [
  { name: 'eventFile', required: false, description: "The page-event log ('<epochMs>|<event>' per line); kept with the order's audit trail." },
  { name: 'signPic', required: false, description: 'The drawn signature (PNG/JPEG), required when the product asks for one (isSign 0).', ...IMAGE_PART },
] as const;

export const orderCommitEndpoint = defineEndpoint({
  id: 'commitOrder',
  method: 'POST',
  path: API_PATHS.orderCommit,
  summary:
    'Borrows from one product: checks credit, product, quota, amount, term, account and agreement under the borrower lock, creates the order, its schedule and the payout; idempotent by auditKey, Idempotency-Key or a derived key.',
  module: 'loan',
  request: orderCommitRequestSchema,
  response: committedOrderSchema,
  signed: true,
  session: 'required',
  bodyEncoding: 'multipart',
  fileParts: COMMIT_FILE_PARTS,
  errors: [...COMMIT_ERRORS],
});

/** A JSON object text mapping product ids to a number (or null): productLoanTermIdMap, productInstallmentMap. */
function productNumberMap() {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '' || value === 'null') return undefined;
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    z.record(z.string().regex(/^\d{1,15}$/), z.union([z.number().int(), z.string().regex(/^\d{1,15}$/).transform(Number), z.null()])).optional(),
  );
}

export const orderCommitAllRequestSchema = z.object({
  ...commitCommonParts,
  /** Comma-joined product ids, e.g. '7,9,12'. */
  productIds: wireIntList(),
  /** JSON text {"7":5,"9":11}: productId → loanTermId. */
  productLoanTermIdMap: productNumberMap(),
  /** JSON text {"7":3,"9":null}: productId → planNums (null: the product's default). */
  productInstallmentMap: productNumberMap(),
  /** SPEC.md §3: the batch total; when sent, the allocation must not exceed it. */
  amount: wireOptionalAmount(),
  /** KMP also sends the first map entry's values; ignored. */
  planNums: wireOptionalInt(),
  loanTermId: wireOptionalInt(),
});
export type OrderCommitAllRequest = z.input<typeof orderCommitAllRequestSchema>;

/** One product's result in a batch (API-FAMILY.md §6.3): pushStatus 200 = its order was made. */
export const batchCommitResultSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  loanAmount: money,
  pushStatus: z.number().int(),
  /** Why it failed, in the request's language ('' on success). */
  pushMessage: z.string(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  orderStatus: z.number().int().nullable(),
  currency: z.string(),
  currencySymbol: z.string(),
});
export type BatchCommitResult = z.infer<typeof batchCommitResultSchema>;

export const orderCommitAllEndpoint = defineEndpoint({
  id: 'commitOrderBatch',
  method: 'POST',
  path: API_PATHS.orderCommitAll,
  summary: "Borrows from several products at once ('borrow from all'): one result per product with pushStatus 200 or the reason it failed.",
  module: 'loan',
  request: orderCommitAllRequestSchema,
  response: z.array(batchCommitResultSchema),
  signed: true,
  session: 'required',
  bodyEncoding: 'multipart',
  fileParts: COMMIT_FILE_PARTS,
  errors: [...COMMIT_ERRORS],
});

// ─── orders ───────────────────────────────────────────────────────────────────────────────────

/** An order as the family lists it (OrderBean, API-FAMILY.md §6.4), with Sen's labels and amounts. */
export const orderBeanSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  /** The borrower's public user number. */
  userId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  loanAmount: money,
  currency: z.string(),
  currencySymbol: z.string(),
  timeLimit: z.number().int(),
  /** The family's status code (§10). */
  status: z.number().int(),
  /** The status label in the request's language (the family's statusStr). */
  statusStr: z.string(),
  /** Sen: the status in English ('Pending repayment') and in the request's language. */
  statusName: z.string(),
  statusLabel: z.string(),
  /** 'yyyy-MM-dd HH:mm:ss', Vietnam time. */
  createTime: z.string(),
  /** The receiving account, masked. */
  bankNo: z.string(),
  cardNo: z.string(),
  /** The borrower's orders before this one. */
  historyOrders: z.number().int(),
  closeReason: z.string().nullable(),
  closeRemark: z.string().nullable(),
  closeTime: z.string().nullable(),
  orderHandleFees: z.array(handleFeeSchema),
  /** What is owed now (everything accrued and unpaid), or the scheduled total before payout. */
  actualNeedRepayAmount: money,
  penaltyAmount: money,
  /** The repayment page of the whole order (ours, with the VietQR code), while it can be repaid. */
  payGoUrl: z.string().nullable(),
  /** Sen: dates as yyyy-MM-dd (null until known). */
  applyDate: z.string(),
  loanDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** Sen: repaid so far, and days past the oldest unpaid due date. */
  paidAmount: money,
  overdueDays: z.number().int(),
});
export type OrderBean = z.infer<typeof orderBeanSchema>;

export const orderListEndpoint = defineEndpoint({
  id: 'listOrders',
  method: 'POST',
  path: API_PATHS.orderList,
  summary: "The borrower's orders, newest first (the family's order history).",
  module: 'loan',
  request: emptyRequestSchema,
  response: z.array(orderBeanSchema),
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

/**
 * Sen (decision 119): the borrower's vocabulary of amounts, computed once (@sen/domain
 * borrowerAmounts) and shown under one label on every screen. Due now: the instalments whose due
 * date has come, with their overdue fee and interest, accrued through today. Next instalment: the
 * first one not yet due, with what it asks on its due date. To settle today: the whole loan if
 * paid today (interest for the days used). Remaining principal: the principal not yet repaid.
 */
export const loanAmountsSchema = z.object({
  dueNow: money,
  /** The instalments that make up dueNow (repay/url with these pays exactly dueNow). */
  duePlanParts: z.array(z.number().int()),
  nextInstalment: z.object({ planPart: z.number().int(), dueDate: z.string(), amount: money }).nullable(),
  settleToday: money,
  remainingPrincipal: money,
});
export type LoanAmounts = z.infer<typeof loanAmountsSchema>;

/** One instalment of an order (installmentRepaymentPlanDTOList, API-FAMILY.md §6.5). */
export const orderInstalmentSchema = z.object({
  planPart: z.number().int(),
  installmentOrderNo: z.string(),
  /** 'yyyy-MM-dd 00:00:00'. */
  repayTime: z.string(),
  /** §10 planStatus: 30 pending, 31 processing, 34 overdue, 35 bad debt (written off, still owed; decision 111), 40 settled. */
  planStatus: z.number().int(),
  /** What is owed of it now. */
  actualNeedRepayAmount: money,
  needRepayLoanAmount: money,
  needRepayInterestSum: money,
  needRepayAfterHandleAmount: money,
  needRepayPenaltyAmount: money,
  /** Sen: the due date (yyyy-MM-dd), the scheduled total, what was paid of it. */
  dueDate: z.string(),
  scheduledTotal: money,
  paidAmount: money,
});
export type OrderInstalment = z.infer<typeof orderInstalmentSchema>;

/** An accepted agreement of an order (Sen). */
export const orderContractSchema = z.object({
  document: z.enum(['lease', 'pawn']),
  version: z.string(),
  acceptedAt: z.string(),
  /** The agreement as accepted, filled with the order's figures. */
  url: z.string(),
});

/** An order's detail (LoanOrderDetail, API-FAMILY.md §6.5) with every SPEC.md §3 label's figure. */
export const orderDetailResponseSchema = z.object({
  appOrderInfoDto: orderBeanSchema,
  appOrderRepayDto: orderBeanSchema,
  /** dd-MM-yyyy. */
  applyDateStr: z.string(),
  loanDateStr: z.string(),
  shouldRepayDateStr: z.string(),
  /** Interest per day in percent ('0.03'). */
  dayRateStr: z.string(),
  /** The contract's interest: the schedule's, the same every day (decision 119; the interest accrued so far is accruedInterest). */
  interestAmount: money,
  /** What reached (or will reach) the borrower's account. */
  actualAmount: money,
  totalInstallmentServiceFee: money,
  /** The receiving account, masked. */
  bankNo: z.string(),
  /** Total repayment: what is owed now (or the scheduled total before payout). */
  actualNeedRepayAmount: money,
  /** Repaid so far. */
  actualRepayAmount: money,
  afterDeductionActualNeedRepayAmount: money,
  penaltyAmount: money,
  reliefAmount: money,
  deductionFee: money,
  userCouponName: z.string().nullable(),
  /** The transfer content of this order's offline repayment (its orderNo). */
  repayCode: z.string().nullable(),
  /** One day's interest on the whole principal. */
  dailyAmount: money,
  interestRateTypeStr: z.string(),
  installmentRepaymentPlanDTOList: z.array(orderInstalmentSchema),
  // Sen: the order in our own terms.
  status: z.number().int(),
  statusName: z.string(),
  statusLabel: z.string(),
  serviceFee: money,
  /** The schedule's total (what it costs when repaid on time). */
  scheduledTotal: money,
  /** Outstanding now by component. */
  outstandingPrincipal: money,
  outstandingInterest: money,
  outstandingFee: money,
  outstandingOverdueFee: money,
  overdueDays: z.number().int(),
  aprPercent: z.number(),
  /** Kept for the borrower beyond what the loan owed (to refund). */
  creditHeld: money,
  receivingAccount: z.object({ kind: z.enum(['CARD', 'WALLET']), name: z.string(), maskedNumber: z.string() }),
  /** The phone model the borrower applied from (their device record), '' when unknown. */
  phoneModel: z.string(),
  contracts: z.array(orderContractSchema),
  /** Why the payout failed or the order closed, in the request's language; null otherwise. */
  failureReason: z.string().nullable(),
  /** apply/again: 1 same product, 2 all products on settlement; null none. */
  reloanSign: z.number().int().nullable(),
  /** Whether the repay button shows (status 30–35). */
  canRepay: z.boolean(),
  /** Sen (decision 100): refunds of the overpayment, newest first. */
  refunds: z.array(orderRefundSchema),
  /** Sen (decisions 100, 111): the write-off of a written-off order (sent to the family as 35, or 40 once all recovered), else null. */
  writeOff: orderWriteOffSchema.nullable(),
  /** Sen (decision 101): a settled order offers its confirmation of settlement (settlementCertificate). */
  certificateAvailable: z.boolean(),
  /** Sen (decision 119): due now, next instalment, to settle today, remaining principal; null before payout and once nothing is owed. */
  amounts: loanAmountsSchema.nullable(),
  /** Sen (decision 119): the contract's interest (= interestAmount) and the interest charged for the days used so far. */
  contractInterest: money,
  accruedInterest: money,
  /**
   * Sen (decision 119): what the loan asks in all: what was charged so far (overdue fees included)
   * and the interest still to come by the schedule; the schedule's total before payout.
   */
  totalRepayment: money,
});
export type OrderDetail = z.infer<typeof orderDetailResponseSchema>;

export const orderDetailEndpoint = defineEndpoint({
  id: 'getOrderDetail',
  method: 'POST',
  path: API_PATHS.orderDetail,
  summary: "One of the borrower's orders (another borrower's id answers not found).",
  module: 'loan',
  request: z.object({ orderId: wireInt() }),
  response: orderDetailResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'ORDER_NOT_FOUND'],
});

// ─── repay-and-reborrow (API-FAMILY.md §6.6) ──────────────────────────────────────────────────

export const applyAgainEndpoint = defineEndpoint({
  id: 'applyAgain',
  method: 'POST',
  path: API_PATHS.applyAgain,
  summary: 'Repay & auto-apply: on settlement, borrow the same product again (applyAgainSign 1, KMP sends none) or every product (2).',
  module: 'loan',
  request: z.object({ orderId: wireInt(), applyAgainSign: wireOptionalInt() }),
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'ORDER_NOT_FOUND', 'ORDER_NOT_REPAYABLE'],
});

export const applyAgainCancelEndpoint = defineEndpoint({
  id: 'applyAgainCancel',
  method: 'POST',
  path: API_PATHS.applyAgainCancel,
  summary: 'Withdraws an earlier apply/again of an order.',
  module: 'loan',
  request: z.object({ orderId: wireInt() }),
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'ORDER_NOT_FOUND'],
});

// ─── the home ticker (DESIGN.md: real payouts only) ─────────────────────────────────────────────

export const tickerResponseSchema = z.object({
  /** False when there are fewer real recent payouts than TICKER_MIN_LOANS: the home hides the ticker. */
  show: z.boolean(),
  /** Up to 20 recent payouts, newest first. */
  entries: z.array(
    z.object({
      /** '091****678'. */
      phone: z.string(),
      amount: money,
      /** ISO time of the payout. */
      disbursedAt: z.string(),
    }),
  ),
});
export type Ticker = z.infer<typeof tickerResponseSchema>;

export const tickerEndpoint = defineEndpoint({
  id: 'getLoanTicker',
  method: 'GET',
  alsoAnswers: ['POST'],
  path: API_PATHS.loanTicker,
  summary: "Sen: the home ticker's recent real payouts with masked phones (hidden below TICKER_MIN_LOANS).",
  module: 'loan',
  request: emptyRequestSchema,
  response: tickerResponseSchema,
  signed: true,
  session: 'optional',
  errors: [],
});

/** Accepts the family's text and numbers for an orderNo. */
export const orderNoSchema = () => wireString({ max: 40 }).pipe(z.string().regex(/^[A-Za-z0-9]{4,40}$/, { error: 'error.orderNotFound' }));
