import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { orderNoSchema } from '../loan.ts';
import { idSchema, reasonSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';
import { proposalSchema } from './proposals.ts';

/**
 * Reconciliation (issue 23 item 2; docs/decisions/114-reconciliation-unmatched-transfers.md): money
 * into the collection account that names no repayment waits in suspense in the unmatched queue,
 * with suggested matches; matching it to a loan or returning it is a proposal another operator
 * approves.
 */

const errors = ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'] as const;

/** returned: the bank reported the money sent back (decision 121). */
export const UNIDENTIFIED_STATES = ['open', 'matched', 'to_return', 'returned'] as const;

/** A possible owner of an unidentified transfer: a repayment request that is not fully paid. */
export const transferSuggestionSchema = z.object({
  repaymentRequestId: z.string(),
  /** The first order the request is for (a match applies to all of its orders). */
  orderId: z.number().int(),
  orderNo: z.string(),
  /** The borrower's name as in their personal data. */
  borrowerName: z.string(),
  /** What the request asked for, VND. */
  amount: z.number().int(),
  requestedAt: z.string(),
  /** 0–100: the higher, the likelier (amount 50, name 30, time 20). */
  score: z.number().int(),
  /** Why: 'amountEqual', 'amountClose', 'nameMatch', 'namePartial', 'timeClose'. */
  reasons: z.array(z.enum(['amountEqual', 'amountClose', 'nameMatch', 'namePartial', 'timeClose'])),
});
export type TransferSuggestion = z.infer<typeof transferSuggestionSchema>;

/**
 * An outgoing bank transfer that may be the return of a transfer approved to go back, when its memo
 * did not name it (decision 125): money out of the same amount, after the transfer came in, naming
 * no loan and returning no other transfer.
 */
export const returnCandidateSchema = z.object({
  transferId: z.number().int(),
  providerTransactionId: z.string(),
  /** The bank's time, as it printed it (Vietnam time). */
  transactionDate: z.string(),
  content: z.string(),
  amount: z.number().int(),
});
export type ReturnCandidate = z.infer<typeof returnCandidateSchema>;

export const unidentifiedTransferSchema = z.object({
  transferId: z.number().int(),
  providerTransactionId: z.string(),
  /** The bank's time, as it printed it (Vietnam time); our receipt time when the bank's could not be read. */
  transactionDate: z.string(),
  /** What the bank sent as its time when it could not be read (transactionDate is then our receipt time); null when read (decision 127). */
  transactionDateAsSent: z.string().nullable(),
  content: z.string(),
  amount: z.number().int(),
  state: z.enum(UNIDENTIFIED_STATES),
  /** The order it was matched to. */
  orderNo: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The memo to send it back with (to return, or returned): the statement's outgoing row is matched by it and the amount (decision 121). */
  returnMemo: z.string().nullable(),
  /** When the bank sent it back. */
  returnedAt: z.string().nullable(),
  /** Best first; only for open transfers. */
  suggestions: z.array(transferSuggestionSchema),
  /** Outgoing transfers that may have carried it back, oldest first; only for transfers to return (decision 125). */
  returnCandidates: z.array(returnCandidateSchema),
});
export type UnidentifiedTransferView = z.infer<typeof unidentifiedTransferSchema>;

export const adminUnidentifiedTransfersEndpoint = defineEndpoint({
  id: 'adminListUnidentifiedTransfers',
  method: 'GET',
  path: ADMIN_PATHS.unidentifiedTransfers,
  summary: 'Back office: the unmatched queue: transfers into the collection account that named no repayment (open by default, oldest first), each open one with suggested matches.',
  module: 'repayment',
  request: z.object({ state: z.enum([...UNIDENTIFIED_STATES, 'all']).default('open') }),
  response: z.array(unidentifiedTransferSchema),
  signed: false,
  session: 'operator',
  permission: 'receipts.review',
  errors: [...errors],
});

export const adminUnidentifiedMatchEndpoint = defineEndpoint({
  id: 'adminProposeTransferMatch',
  method: 'POST',
  path: ADMIN_PATHS.unidentifiedMatch,
  summary:
    "Back office: proposes applying an unidentified transfer to an order (and, when chosen from a suggestion, its repayment request) as the borrower's repayment; a `transfer.match` proposal another operator approves.",
  module: 'repayment',
  request: z.object({
    transferId: idSchema,
    orderNo: orderNoSchema(),
    /** The suggested repayment request, when the match is one (it is then marked paid as a direct transfer would). */
    repaymentRequestId: z.string().uuid().optional(),
    reason: reasonSchema,
  }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'receipts.review',
  audited: 'transfer.proposeMatch',
  errors: [...errors, 'ORDER_NOT_FOUND', 'TRANSFER_NOT_UNIDENTIFIED', 'PROPOSAL_DUPLICATE'],
});

export const adminUnidentifiedReturnEndpoint = defineEndpoint({
  id: 'adminProposeTransferReturn',
  method: 'POST',
  path: ADMIN_PATHS.unidentifiedReturn,
  summary: 'Back office: proposes returning an unidentified transfer to its sender; a `transfer.return` proposal another operator approves (decision 114: recorded as to return; the money stays in suspense until it leaves).',
  module: 'repayment',
  request: z.object({ transferId: idSchema, reason: reasonSchema }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'receipts.review',
  audited: 'transfer.proposeReturn',
  errors: [...errors, 'TRANSFER_NOT_UNIDENTIFIED', 'PROPOSAL_DUPLICATE'],
});

export const adminUnidentifiedReturnedEndpoint = defineEndpoint({
  id: 'adminProposeTransferReturned',
  method: 'POST',
  path: ADMIN_PATHS.unidentifiedReturned,
  summary:
    "Back office: proposes recording an outgoing bank transfer whose memo did not name it as the return of a transfer approved to go back; a `transfer.returned` proposal another operator approves, which takes the money out of suspense as a return the memo named would (decision 125).",
  module: 'repayment',
  request: z.object({ transferId: idSchema, outgoingTransferId: idSchema, reason: reasonSchema }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'receipts.review',
  audited: 'transfer.proposeReturned',
  errors: [...errors, 'TRANSFER_NOT_TO_RETURN', 'RETURN_TRANSFER_INVALID', 'PROPOSAL_DUPLICATE'],
});
