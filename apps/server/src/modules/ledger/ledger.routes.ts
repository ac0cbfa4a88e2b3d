import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { requireOperator } from '../../shared/operator-guard.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** The double-entry ledger's operator check (docs/decisions/055-ledger.md). */
export function registerLedgerRoutes(app: FastifyInstance, { infra: { config }, services: { ledger } }: Composition): void {
  registerEndpoint(app, endpoints.ledgerCheck, async ({ request }) => {
    requireOperator(request, config.operatorToken);
    const report = await ledger.check();
    if (!report.ok) request.log.error({ violations: report.violations.slice(0, 20) }, 'ledger check failed');
    return report;
  });
}
