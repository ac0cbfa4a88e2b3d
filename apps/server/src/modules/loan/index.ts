import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { LoanService } from './loan.service.ts';
import { ORDER_LEDGER_CHECKS } from './order-ledger-checks.ts';
import { PayoutService } from './payout.service.ts';

export { LoanService, type LoadedLoan } from './loan.service.ts';
export { OrderRepository, newOrderNo, instalmentRowsOf, type NewOrder } from './order.repository.ts';
export * from './loan-state.ts';
export { PayoutService, type PayoutRun } from './payout.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The loan module's public service: pay out, load, accrue and save loans (decision 070). */
    loans: LoanService;
    /** The payout job: sends, reconciles and records payouts (decisions 057, 073). */
    payouts: PayoutService;
  }
}

/**
 * Loans (issues 11 and 12; docs/decisions/070-orders-and-loans.md): orders from commit to
 * settlement. Uses credit, product, bank, messages and the ledger, so it is registered after them.
 */
export const loanModule = globalPlugin('sen-loan', async (app: FastifyInstance) => {
  const { database, config, clock, businessClock, payout } = app.infra;
  const loans = new LoanService(database.uow, app.ledger);
  app.decorate('loans', loans);
  // ── borrowing: quote, agreements, commit, orders, apply again, ticker (issue 11) ──
  // ── payout job and its ledger checks (issue 11) ──
  const payouts = new PayoutService({
    uow: database.uow,
    loans,
    provider: payout,
    credit: app.credit,
    product: app.product,
    bank: app.bank,
    messages: app.messages,
    clock,
    businessClock,
    maxAttempts: config.payout.maxAttempts,
    retryMs: config.payout.retrySeconds * 1000,
    log: app.log,
  });
  app.decorate('payouts', payouts);
  for (const check of ORDER_LEDGER_CHECKS) app.ledger.addCheck(check);
  // 'Payment failed' on the home until the borrower changes the account the payout failed for.
  app.credit.extendHome(async (userId) => ({ bankErrorFlag: await payouts.bankError(userId) }));
});
