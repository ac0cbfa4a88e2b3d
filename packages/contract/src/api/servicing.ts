import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { wireInt } from '../wire.ts';
import { API_PATHS } from './paths.ts';

/**
 * What servicing shows the borrower (issue 23; decisions 100, 101): the refunds of an order's
 * overpayment, a written-off order's state, and the confirmation of settlement of a settled one.
 */

/** One refund of an order's overpayment, as the order page shows it. */
export const orderRefundSchema = z.object({
  /** VND. */
  amount: z.number().int(),
  /** processing: being sent to the bank; succeeded: sent; failed: the bank refused it (the money is still held). */
  state: z.enum(['processing', 'succeeded', 'failed']),
  /** When it was approved (ISO). */
  createdAt: z.string(),
  /** When it reached its final state (ISO), else null. */
  completedAt: z.string().nullable(),
  /** The account it goes to, masked. */
  maskedAccount: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** A written-off order: when, how much left the receivables, how much was recovered since. */
export const orderWriteOffSchema = z.object({
  /** Vietnam business date, yyyy-MM-dd. */
  on: z.string(),
  amount: z.number().int(),
  recovered: z.number().int(),
});

export const settlementCertificateEndpoint = defineEndpoint({
  id: 'getSettlementCertificate',
  method: 'POST',
  path: API_PATHS.settlementCertificate,
  summary:
    "Sen: a settled order's confirmation of settlement as a PDF in Vietnamese and English (lender, borrower name and masked ID, order number, principal, total paid, settlement date in Vietnam time). Another borrower's order answers not found; an unsettled one, ORDER_NOT_SETTLED.",
  module: 'loan',
  request: z.object({ orderId: wireInt() }),
  response: z.null(),
  binaryResponse: 'application/pdf',
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'VALIDATION_FAILED', 'ORDER_NOT_FOUND', 'ORDER_NOT_SETTLED'],
});
