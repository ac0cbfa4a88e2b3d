import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import type { MessageKey } from '../messages.ts';
import { hasControlCharacters, numberFromIntegerText, wireInt } from '../wire.ts';
import { API_PATHS } from './paths.ts';

/**
 * Restructuring and hardship (issue 23 item 5; docs/decisions/117-restructuring-and-hardship.md):
 * a borrower in trouble asks for help from the order page; a collector answers with an offer (a
 * new plan, overdue fee or interest waived within the rules) that a second operator approves; the
 * borrower reviews the new schedule with its full cost and APR and accepts it, signing with the
 * SMS code as for a new loan, or declines it.
 */

export const HARDSHIP_REASONS = ['income_loss', 'illness', 'family', 'business', 'other'] as const;
export type HardshipReason = (typeof HARDSHIP_REASONS)[number];

/** What a borrower may say they can pay a month, VND. */
export const HARDSHIP_AMOUNT = { min: 50_000, max: 100_000_000 } as const;
export const HARDSHIP_NOTE_MAX = 500;

const key = (messageKey: MessageKey) => ({ error: messageKey });

/** The monthly amount as typed in the form: digits only, a whole number of VND within the range. */
export const hardshipAmountTextSchema = z
  .string(key('validation.hardship.amountRequired'))
  .trim()
  .min(1, key('validation.hardship.amountRequired'))
  .regex(/^\d{1,12}$/, key('validation.hardship.amountWhole'))
  .refine((text) => Number(text) >= HARDSHIP_AMOUNT.min && Number(text) <= HARDSHIP_AMOUNT.max, key('validation.hardship.amountRange'));

/** The monthly amount on the wire: an integer number of VND within the range. */
export const hardshipAmountSchema = z
  .number(key('validation.hardship.amountRequired'))
  .int(key('validation.hardship.amountWhole'))
  .min(HARDSHIP_AMOUNT.min, key('validation.hardship.amountRange'))
  .max(HARDSHIP_AMOUNT.max, key('validation.hardship.amountRange'));

export const hardshipReasonSchema = z.enum(HARDSHIP_REASONS, key('validation.hardship.reason'));
export const hardshipNoteSchema = z
  .string(key('validation.hardship.note'))
  .max(HARDSHIP_NOTE_MAX, key('validation.hardship.note'))
  .refine((text) => !hasControlCharacters(text), { error: 'validation.controlCharacters' });

const money = z.number().int();
const components = z.object({ principal: money, interest: money, fee: money, overdueFee: money });

/** One instalment of a new plan. */
export const restructuredInstalmentSchema = z.object({
  planPart: z.number().int(),
  /** Vietnam date, yyyy-MM-dd. */
  dueDate: z.string(),
  principal: money,
  /** The period's interest plus its share of the interest carried from the old schedule. */
  interest: money,
  fee: money,
  overdueFee: money,
  total: money,
});

/** A new plan as computed today (domain restructureLoan): what closes, what is waived, the new schedule and its cost. */
export const restructurePlanSchema = z.object({
  /** The day it is computed for (the new schedule's day 0), yyyy-MM-dd. */
  date: z.string(),
  planNums: z.number().int(),
  periodDays: z.number().int(),
  /** What the old schedule's open instalments owe now, by component. */
  closed: components,
  /** What is waived (overdue fee and interest). */
  waived: components,
  /** What moves to the new schedule. */
  carried: components,
  instalments: z.array(restructuredInstalmentSchema),
  /** Interest the new plan charges on the principal, paid on time. */
  newInterest: money,
  /** Everything repaid under the new plan, paid on time. */
  totalRepayable: money,
  /** totalRepayable − principal carried: every đồng of interest and fees the borrower pays under the plan. */
  costOfCredit: money,
  /** The plan's APR, interest and every fee included, in percent (two decimals, rounded up). */
  aprPercent: z.number(),
  firstDueDate: z.string(),
  finalDueDate: z.string(),
});
export type RestructurePlanView = z.infer<typeof restructurePlanSchema>;

export const hardshipRequestSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  reason: z.enum(HARDSHIP_REASONS),
  note: z.string(),
  monthlyAmount: money,
  state: z.enum(['open', 'offered', 'accepted', 'declined', 'closed']),
  createdAt: z.string(),
});
export type HardshipRequestView = z.infer<typeof hardshipRequestSchema>;

/** An approved offer waiting for the borrower: its terms and today's plan. */
export const restructureOfferSchema = z.object({
  id: z.number().int(),
  planNums: z.number().int(),
  periodDays: z.number().int(),
  waiveOverdueFee: money,
  waiveInterest: money,
  /** ISO: after it the offer can no longer be accepted. */
  expiresAt: z.string(),
  /** 'required': accepting needs the SMS code (the loan's product setting, decision 112); the web app always signs with it. */
  signingCode: z.enum(['required', 'optional']),
  plan: restructurePlanSchema,
});
export type RestructureOfferView = z.infer<typeof restructureOfferSchema>;

/** The order page's hardship section. */
export const hardshipViewSchema = z.object({
  orderId: z.number().int(),
  /** The borrower may ask for help now (being repaid, overdue or due within 7 days, no request open, never restructured). */
  canAsk: z.boolean(),
  request: hardshipRequestSchema.nullable(),
  offer: restructureOfferSchema.nullable(),
  /** Once accepted: the day, the end of the watch period (no new loan until after it). */
  restructured: z.object({ on: z.string(), watchUntil: z.string() }).nullable(),
});
export type HardshipView = z.infer<typeof hardshipViewSchema>;

const ORDER_ERRORS = ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'ORDER_NOT_FOUND'] as const;

export const hardshipViewEndpoint = defineEndpoint({
  id: 'getHardship',
  method: 'POST',
  path: API_PATHS.hardship,
  summary: "Sen: an order's hardship section: whether help may be asked for, the request, an approved restructure offer with today's new schedule, full cost and APR, or the restructure accepted.",
  module: 'loan',
  request: z.object({ orderId: wireInt() }),
  response: hardshipViewSchema,
  signed: true,
  session: 'required',
  errors: [...ORDER_ERRORS],
});

export const hardshipRequestEndpoint = defineEndpoint({
  id: 'askForHelp',
  method: 'POST',
  path: API_PATHS.hardshipRequest,
  summary: 'Sen: asks for help with a loan that is overdue or due within 7 days: a reason, a note and what the borrower can pay a month (VND). One open request per loan; it lands on the loan’s collection case.',
  module: 'loan',
  // The amount as a number or its digits, as the borrower endpoints take amounts; the rules are the form's.
  request: z.object({ orderId: wireInt(), reason: hardshipReasonSchema, note: hardshipNoteSchema.default(''), monthlyAmount: z.preprocess(numberFromIntegerText, hardshipAmountSchema) }),
  response: hardshipViewSchema,
  signed: true,
  session: 'required',
  errors: [...ORDER_ERRORS, 'HARDSHIP_NOT_ELIGIBLE', 'HARDSHIP_REQUEST_OPEN'],
});

export const restructureSignCodeEndpoint = defineEndpoint({
  id: 'sendRestructureSigningCode',
  method: 'POST',
  path: API_PATHS.restructureSignCode,
  summary: "Sen: sends by SMS the 4-digit code that signs acceptance of a restructure offer (bound to the borrower and the offer; decision 112's channel, never a login code).",
  module: 'loan',
  request: z.object({ offerId: wireInt() }),
  response: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int(), phoneMasked: z.string() }),
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'ORDER_NOT_FOUND', 'RESTRUCTURE_OFFER_NOT_OPEN', 'OTP_TOO_SOON', 'OTP_SEND_LIMIT', 'SMS_UNAVAILABLE'],
});

export const restructureAcceptEndpoint = defineEndpoint({
  id: 'acceptRestructure',
  method: 'POST',
  path: API_PATHS.restructureAccept,
  summary:
    "Sen: accepts a restructure offer: the old schedule's open instalments close, the waived amounts leave the loan, the new schedule opens (one transaction, balanced postings), a watch period starts. `totalRepayable` is the total the borrower was shown (a different figure today: RESTRUCTURE_OFFER_CHANGED). A repeat answers the first acceptance.",
  module: 'loan',
  request: z.object({ offerId: wireInt(), totalRepayable: wireInt(), signCode: z.string().regex(/^\d{4}$/, { error: 'validation.otp.format' }).optional() }),
  response: hardshipViewSchema,
  signed: true,
  session: 'required',
  errors: [
    'SESSION_EXPIRED',
    'VALIDATION_FAILED',
    'ORDER_NOT_FOUND',
    'RESTRUCTURE_OFFER_NOT_OPEN',
    'RESTRUCTURE_OFFER_CHANGED',
    'RESTRUCTURE_NOT_ALLOWED',
    'SIGNING_CODE_REQUIRED',
    'OTP_INCORRECT',
    'OTP_LOCKED',
    'OTP_EXPIRED',
  ],
});

export const restructureDeclineEndpoint = defineEndpoint({
  id: 'declineRestructure',
  method: 'POST',
  path: API_PATHS.restructureDecline,
  summary: 'Sen: declines a restructure offer; the loan stays as it is, and the borrower may ask for help again.',
  module: 'loan',
  request: z.object({ offerId: wireInt() }),
  response: hardshipViewSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'ORDER_NOT_FOUND', 'RESTRUCTURE_OFFER_NOT_OPEN'],
});
