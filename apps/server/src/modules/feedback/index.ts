import { endpoints } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { headerValue } from '../../shared/headers.ts';
import { requireOperator } from '../../shared/operator-guard.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { FeedbackRepository } from './feedback.repository.ts';
import { FeedbackService } from './feedback.service.ts';

/** The family's native clients say who they are in User-Agent (API-FAMILY.md §1.2); our web app is a browser. */
function sourceOf(request: FastifyRequest): 'web' | 'family' {
  const agent = headerValue(request, 'user-agent')?.toLowerCase();
  return agent === 'android' || agent === 'ios' ? 'family' : 'web';
}

/** Borrowers' feedback (score/review): stored, listed to its author and to operators. */
export const feedbackModule = globalPlugin('sen-feedback', async (app: FastifyInstance) => {
  const { database, clock, config } = app.infra;
  const feedback = new FeedbackService(new FeedbackRepository(database.uow), clock);

  registerEndpoint(app, endpoints.scoreReview, async ({ input, request, session }) => feedback.submit(session.userId, input.content, sourceOf(request)));
  registerEndpoint(app, endpoints.feedbackList, async ({ session }) => feedback.own(session.userId));
  registerEndpoint(app, endpoints.operatorFeedbackList, async ({ input, request }) => {
    requireOperator(request, config.operatorToken);
    return feedback.forOperators(input.before, input.limit);
  });

  app.accountLifecycle.addEraser('feedback', (userId) => feedback.erase(userId));
  app.dataExport.addSection('feedback', (userId) => feedback.exportFor(userId));
});
