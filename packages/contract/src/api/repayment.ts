import { z } from 'zod';
import { defineEndpoint, IMAGE_PART } from '../endpoint.ts';
import { wireInt, wireIntList, wireOptionalBoolean, wireOptionalInt, wireOptionalString } from '../wire.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';
import { loanAmountsSchema, orderNoSchema } from './loan.ts';
import { API_PATHS } from './paths.ts';

/*
 * Repaying (issue 12; API-FAMILY.md §6.6–6.9; docs/decisions/070-orders-and-loans.md): what is due,
 * a repayment request with its VietQR transfer (payUrl is our page), the bank's transfer webhook
 * (SePay format), the offline receipt path reviewed by an operator, and development helpers.
 */

const money = z.number().int();

/**
 * A repayment request as repay/url and multiple/order/repay answer it: the family's `payUrl`, and
 * beyond the family the transfer itself, which our web app shows in place.
 */
export const repayQuoteSchema = z.object({
  /** Our repayment page (amount, VietQR code, account, content, live status). */
  payUrl: z.string(),
  /** Sen: the request's id (repay/status). */
  requestId: z.string(),
  /** Sen: what to transfer: everything owed of the chosen orders and instalments through today. */
  amount: money,
  /** Sen: the transfer content the bank transfer must carry (letters and digits). */
  transferContent: z.string(),
  /** Sen: the VietQR (EMVCo) payload of the transfer, for any Vietnamese banking app's scanner. */
  qrData: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  bankBin: z.string(),
  bankName: z.string(),
  /** Sen: when the quote lapses (ISO time); a transfer after it is still applied. */
  expiresAt: z.string(),
});
export type RepayQuote = z.infer<typeof repayQuoteSchema>;

const QUOTE_ERRORS = ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'ORDER_NOT_FOUND', 'ORDER_NOT_REPAYABLE'] as const;

export const repayUrlEndpoint = defineEndpoint({
  id: 'getRepayUrl',
  method: 'POST',
  path: API_PATHS.repayUrl,
  summary: "A repayment request for chosen instalments of one order (none chosen: 'Please select at least one repayment order').",
  module: 'repayment',
  request: z.object({
    orderNo: orderNoSchema(),
    /** The unsettled instalments chosen (planPart numbers). */
    planNumList: wireIntList({ required: 'validation.repayment.required' }).pipe(z.array(z.number().int()).min(1, { error: 'validation.repayment.required' })),
  }),
  response: repayQuoteSchema,
  signed: true,
  session: 'required',
  errors: [...QUOTE_ERRORS],
});

/** An order that can be repaid, as batch repayment lists it (API-FAMILY.md §6.8). */
export const repayableOrderSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  productName: z.string(),
  /** What settles the order today. */
  actualRepayAmount: money,
  currencySymbol: z.string(),
  orderStatus: z.number().int(),
  /** Sen: the label, the next due date (yyyy-MM-dd), what is due by then, days overdue. */
  statusLabel: z.string(),
  dueDate: z.string(),
  /** Earlier Sen field kept for its clients: what is due by the next due date (decision 119 names the figures: see amounts). */
  dueAmount: money,
  overdueDays: z.number().int(),
  loanAmount: money,
  /** Sen (decision 119): due now, next instalment, to settle today (= actualRepayAmount), remaining principal. */
  amounts: loanAmountsSchema,
});
export type RepayableOrder = z.infer<typeof repayableOrderSchema>;

export const multipleOrderListEndpoint = defineEndpoint({
  id: 'listRepayableOrders',
  method: 'POST',
  path: API_PATHS.multipleOrderList,
  summary: "The borrower's orders that can be repaid now, oldest due first.",
  module: 'repayment',
  request: emptyRequestSchema,
  response: z.array(repayableOrderSchema),
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const multipleOrderRepayEndpoint = defineEndpoint({
  id: 'repayMultipleOrders',
  method: 'POST',
  path: API_PATHS.multipleOrderRepay,
  summary: "One repayment request settling several orders (none chosen: 'Please select at least one repayment order').",
  module: 'repayment',
  request: z.object({
    orderNoList: z
      .preprocess((value) => (typeof value === 'string' ? value.split(',').filter((item) => item.trim() !== '') : value), z.array(orderNoSchema()).max(50, { error: 'error.requestFailed' }).optional())
      .pipe(z.array(z.string()).min(1, { error: 'validation.repayment.required' })),
  }),
  response: repayQuoteSchema.extend({ reloanButtonSign: z.string().nullable() }),
  signed: true,
  session: 'required',
  errors: [...QUOTE_ERRORS],
});

/** Where a repayment request stands (our page's and our web app's live status). */
export const repayStatusSchema = z.object({
  status: z.enum(['open', 'paid', 'partly_paid', 'expired']),
  amount: money,
  paidAmount: money,
  paidAt: z.string().nullable(),
  transferContent: z.string(),
  /** The orders of the request as they stand now. */
  orders: z.array(z.object({ orderNo: z.string(), orderStatus: z.number().int(), statusLabel: z.string(), outstandingAmount: money })),
});
export type RepayStatus = z.infer<typeof repayStatusSchema>;

export const repayStatusEndpoint = defineEndpoint({
  id: 'getRepayStatus',
  method: 'POST',
  path: API_PATHS.repayStatus,
  summary: "Sen: a repayment request's status (the borrower's own).",
  module: 'repayment',
  request: z.object({ requestId: z.uuid({ error: 'error.notFound' }) }),
  response: repayStatusSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'NOT_FOUND'],
});

export const payPageStatusEndpoint = defineEndpoint({
  id: 'getPayPageStatus',
  method: 'GET',
  path: API_PATHS.payPageStatus,
  summary: 'The repayment page polls its status by the page token in its URL (no session: the page opens in a WebView).',
  module: 'repayment',
  request: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'error.notFound' }) }),
  response: repayStatusSchema,
  signed: false,
  session: 'none',
  errors: ['NOT_FOUND'],
});

// ─── the bank's transfer webhook (SePay format) ──────────────────────────────────────────────────

/**
 * The largest amount one bank transfer (webhook or statement row) may carry: 100 billion VND, far
 * above any repayment. An amount near Number.MAX_SAFE_INTEGER was recorded and applied, and the
 * sums that read it (a request's paid amount, a statement's proposed amount, the daily report's
 * totals) went past the safe integers: every one of those answers was a 500. A statement holds at
 * most STATEMENT_MAX_ROWS (10,000) rows, so its sums stay below 10^15, well within them.
 */
export const MAX_TRANSFER_VND = 100_000_000_000;

/** SePay's webhook body (https://docs.sepay.vn: id, gateway, transactionDate, …, transferAmount). */
export const sepayWebhookRequestSchema = z.object({
  /** The bank's transaction number, however it is written ("0900000123" is 900000123): its canonical decimal digits. */
  id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform((id) => BigInt(id).toString()),
  gateway: z.string().max(100),
  /**
   * 'yyyy-MM-dd HH:mm:ss', the bank's time (Vietnam), as text. A time that cannot be read (another
   * format, empty, null, absent, a number) is no reason to refuse the money: the transfer is recorded
   * with the time we received it and what the bank sent is kept (decision 127).
   */
  transactionDate: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value))),
  accountNumber: z.string().max(40),
  /** The payment code SePay recognised in the content, or null. */
  code: z.string().max(100).nullable().optional(),
  content: z.string().max(1000),
  transferType: z.enum(['in', 'out']),
  transferAmount: z.number().int().min(0).max(MAX_TRANSFER_VND),
  accumulated: z.number().optional(),
  subAccount: z.string().max(40).nullable().optional(),
  referenceCode: z.string().max(100).nullable().optional(),
  description: z.string().max(1000).optional(),
});
export type SepayWebhook = z.input<typeof sepayWebhookRequestSchema>;

export const sepayWebhookEndpoint = defineEndpoint({
  id: 'sepayWebhook',
  method: 'POST',
  path: API_PATHS.sepayWebhook,
  summary:
    "The collection account's transfers (SePay webhook; header Authorization: Apikey SEPAY_WEBHOOK_KEY). Answers {success:true} (no envelope) once recorded; a transfer id posts once however often it arrives.",
  module: 'repayment',
  request: sepayWebhookRequestSchema,
  response: z.object({ success: z.literal(true) }),
  /** SePay checks the body for exactly {"success": true}: no envelope around it. */
  plainResponse: true,
  signed: false,
  session: 'none',
  errors: ['WEBHOOK_KEY_INVALID', 'VALIDATION_FAILED'],
});

// ─── offline repayment (API-FAMILY.md §6.9) ─────────────────────────────────────────────────────

/** A lender's receiving account for bank transfers (bank/repay/list). */
export const companyAccountSchema = z.object({
  bankName: z.string(),
  branchName: z.string(),
  bankAccount: z.string(),
  /** Sen: the holder and the NAPAS BIN. */
  accountName: z.string(),
  bankBin: z.string(),
});

export const bankRepayListEndpoint = defineEndpoint({
  id: 'listCompanyAccounts',
  method: 'POST',
  path: API_PATHS.bankRepayList,
  summary: "The lender's accounts for a repayment by bank transfer (the order number is the transfer content).",
  module: 'repayment',
  request: emptyRequestSchema,
  response: z.array(companyAccountSchema),
  signed: true,
  session: 'required',
  bodyEncoding: 'form',
  errors: ['SESSION_EXPIRED'],
});

export const bankAndWalletEndpoint = defineEndpoint({
  id: 'listPayingAccounts',
  method: 'POST',
  path: API_PATHS.bankAndWallet,
  summary: "The borrower's own accounts to say which one paid (type 1 bank account, 2 e-wallet; numbers masked).",
  module: 'repayment',
  request: emptyRequestSchema,
  response: z.array(z.object({ id: z.number().int(), type: z.number().int(), account: z.string(), name: z.string() })),
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const uploadCertEndpoint = defineEndpoint({
  id: 'uploadRepaymentReceipt',
  method: 'POST',
  path: API_PATHS.uploadCert,
  summary: 'A transfer receipt (file part imagCert) for an order, reviewed by an operator before it counts.',
  module: 'repayment',
  request: z.object({ orderId: wireInt(), repayInfoId: wireOptionalInt(), repayType: wireOptionalInt() }),
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  bodyEncoding: 'multipart',
  fileParts: [{ name: 'imagCert', required: true, description: 'The screenshot or photo of the transfer (JPEG, PNG or WebP).', ...IMAGE_PART }],
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'ORDER_NOT_FOUND', 'ORDER_NOT_REPAYABLE', 'UPLOAD_MISSING', 'UPLOAD_NOT_IMAGE', 'UPLOAD_TOO_LARGE', 'UPLOAD_DAMAGED'],
});

// ─── operators ───────────────────────────────────────────────────────────────────────────────

export const repaymentReceiptSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  amount: money.nullable(),
  /** An owner-independent, short-lived link to the picture for the reviewer. */
  pictureUrl: z.string(),
  outstandingAmount: money,
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
});

/** A transfer the collection account's bank reported (SePay webhook). */
export const bankTransferSchema = z.object({
  id: z.number().int(),
  providerTransactionId: z.string(),
  /** The bank's time as printed ('yyyy-MM-dd HH:mm:ss', Vietnam); our receipt time when the bank's could not be read. */
  transactionDate: z.string(),
  /** What the bank sent as its time when it could not be read (transactionDate is then our receipt time); null when read (decision 127). */
  transactionDateAsSent: z.string().nullable(),
  accountNumber: z.string(),
  content: z.string(),
  transferType: z.enum(['in', 'out']),
  amount: money,
  outcome: z.string(),
  receivedAt: z.string(),
});




// ─── development only (absent in production) ─────────────────────────────────────────────────

export const devPayNowEndpoint = defineEndpoint({
  id: 'devPayNow',
  method: 'POST',
  path: API_PATHS.devPayNow,
  summary: "Development only: sends exactly the webhook the bank would for a repayment request's transfer (all of it, or `amount`).",
  module: 'repayment',
  request: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/), amount: z.number().int().min(1).optional() }),
  response: z.object({ success: z.boolean(), transferId: z.string() }),
  signed: false,
  session: 'none',
  errors: ['NOT_FOUND'],
});

export const devClockEndpoint = defineEndpoint({
  id: 'devClock',
  method: 'POST',
  path: API_PATHS.devClock,
  summary:
    "Development only: moves the server's clock forward by `days` and then to the next `toVietnamHour`:00 Vietnam time (or back to real time with `reset`), then runs the day's loan sweeps.",
  module: 'repayment',
  request: z.object({ days: wireOptionalInt(), toVietnamHour: wireOptionalInt().refine((hour) => hour === undefined || (hour >= 0 && hour <= 23)), reset: wireOptionalBoolean() }),
  response: z.object({ now: z.string(), businessDate: z.string(), offsetDays: z.number().int() }),
  signed: false,
  session: 'none',
  errors: [],
});

export const devRunLoanJobsEndpoint = defineEndpoint({
  id: 'devRunLoanJobs',
  method: 'POST',
  path: API_PATHS.devRunLoanJobs,
  summary: 'Development only: runs the payout job and the daily loan sweeps now.',
  module: 'repayment',
  request: z.object({ only: wireOptionalString({ max: 40 }) }),
  response: z.record(z.string(), z.number()),
  signed: false,
  session: 'none',
  errors: [],
});
