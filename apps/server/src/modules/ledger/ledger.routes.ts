import { adminEndpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** The double-entry ledger's check for operators (docs/decisions/055-ledger.md; permission ledger.read). */
export function registerLedgerRoutes(app: FastifyInstance, { services: { ledger } }: Composition): void {
  registerEndpoint(app, adminEndpoints.ledgerCheck, async ({ request }) => {
    const report = await ledger.check();
    if (!report.ok) request.log.error({ violations: report.violations.slice(0, 20) }, 'ledger check failed');
    return report;
  });
}
