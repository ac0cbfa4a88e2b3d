import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { cursorSchema, idSchema, operatorRefSchema, pageLimitSchema, reasonSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';

/**
 * Four-eyes (maker-checker; docs/decisions/091-four-eyes-proposals.md): a money- or rule-changing
 * action is a proposal of one operator, applied only when a different operator approves it.
 */

export const PROPOSAL_KINDS = [
  /** Create or change a loan product (payload: the product, as products/propose took it). */
  'product.change',
  /** Count a repayment receipt's amount as paid (payload: receiptId, amount, note). */
  'receipt.match',
  /** Change the credit rules: the manual review band (payload: the rules, as credit/rules/propose took them; decision 095). */
  'credit.rules',
  /** A reviewer's approval with a limit above the suggested one (payload: reviewId, userId, suggestedLimit, limit, reason; decision 110). */
  'credit.limit',
  /** Refund a loan's overpayment to the borrower's default account (payload: orderId, amount; decision 100). */
  'refund.issue',
  /** Write a loan off (payload: orderId; decision 100). */
  'loan.writeOff',
  /** Apply an unidentified transfer to a borrower's loan as their repayment (payload: transferId, orderId, repaymentRequestId; decision 114). */
  'transfer.match',
  /** Send an unidentified transfer back to its sender (payload: transferId; decision 114). */
  'transfer.return',
  /** Record an outgoing bank transfer whose memo did not name it as the return of a transfer approved to go back (payload: transferId, outgoingTransferId; decision 125). */
  'transfer.returned',
  /** Cancel an order's payout not yet at the partner; the credit limit is restored (payload: orderId; decision 114). */
  'payout.cancel',
  /** Record a bank statement's new money in, as the bank's webhook would have (payload: the file's sha256 and name, its new rows; decision 118). */
  'statement.import',
  /** Offer a borrower a restructure of a loan (payload: orderId, planNums, periodDays, waiveOverdueFee, waiveInterest, requestId; decision 117). */
  'loan.restructure',
  /** Replace the collection rules: buckets, dunning steps, approved templates (payload: the whole set, as collections/rules/propose took it; decision 122). */
  'collections.rules',
] as const;
export const proposalKindSchema = z.enum(PROPOSAL_KINDS);
export type ProposalKind = z.infer<typeof proposalKindSchema>;

export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export const proposalStatusSchema = z.enum(PROPOSAL_STATUSES);

export const proposalSchema = z.object({
  id: z.number().int(),
  kind: proposalKindSchema,
  /** What will change, as proposed (its shape is the kind's). */
  payload: z.unknown(),
  /** One line saying what the proposal does, for lists. */
  summary: z.string(),
  /** What it was when proposed (the product before the change; null when new). */
  before: z.unknown().nullable(),
  /** The proposer's reason. */
  reason: z.string().nullable(),
  status: proposalStatusSchema,
  proposedBy: operatorRefSchema,
  proposedAt: z.string(),
  expiresAt: z.string(),
  decidedBy: operatorRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** The checker's reason (required to reject). */
  decisionReason: z.string().nullable(),
  /** What applying it produced (the saved product, the applied receipt), once approved. */
  result: z.unknown().nullable(),
});
export type ProposalView = z.infer<typeof proposalSchema>;

export const adminProposalListEndpoint = defineEndpoint({
  id: 'adminListProposals',
  method: 'GET',
  path: ADMIN_PATHS.proposals,
  summary: 'Back office: proposals, newest first, by status (pending by default) and kind.',
  module: 'operator',
  request: z.object({
    status: proposalStatusSchema.default('pending'),
    kind: proposalKindSchema.optional(),
    cursor: cursorSchema.optional(),
    limit: pageLimitSchema,
  }),
  response: z.object({ items: z.array(proposalSchema), nextCursor: z.string().nullable() }),
  signed: false,
  session: 'operator',
  permission: 'proposals.read',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'],
});

export const adminProposalApproveEndpoint = defineEndpoint({
  id: 'adminApproveProposal',
  method: 'POST',
  path: ADMIN_PATHS.proposalApprove,
  summary: "Back office: approves another operator's pending proposal and applies it, once, in one transaction.",
  module: 'operator',
  request: z.object({ proposalId: idSchema }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'proposals.approve',
  audited: 'proposal.approve',
  // The kind's own refusals too: a product change that no longer fits the cap is refused, not applied.
  errors: [
    'VALIDATION_FAILED',
    'ADMIN_HEADER_MISSING',
    'SESSION_EXPIRED',
    'OPERATOR_PERMISSION_DENIED',
    'PROPOSAL_NOT_FOUND',
    'PROPOSAL_NOT_PENDING',
    'PROPOSAL_OWN',
    'RATE_OVER_CAP',
    'PRODUCT_INVALID',
    'RECEIPT_ALREADY_REVIEWED',
    'REFUND_NOTHING_HELD',
    'REFUND_IN_PROGRESS',
    'REFUND_NO_ACCOUNT',
    'WRITE_OFF_NOT_ALLOWED',
    'REVIEW_NOT_FOUND',
    'REVIEW_ALREADY_DECIDED',
    'REVIEW_LIMIT_INVALID',
    'APPEAL_OWN',
    'ORDER_NOT_FOUND',
    'TRANSFER_NOT_UNIDENTIFIED',
    'PAYOUT_NOT_OPEN',
    'PAYOUT_IN_FLIGHT',
    'STATEMENT_CONFLICT',
    'RESTRUCTURE_NOT_ALLOWED',
    'RESTRUCTURE_OFFER_INVALID',
    'COLLECTION_RULES_INVALID',
    'COLLECTION_RULES_UNCHANGED',
  ],
});

export const adminProposalRejectEndpoint = defineEndpoint({
  id: 'adminRejectProposal',
  method: 'POST',
  path: ADMIN_PATHS.proposalReject,
  summary: 'Back office: rejects a pending proposal with a reason (the proposer may withdraw their own this way).',
  module: 'operator',
  request: z.object({ proposalId: idSchema, reason: reasonSchema }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'proposals.approve',
  audited: 'proposal.reject',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED', 'PROPOSAL_NOT_FOUND', 'PROPOSAL_NOT_PENDING'],
});
