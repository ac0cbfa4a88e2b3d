import { AUTH_STATE, endpoints, normalizePhone, type AuthItem } from '@sen/contract';
import { defaultCreditPolicy } from '@sen/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import type { CreditFacts } from '../certification/index.ts';
import { CreditRepository } from './credit.repository.ts';
import { CreditService } from './credit.service.ts';
import { HomeService } from './home.service.ts';

export type { CreditDecisionEvent, CreditDecisionListener, CreditService } from './credit.service.ts';
export type { HomeExtension, HomeExtensionSource, HomeService } from './home.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The credit module's public service: review, decisions, reserve/release, onDecision. */
    credit: CreditService;
    /** The signed-in home and its product cards (index/v3, index/loan/page; the loan module quotes from it). */
    home: HomeService;
  }
}

/**
 * Credit (docs/decisions/051): the pre-audit review started when certification completes, decided
 * by the review job; the home endpoints built from the credit account and the products.
 */
export const creditModule = globalPlugin('sen-credit', async (app: FastifyInstance) => {
  // The loans' business clock (movable in development, decision 074): review, quota and product dates.
  const { config, database, businessClock: clock } = app.infra;
  const policy = defaultCreditPolicy({
    minAge: config.credit.minAge,
    maxAge: config.credit.maxAge,
    maxLimitVnd: config.credit.maxLimitVnd,
    personalInfoBoostVnd: config.credit.personalInfoBoostVnd,
    retryAfterDays: config.credit.retryAfterDays,
    calmDays: config.credit.calmDays,
  });
  const development = config.nodeEnv !== 'production';
  /**
   * Development only (the dev certify endpoint): personal facts that certification cannot give on
   * this branch yet. They fill only what certification leaves null, and never exist in production.
   */
  const devFacts = new Map<string, Partial<CreditFacts>>();
  const facts = async (userId: string): Promise<CreditFacts> => {
    const known = await app.certification.creditFacts(userId);
    const extra = development ? devFacts.get(userId) : undefined;
    if (!extra) return known;
    return {
      ...known,
      birthDate: known.birthDate ?? extra.birthDate ?? null,
      monthlySalaryBand: known.monthlySalaryBand ?? extra.monthlySalaryBand ?? null,
    };
  };
  const credit = new CreditService(new CreditRepository(database.uow), database.uow, clock, facts, policy);
  const home = new HomeService(credit, app.product, app.certification, clock, config.support);
  app.decorate('credit', credit);
  app.decorate('home', home);

  // The bank module (registered before this one) gives the home its default receiving account.
  // bankErrorFlag comes from the loan module's payouts (its own home extension); always sent.
  credit.extendHome(async (userId) => {
    const account = await app.bank.defaultAccount(userId);
    return { receivingAccount: account ? { kind: account.kind, id: account.id, maskedNumber: account.maskedNumber } : null };
  });

  // Every decision messages the borrower, in the decision's transaction (one message per review).
  credit.onDecision(async (event) => {
    await app.messages.notifyCreditDecision(event);
  });

  // A product flagged new becomes visible (decision 050): every approved borrower, who sees it on
  // the home, gets the newProducts message once per activation, in the activation's transaction,
  // one insert per page of borrowers.
  app.product.onActivated(async ({ eventKey }) => {
    for await (const userIds of credit.approvedBorrowers()) await app.messages.notifyMany(userIds, 'newProducts', { count: 1 }, { eventKey });
  });

  // A review starts in the transaction of the step that completes certification.
  app.certification.onItemChanged(async ({ userId, item, state, hasAuth }) => {
    if (hasAuth && (await credit.requestReview(userId))) {
      const reviewId = (await credit.account(userId))?.reviewId;
      if (reviewId) await app.messages.notifyCreditReviewStarted(userId, reviewId);
    }
    // The supplementary information done after approval earns the personal-information boost.
    if (item === policy.boostItem && state === AUTH_STATE.DONE) await credit.applyBoost(userId);
  });

  registerEndpoint(app, endpoints.homeIndex, async ({ session, request }) => home.index(session.userId, request.lang));
  registerEndpoint(app, endpoints.loanPage, async ({ session, request }) => home.loanPage(session.userId, request.lang));

  if (development) {
    registerEndpoint(app, endpoints.devCreditReview, async () => ({ decided: (await credit.runReviews()).decided }));
    registerEndpoint(app, endpoints.devCreditCertify, async ({ input }) => {
      const user = await app.users.findOrCreate(normalizePhone(input.phone));
      if (input.denyListed) await credit.deny('phone', user.phone, 'development: dev certify');
      devFacts.set(user.id, { birthDate: input.birthDate ?? null, monthlySalaryBand: input.monthlySalaryBand ?? null });
      // The configured items and the supplementary information (WORK), unless told to skip it.
      const items = [...new Set([...(app.certification.authConfig.split(',') as AuthItem[]), 'WORK' as const])];
      await database.uow.transaction(async () => {
        for (const item of items) {
          if (input.skipWork && item === 'WORK') continue;
          await app.certification.markItem(user.id, item);
        }
      });
      if (!user.publicId) throw new AppError('NOT_FOUND');
      return { userId: user.publicId };
    });
  }
});
