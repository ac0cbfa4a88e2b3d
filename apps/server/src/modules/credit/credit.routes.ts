import { adminEndpoints, endpoints, normalizePhone, type AuthItem } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { AppError } from '../../shared/app-error.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/**
 * Credit (docs/decisions/051): the signed-in home and the loan page built from the credit account
 * and the products; the back office's review queue and credit rules (decision 095); outside
 * production, the development review and certify endpoints.
 */
export function registerCreditRoutes(app: FastifyInstance, { infra, services }: Composition): void {
  const { home, credit, certification, users, devCreditFacts, manualReviews, creditRules, proposals } = services;
  registerEndpoint(app, endpoints.homeIndex, async ({ session, request }) => home.index(session.userId, request.lang));
  registerEndpoint(app, endpoints.loanPage, async ({ session, request, input }) => home.loanPage(session.userId, request.lang, input.amount));

  // ── the back office: credit reviews a person decides, the credit rules (decision 095) ──
  registerEndpoint(app, adminEndpoints.reviews, ({ input }) => manualReviews.list(input.status, input.cursor, input.limit));
  registerEndpoint(app, adminEndpoints.reviewDetail, ({ input }) => manualReviews.detail(input.reviewId));
  // An approval above the suggested limit becomes a credit.limit proposal a second operator
  // approves (decision 110), made in this call's transaction while the case is locked.
  registerEndpoint(app, adminEndpoints.reviewDecide, async ({ input, operator, audit }) => {
    const { before, after, limitProposal } = await manualReviews.decide(operator.operatorId, input);
    if (limitProposal) {
      const proposal = await proposals.propose(operator, 'credit.limit', limitProposal, input.reason);
      await audit({ action: 'proposal.create', targetType: 'proposal', targetId: proposal.id, before, after: { kind: proposal.kind, payload: proposal.payload }, reason: input.reason });
      return { review: after, proposal };
    }
    await audit({ targetType: 'review', targetId: input.reviewId, before, after, reason: input.reason });
    return { review: after, proposal: null };
  });
  registerEndpoint(app, adminEndpoints.reviewAppeal, async ({ input, operator, audit }) => {
    const review = await manualReviews.appeal(operator.operatorId, input.userId, input.reason);
    await audit({ targetType: 'borrower', targetId: input.userId, after: review, reason: input.reason });
    return { review };
  });
  registerEndpoint(app, adminEndpoints.creditRules, async () => {
    const history = await creditRules.history();
    return { current: history[0]!, history };
  });
  registerEndpoint(app, adminEndpoints.creditRulesPropose, async ({ input, operator, audit }) => {
    const proposal = await proposals.propose(operator, 'credit.rules', input.rules, input.reason ?? null);
    await audit({ targetType: 'proposal', targetId: proposal.id, after: proposal, reason: input.reason ?? null });
    return { proposal };
  });

  if (infra.config.nodeEnv === 'production') return;
  registerEndpoint(app, endpoints.devCreditReview, async () => ({ decided: (await credit.runReviews()).decided }));
  registerEndpoint(app, endpoints.devCreditCertify, async ({ input }) => {
    const user = await users.findOrCreate(normalizePhone(input.phone));
    if (input.denyListed) await credit.deny('phone', user.phone, 'development: dev certify');
    devCreditFacts.set(user.id, { birthDate: input.birthDate ?? null, monthlySalaryBand: input.monthlySalaryBand ?? null });
    // The configured items and the supplementary information (WORK), unless told to skip it.
    const items = [...new Set([...(certification.authConfig.split(',') as AuthItem[]), 'WORK' as const])];
    await infra.database.uow.transaction(async () => {
      for (const item of items) {
        if (input.skipWork && item === 'WORK') continue;
        await certification.markItem(user.id, item);
      }
    });
    if (!user.publicId) throw new AppError('NOT_FOUND');
    return { userId: user.publicId };
  });
}
