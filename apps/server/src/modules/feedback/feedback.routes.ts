import { adminEndpoints, endpoints, FEEDBACK_IMAGE_PARTS } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { headerValue } from '../../shared/headers.ts';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import type { ReceivedFiles } from '../../shared/uploads/endpoint-files.ts';
import type { CleanImage } from '../../shared/uploads/image-upload.ts';

/** The family's native clients say who they are in User-Agent (API-FAMILY.md §1.2); our web app is a browser. */
function sourceOf(request: FastifyRequest): 'web' | 'family' {
  const agent = headerValue(request, 'user-agent')?.toLowerCase();
  return agent === 'android' || agent === 'ios' ? 'family' : 'web';
}

/** The pictures of a feedback/submit call in part order (image1..image3, each optional). */
function feedbackImages(files: ReceivedFiles<typeof endpoints.feedbackSubmit>): CleanImage[] {
  return FEEDBACK_IMAGE_PARTS.flatMap((name) => files[name] ?? []);
}

/** Borrowers' feedback (score/review, feedback/submit): stored, listed to its author and to operators. */
export function registerFeedbackRoutes(app: FastifyInstance, { services: { feedback } }: Composition): void {

  registerEndpoint(app, endpoints.scoreReview, async ({ input, request, session }) => feedback.submit(session.userId, input.content, sourceOf(request)));
  registerEndpoint(app, endpoints.feedbackSubmit, async ({ input, request, session, files }) =>
    feedback.submit(session.userId, input.content, sourceOf(request), feedbackImages(files)),
  );
  registerEndpoint(app, endpoints.feedbackList, async ({ session }) => feedback.own(session.userId));
  registerEndpoint(app, adminEndpoints.feedback, ({ input }) => feedback.forOperators(input.before, input.limit));
}
