import type { MessageKey } from '../messages.ts';

/**
 * Order status codes as the API family has them (API-FAMILY.md §10: `orderStatus` on products,
 * `status` on OrderBean) and the label SPEC.md §4 gives each. The server derives the code from the
 * loan's real state (docs/decisions/070-orders-and-loans.md); clients only read it.
 */
export const ORDER_STATUS = {
  /** Committed; the payout job has not taken it yet. */
  PENDING: 10,
  /** The payout job took it: the transfer is prepared, not yet sent to the partner. */
  PROCESSING: 11,
  /** Refused before payout (the borrower's credit was no longer approved). */
  REJECTED: 14,
  /** Could not be paid out for reasons not the borrower's, after every retry; the limit is restored. */
  INVALID: 22,
  /** Closed by an operator before payout. */
  CLOSED: 23,
  /** The transfer is with the payment partner. */
  PAYING: 24,
  /** The payout failed for the borrower's account (ACCOUNT_INVALID): 'Payment failed', 'Modify bank card'. */
  PAYOUT_FAILED: 25,
  /** Paid out; being repaid. */
  PENDING_REPAYMENT: 30,
  /** A repayment receipt is being reviewed by an operator. */
  REPAYMENT_PROCESSING: 31,
  /** An instalment is past its due date and unpaid. */
  OVERDUE: 34,
  /**
   * The family's BAD_DEBTS: Sen sends it for a loan written off with something still to recover
   * (decisions 100, 111). The family's clients know it ('overdue', with the repay button); Sen's
   * own apps tell a write-off by the order's `writeOff` and label it 'order.status.writtenOff'.
   */
  BAD_DEBTS: 35,
  /** Repaid in full (also a written-off loan whose written-off amount was all recovered: nothing is left to pay). */
  SETTLED: 40,
} as const;
export type OrderStatusCode = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Codes on which the family's clients show the repay button (API-FAMILY.md §6.5). */
export const REPAYABLE_ORDER_STATUSES: readonly number[] = [30, 31, 32, 33, 34, 35];
/** Codes for which batch repayment is offered (showMultipleRepaySign, API-FAMILY.md §4.3). */
export const BATCH_REPAYABLE_ORDER_STATUSES: readonly number[] = [30, 32, 33, 34];

/** The label family of every code of the family (SPEC.md §4's twelve labels). */
export type OrderStatusLabel =
  | 'pending'
  | 'processing'
  | 'rejected'
  | 'pendingCash'
  | 'invalid'
  | 'closed'
  | 'failed'
  | 'pendingRepayment'
  | 'repaymentProcessing'
  | 'overdue'
  | 'settled'
  | 'completed'
  | 'writtenOff';

/** Which label a family code shows (codes of the family we never send are labelled as the family does). */
export function orderStatusLabel(code: number): OrderStatusLabel {
  if (code === 10) return 'pending';
  if ([11, 12, 13, 16, 17, 18, 20].includes(code)) return 'processing';
  if (code === 14 || code === 15) return 'rejected';
  if (code === 21 || code === 24) return 'pendingCash';
  if (code === 22) return 'invalid';
  if (code === 23) return 'closed';
  if (code === 25) return 'failed';
  if (code === 31) return 'repaymentProcessing';
  if (code === 34 || code === 35) return 'overdue';
  if (code === 40) return 'settled';
  if (code >= 41 && code <= 43) return 'completed';
  return 'pendingRepayment';
}

/**
 * The message key of an order's label ('order.status.overdue', …), in messages.ts: its code's, or
 * 'order.status.writtenOff' for a written-off order whatever code the family is sent (decision 111).
 */
export function orderStatusMessageKey(code: number, writtenOff = false): MessageKey {
  return `order.status.${writtenOff ? 'writtenOff' : orderStatusLabel(code)}` as MessageKey;
}

/**
 * Instalment `planStatus` (API-FAMILY.md §10): 30 pending, 31 processing, 34 overdue, 35 bad debt
 * (an instalment of a written-off loan with something of it still to recover; decision 111),
 * 40 settled.
 */
export const PLAN_STATUS = { PENDING: 30, PROCESSING: 31, OVERDUE: 34, BAD_DEBTS: 35, SETTLED: 40 } as const;
