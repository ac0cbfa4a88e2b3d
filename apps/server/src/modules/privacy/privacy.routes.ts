import { adminEndpoints, endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/**
 * The borrower's data rights with deadlines and the breach register (issue 25 item 9; decision
 * 116): the borrower files, lists and gives consents again; operators extend, complete or refuse
 * requests and keep the register, each change with its audit row.
 */
export function registerPrivacyRoutes(app: FastifyInstance, { services: { dataRights, breaches } }: Composition): void {
  registerEndpoint(app, endpoints.dataRightsFile, ({ input, session }) => dataRights.file(session.userId, input));
  registerEndpoint(app, endpoints.dataRightsList, ({ session }) => dataRights.mine(session.userId));
  registerEndpoint(app, endpoints.dataRightsRestoreConsent, ({ input, session }) => dataRights.restore(session.userId, input.consent));

  registerEndpoint(app, adminEndpoints.dataRequests, ({ input }) => dataRights.queue(input.state));
  registerEndpoint(app, adminEndpoints.dataRequestExtend, async ({ input, operator, audit }) => {
    const { before, after } = await dataRights.extend(input.id, input.days, input.reason, operator.operatorId);
    await audit({ targetType: 'data_request', targetId: input.id, before, after: { extendedDue: after.extendedDue, days: input.days }, reason: input.reason });
    return after;
  });
  registerEndpoint(app, adminEndpoints.dataRequestComplete, async ({ input, operator, audit }) => {
    const { before, after } = await dataRights.complete(input.id, input.note, operator.operatorId);
    await audit({ targetType: 'data_request', targetId: input.id, before: { state: before.state }, after: { state: after.state, outcome: after.outcome }, reason: input.note });
    return after;
  });
  registerEndpoint(app, adminEndpoints.dataRequestRefuse, async ({ input, operator, audit }) => {
    const { before, after } = await dataRights.refuse(input.id, input.reason, operator.operatorId);
    await audit({ targetType: 'data_request', targetId: input.id, before: { state: before.state }, after: { state: after.state }, reason: input.reason });
    return after;
  });

  registerEndpoint(app, adminEndpoints.breaches, () => breaches.list());
  registerEndpoint(app, adminEndpoints.breachRecord, async ({ input, operator, audit }) => {
    const breach = await breaches.record(input, operator.operatorId);
    await audit({ targetType: 'breach', targetId: breach.id, after: breach });
    return breach;
  });
  registerEndpoint(app, adminEndpoints.breachNotified, async ({ input, operator, audit }) => {
    const { before, after } = await breaches.markNotified(input.id, input.notifiedAt, input.reference, operator.operatorId);
    await audit({ targetType: 'breach', targetId: input.id, before: { notifiedAt: before.notifiedAt }, after: { notifiedAt: after.notifiedAt, reference: after.notificationReference } });
    return after;
  });
}
