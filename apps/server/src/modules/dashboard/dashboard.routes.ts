import { adminEndpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** The back office's dashboard (decision 096): the daily aggregates and today live. */
export function registerDashboardRoutes(app: FastifyInstance, { services: { dashboard } }: Composition): void {
  registerEndpoint(app, adminEndpoints.dashboard, ({ input }) => dashboard.report(input.from, input.to));
}
