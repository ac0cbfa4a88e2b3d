import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { operatorFeedbackItemSchema, operatorFeedbackRequestSchema } from '../account.ts';
import { emptyRequestSchema } from '../common.ts';
import { ledgerCheckReportSchema } from '../ledger.ts';
import { bankTransferSchema, repaymentReceiptSchema } from '../repayment.ts';
import { funnelRequestSchema, funnelResponseSchema } from '../tracking.ts';
import { plainText } from '../../wire.ts';
import { idSchema } from './common.ts';
import { proposalSchema } from './proposals.ts';
import { ADMIN_PATHS } from './paths.ts';

/** What the shared OPERATOR_TOKEN used to guard under /api/operator/*, now per permission. */

const readErrors = ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'] as const;

export const adminLedgerCheckEndpoint = defineEndpoint({
  id: 'adminLedgerCheck',
  method: 'GET',
  path: ADMIN_PATHS.ledgerCheck,
  summary: 'Back office: verifies the ledger (every entry balances, balances on their allowed side, no loan paid out twice, …) and answers the totals.',
  module: 'ledger',
  request: emptyRequestSchema,
  response: ledgerCheckReportSchema,
  signed: false,
  session: 'operator',
  permission: 'ledger.read',
  errors: [...readErrors],
});

export const adminFunnelEndpoint = defineEndpoint({
  id: 'adminConversionFunnel',
  method: 'GET',
  path: ADMIN_PATHS.funnel,
  summary: 'Back office: the conversion funnel between two Vietnam calendar days (decision 067).',
  module: 'tracking',
  request: funnelRequestSchema,
  response: funnelResponseSchema,
  signed: false,
  session: 'operator',
  permission: 'dashboards.read',
  errors: [...readErrors],
});

export const adminFeedbackEndpoint = defineEndpoint({
  id: 'adminListFeedback',
  method: 'GET',
  path: ADMIN_PATHS.feedback,
  summary: "Back office: borrowers' feedback, newest first (`before` an id to page back).",
  module: 'feedback',
  request: operatorFeedbackRequestSchema,
  response: z.array(operatorFeedbackItemSchema),
  signed: false,
  session: 'operator',
  permission: 'borrowers.read',
  errors: [...readErrors],
});

export const adminReceiptListEndpoint = defineEndpoint({
  id: 'adminListRepaymentReceipts',
  method: 'GET',
  path: ADMIN_PATHS.receipts,
  summary: 'Back office: repayment receipts waiting for review (state=pending, default) or all.',
  module: 'repayment',
  request: z.object({ state: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending') }),
  response: z.array(repaymentReceiptSchema),
  signed: false,
  session: 'operator',
  permission: 'receipts.review',
  errors: [...readErrors],
});

export const adminReceiptReviewEndpoint = defineEndpoint({
  id: 'adminReviewRepaymentReceipt',
  method: 'POST',
  path: ADMIN_PATHS.receiptReview,
  summary:
    "Back office: a receipt's match (the amount the bank statement shows) becomes a `receipt.match` proposal another operator approves; a rejection (no money moves) applies at once.",
  module: 'repayment',
  request: z.discriminatedUnion(
    'approve',
    [
      z.object({
        approve: z.literal(true),
        id: idSchema,
        /** The amount received, in VND. */
        amount: z.number({ error: 'validation.receipt.amountRequired' }).int().min(1).max(10_000_000_000),
        note: z.string().trim().max(500).optional(),
      }),
      z.object({ approve: z.literal(false), id: idSchema, note: plainText(500).trim().min(1, { error: 'validation.receipt.noteRequired' }) }),
    ],
    { error: 'validation.required' },
  ),
  response: z.object({
    receipt: repaymentReceiptSchema,
    /** The `receipt.match` proposal when approving (the receipt stays pending until it is approved); null for a rejection. */
    proposal: proposalSchema.nullable(),
  }),
  signed: false,
  session: 'operator',
  permission: 'receipts.review',
  audited: 'receipt.review',
  errors: [...readErrors, 'NOT_FOUND', 'RECEIPT_ALREADY_REVIEWED', 'PROPOSAL_DUPLICATE'],
});

export const adminTransfersEndpoint = defineEndpoint({
  id: 'adminListBankTransfers',
  method: 'GET',
  path: ADMIN_PATHS.transfers,
  summary: 'Back office: bank transfers the collection account reported, by outcome (unmatched by default: money no repayment named).',
  module: 'repayment',
  request: z.object({ outcome: z.enum(['matched', 'unmatched', 'outgoing', 'foreign_account', 'all']).default('unmatched') }),
  response: z.array(bankTransferSchema),
  signed: false,
  session: 'operator',
  permission: 'ledger.read',
  errors: [...readErrors],
});
