import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { LoanService } from './loan.service.ts';

export { LoanService, type LoadedLoan } from './loan.service.ts';
export { OrderRepository, newOrderNo, instalmentRowsOf, type NewOrder } from './order.repository.ts';
export * from './loan-state.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The loan module's public service: pay out, load, accrue and save loans (decision 070). */
    loans: LoanService;
  }
}

/**
 * Loans (issues 11 and 12; docs/decisions/070-orders-and-loans.md): orders from commit to
 * settlement. Uses credit, product, bank, messages and the ledger, so it is registered after them.
 */
export const loanModule = globalPlugin('sen-loan', async (app: FastifyInstance) => {
  const { database } = app.infra;
  const loans = new LoanService(database.uow, app.ledger);
  app.decorate('loans', loans);
  // ── borrowing: quote, agreements, commit, orders, apply again, ticker (issue 11) ──
  // ── payout job and its ledger checks (issue 11) ──
});
