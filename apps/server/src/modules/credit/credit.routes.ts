import { endpoints, normalizePhone, type AuthItem } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { AppError } from '../../shared/app-error.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/**
 * Credit (docs/decisions/051): the signed-in home and the loan page built from the credit account
 * and the products; outside production, the development review and certify endpoints.
 */
export function registerCreditRoutes(app: FastifyInstance, { infra, services }: Composition): void {
  const { home, credit, certification, users, devCreditFacts } = services;
  registerEndpoint(app, endpoints.homeIndex, async ({ session, request }) => home.index(session.userId, request.lang));
  registerEndpoint(app, endpoints.loanPage, async ({ session, request }) => home.loanPage(session.userId, request.lang));

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
