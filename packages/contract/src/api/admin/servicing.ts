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
