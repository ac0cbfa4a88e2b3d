import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { idSchema, reasonSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';
import { proposalSchema } from './proposals.ts';

/**
 * Servicing a loan's money (issue 23; docs/decisions/100-refunds-write-off-and-recovery.md): a
 * finance operator proposes, another operator approves through the proposals endpoints, and only
 * the approval moves money.
 */

const errors = ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED', 'ORDER_NOT_FOUND', 'PROPOSAL_DUPLICATE'] as const;

export const adminRefundProposeEndpoint = defineEndpoint({
  id: 'adminProposeRefund',
  method: 'POST',
  path: ADMIN_PATHS.refundPropose,
  summary: "Back office: proposes refunding the overpayment an order holds (all of it) to the borrower's default bank account; a `refund.issue` proposal another operator approves.",
  module: 'loan',
  request: z.object({ orderId: idSchema, reason: reasonSchema }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'loans.service',
  audited: 'refund.propose',
  errors: [...errors, 'REFUND_NOTHING_HELD', 'REFUND_IN_PROGRESS', 'REFUND_NO_ACCOUNT'],
});

export const adminWriteOffProposeEndpoint = defineEndpoint({
  id: 'adminProposeWriteOff',
  method: 'POST',
  path: ADMIN_PATHS.writeOffPropose,
  summary: 'Back office: proposes writing off an overdue loan (principal to credit losses, unpaid interest and fees reversed out of income); a `loan.writeOff` proposal another operator approves.',
  module: 'loan',
  request: z.object({ orderId: idSchema, reason: reasonSchema }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'loans.service',
  audited: 'loan.proposeWriteOff',
  errors: [...errors, 'WRITE_OFF_NOT_ALLOWED'],
});

/** What a payout retry answers: the attempt the job takes next. */
export const payoutRetrySchema = z.object({
  orderNo: z.string(),
  /** The attempt's number (a refused transfer is retried under a new attempt and reference). */
  attempt: z.number().int(),
  /** created: sent on the job's next run; pending: the partner is asked about it on the next run. */
  state: z.string(),
});

export const adminPayoutRetryEndpoint = defineEndpoint({
  id: 'adminRetryPayout',
  method: 'POST',
  path: ADMIN_PATHS.payoutRetry,
  summary:
    "Back office: has the payout job take an order's waiting payout on its next run (a refused transfer's next attempt, or one the partner reports pending); moves no money by itself, so one operator may (decision 114).",
  module: 'loan',
  request: z.object({ orderId: idSchema, reason: reasonSchema }),
  response: payoutRetrySchema,
  signed: false,
  session: 'operator',
  permission: 'loans.service',
  audited: 'payout.retry',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED', 'ORDER_NOT_FOUND', 'PAYOUT_NOT_OPEN', 'PAYOUT_IN_FLIGHT'],
});

export const adminPayoutCancelProposeEndpoint = defineEndpoint({
  id: 'adminProposePayoutCancel',
  method: 'POST',
  path: ADMIN_PATHS.payoutCancelPropose,
  summary: "Back office: proposes cancelling an order's payout not yet at the partner (credit limit and quota restored as when the job gives up); a `payout.cancel` proposal another operator approves.",
  module: 'loan',
  request: z.object({ orderId: idSchema, reason: reasonSchema }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'loans.service',
  audited: 'payout.proposeCancel',
  errors: [...errors, 'PAYOUT_NOT_OPEN', 'PAYOUT_IN_FLIGHT'],
});
