/**
 * Paying a loan out to the borrower's bank account (issue 11; docs/decisions/057-payout-idempotency.md).
 *
 * Every transfer carries our unique `reference`. A provider must treat it as the idempotency key
 * of the transfer: submitting the same reference again never sends money twice, it answers the
 * transfer made the first time. And it must answer the status of a reference at any time, so that
 * after a crash (or a timeout, when we cannot know whether the partner received the request) the
 * payout job reconciles by asking instead of guessing.
 */
export interface PayoutRequest {
  /** Ours, unique per transfer attempt (letters, digits, '-' and '_', at most 40). */
  reference: string;
  /** Whole đồng, positive. */
  amount: bigint;
  /** NAPAS BIN of the receiving bank (6 digits). */
  bankBin: string;
  accountNumber: string;
  /** The account holder's name as the bank has it (upper case, no diacritics). */
  accountName: string;
  /** The transfer content the borrower sees on their statement. */
  description: string;
}

export type PayoutState = 'pending' | 'succeeded' | 'failed';

/**
 * Why a payout failed. ACCOUNT_INVALID (the account does not exist, is closed or the name does
 * not match) is the borrower's to fix: 'Payment failed' and 'Modify bank card'. The others are
 * ours or the bank's: the attempt may be retried with a new reference.
 */
export type PayoutFailureCode = 'ACCOUNT_INVALID' | 'BANK_REJECTED' | 'INSUFFICIENT_FUNDS' | 'EXPIRED';

export interface PayoutResult {
  reference: string;
  state: PayoutState;
  amount: bigint;
  /** The partner's id of the transfer, once it has one. */
  partnerTransactionId: string | null;
  failureCode: PayoutFailureCode | null;
  failureReason: string | null;
  /** When the transfer reached its final state. */
  completedAt: Date | null;
}

export interface PayoutProvider {
  readonly name: string;
  /**
   * Asks for the transfer. Idempotent by `reference`: a repeat answers the first transfer's
   * current state. The same reference with a different amount or account is refused
   * (PayoutReferenceConflictError). Throws PayoutUnavailableError when the outcome is unknown
   * (network failure, timeout, an answer that does not verify): then ask `status`.
   */
  submit(request: PayoutRequest): Promise<PayoutResult>;
  /**
   * The transfer made under `reference`, or null when the partner never received one (then it
   * is safe to submit it). Throws PayoutUnavailableError when the partner cannot be asked.
   */
  status(reference: string): Promise<PayoutResult | null>;
}

/** The outcome of a call is unknown: the transfer may or may not exist. Reconcile with status(). */
export class PayoutUnavailableError extends Error {
  override name = 'PayoutUnavailableError';
}

/** The reference was used before for a different transfer: a bug on our side, never retried as is. */
export class PayoutReferenceConflictError extends Error {
  override name = 'PayoutReferenceConflictError';
}

/** The partner refused our request as malformed or unauthorised (configuration or a bug). */
export class PayoutRequestError extends Error {
  override name = 'PayoutRequestError';
}

const REFERENCE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * The reference of payout attempt `attempt` (1, 2, …) of an order: 'PO<orderNo>-<attempt>'. A new
 * attempt (new reference) only after the previous one failed for good (decision 057).
 */
export function payoutReference(orderNo: string, attempt: number): string {
  const reference = `PO${orderNo}-${attempt}`;
  if (!Number.isSafeInteger(attempt) || attempt < 1 || !REFERENCE.test(reference)) throw new PayoutRequestError(`No payout reference for order ${orderNo}, attempt ${attempt}`);
  return reference;
}

/** Throws unless a request is well formed (both providers check the same way). */
export function checkPayoutRequest(request: PayoutRequest): void {
  if (!REFERENCE.test(request.reference)) throw new PayoutRequestError(`Bad payout reference: ${request.reference}`);
  if (request.amount <= 0n) throw new PayoutRequestError('A payout amount must be positive');
  if (!/^\d{6}$/.test(request.bankBin)) throw new PayoutRequestError('A bank BIN has 6 digits');
  if (!/^[0-9A-Za-z]{4,19}$/.test(request.accountNumber)) throw new PayoutRequestError('Bad account number');
  if (request.accountName.trim() === '' || request.description.trim() === '') throw new PayoutRequestError('Account name and description are required');
}

/** Whether two requests are the same transfer (what a repeated reference must match). */
export function sameTransfer(a: Pick<PayoutRequest, 'amount' | 'bankBin' | 'accountNumber'>, b: Pick<PayoutRequest, 'amount' | 'bankBin' | 'accountNumber'>): boolean {
  return a.amount === b.amount && a.bankBin === b.bankBin && a.accountNumber === b.accountNumber;
}
