import { adminEndpoints, endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/**
 * Servicing a loan's money (issue 23; decisions 100, 101): the back office proposes refunds and
 * write-offs (four eyes: approval through the proposals endpoints applies them), and a settled
 * order's borrower downloads the confirmation of settlement.
 */
export function registerServicingRoutes(app: FastifyInstance, { services }: Composition): void {
  const { proposals, refunds, settlementCertificates, payouts } = services;

  registerEndpoint(app, adminEndpoints.refundPropose, async ({ input, operator, audit }) => {
    // The whole overpayment the order holds now; the approval checks it again.
    const { amount } = await refunds.check(input.orderId);
    const proposal = await proposals.propose(operator, 'refund.issue', { orderId: input.orderId, amount: Number(amount) }, input.reason);
    await audit({ targetType: 'proposal', targetId: proposal.id, before: proposal.before, after: { kind: proposal.kind, payload: proposal.payload }, reason: input.reason });
    return { proposal };
  });

  registerEndpoint(app, adminEndpoints.writeOffPropose, async ({ input, operator, audit }) => {
    const proposal = await proposals.propose(operator, 'loan.writeOff', { orderId: input.orderId }, input.reason);
    await audit({ targetType: 'proposal', targetId: proposal.id, before: proposal.before, after: { kind: proposal.kind, payload: proposal.payload }, reason: input.reason });
    return { proposal };
  });

  // Payouts (decision 114): a retry moves no money by itself (the job sends the stored attempt), so
  // one operator may; a cancel gives credit back and is a proposal.
  registerEndpoint(app, adminEndpoints.payoutRetry, async ({ input, audit }) => {
    const retried = await payouts.retryNow(input.orderId);
    await audit({ targetType: 'order', targetId: input.orderId, after: retried, reason: input.reason });
    return retried;
  });
  registerEndpoint(app, adminEndpoints.payoutCancelPropose, async ({ input, operator, audit }) => {
    const proposal = await proposals.propose(operator, 'payout.cancel', { orderId: input.orderId }, input.reason);
    await audit({ targetType: 'proposal', targetId: proposal.id, before: proposal.before, after: { kind: proposal.kind, payload: proposal.payload }, reason: input.reason });
    return { proposal };
  });

  registerEndpoint(app, endpoints.settlementCertificate, async ({ input, session, reply }) => {
    const pdf = await settlementCertificates.pdf(session.userId, input.orderId);
    await reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="settlement-${input.orderId}.pdf"`)
      .send(Buffer.from(pdf));
    return null;
  });
}
