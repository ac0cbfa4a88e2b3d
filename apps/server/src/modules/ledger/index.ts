import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { requireOperator } from '../../shared/operator-guard.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { LedgerService } from './ledger.service.ts';

export { LedgerService, PostingConflictError, type LoanBalances, type PostResult } from './ledger.service.ts';
export type { LedgerCheck, LedgerCheckReport, LedgerViolation } from './ledger-checks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ledger module's public service: post money events, read balances, run the check. */
    ledger: LedgerService;
  }
}

/** The double-entry ledger (docs/decisions/055-ledger.md) and its operator check. */
export const ledgerModule = globalPlugin('sen-ledger', async (app: FastifyInstance) => {
  const { database, clock, config } = app.infra;
  const ledger = new LedgerService(database.uow, clock);
  app.decorate('ledger', ledger);

  registerEndpoint(app, endpoints.ledgerCheck, async ({ request }) => {
    requireOperator(request, config.operatorToken);
    const report = await ledger.check();
    if (!report.ok) request.log.error({ violations: report.violations.slice(0, 20) }, 'ledger check failed');
    return report;
  });
});
