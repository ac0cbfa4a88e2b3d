import { adminEndpoints, endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { deviceIdOf, headerValue } from '../../shared/headers.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/**
 * Servicing a loan's money (issue 23; decisions 100, 101): the back office proposes refunds and
 * write-offs (four eyes: approval through the proposals endpoints applies them), and a settled
 * order's borrower downloads the confirmation of settlement.
 */
export function registerServicingRoutes(app: FastifyInstance, { services }: Composition): void {
  const { proposals, refunds, settlementCertificates, payouts, restructures, borrowing } = services;

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

  // Restructuring and hardship (decision 117): the collector's preview and proposal (four eyes), the requests for help.
  registerEndpoint(app, adminEndpoints.restructurePreview, async ({ input }) => restructures.preview(input));
  registerEndpoint(app, adminEndpoints.restructurePropose, async ({ input, operator, audit }) => {
    const { reason, ...terms } = input;
    const request = await restructures.requestOf(terms.orderId);
    const proposal = await proposals.propose(operator, 'loan.restructure', { ...terms, requestId: request?.id ?? null }, reason);
    await audit({ targetType: 'proposal', targetId: proposal.id, before: proposal.before, after: { kind: proposal.kind, payload: proposal.payload }, reason });
    return { proposal };
  });
  registerEndpoint(app, adminEndpoints.hardshipRequests, async ({ input }) => ({ items: await restructures.requests(input.state) }));

  // The borrower's side: ask for help, review the offer, accept it (signing with the SMS code) or decline.
  registerEndpoint(app, endpoints.hardship, async ({ session, input }) => restructures.view(session.userId, input.orderId));
  registerEndpoint(app, endpoints.hardshipRequest, async ({ session, input }) => restructures.ask(session.userId, input));
  registerEndpoint(app, endpoints.restructureSignCode, async ({ session, input, request }) => {
    const user = await borrowing.identity(session.userId, session.user);
    return restructures.sendCode({ userId: session.userId, phone: user.phone, ip: request.ip, deviceId: deviceIdOf(request) ?? null }, input.offerId);
  });
  registerEndpoint(app, endpoints.restructureAccept, async ({ session, input, request }) => {
    const user = await borrowing.identity(session.userId, session.user);
    return restructures.accept(
      { userId: session.userId, phone: user.phone, ip: request.ip, deviceId: deviceIdOf(request) ?? '', userAgent: headerValue(request, 'user-agent') ?? '' },
      input,
    );
  });
  registerEndpoint(app, endpoints.restructureDecline, async ({ session, input }) => restructures.decline(session.userId, input.offerId));

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
