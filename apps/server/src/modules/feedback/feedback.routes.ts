import { adminEndpoints, endpoints, FEEDBACK_IMAGE_PARTS, FEEDBACK_MAX_IMAGES } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { headerValue } from '../../shared/headers.ts';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { acceptImagePart, type CleanImage } from '../../shared/uploads/image-upload.ts';

/** The family's native clients say who they are in User-Agent (API-FAMILY.md §1.2); our web app is a browser. */
function sourceOf(request: FastifyRequest): 'web' | 'family' {
  const agent = headerValue(request, 'user-agent')?.toLowerCase();
  return agent === 'android' || agent === 'ios' ? 'family' : 'web';
}

/**
 * The pictures of a feedback/submit call: file parts image1..image3 only, each checked and
 * re-encoded (decision 040). A part of any other name, or more than three, is refused.
 */
async function feedbackImages(request: FastifyRequest): Promise<CleanImage[]> {
  const allowed = new Set<string>(FEEDBACK_IMAGE_PARTS);
  const parts = request.uploadedFiles ?? [];
  if (parts.length > FEEDBACK_MAX_IMAGES || parts.some((part) => !allowed.has(part.fieldname))) {
    throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.feedback.tooManyImages' });
  }
  const images: CleanImage[] = [];
  for (const name of FEEDBACK_IMAGE_PARTS) {
    const image = await acceptImagePart(request, name, { optional: true });
    if (image) images.push(image);
  }
  return images;
}

/** Borrowers' feedback (score/review, feedback/submit): stored, listed to its author and to operators. */
export function registerFeedbackRoutes(app: FastifyInstance, { services: { feedback } }: Composition): void {

  registerEndpoint(app, endpoints.scoreReview, async ({ input, request, session }) => feedback.submit(session.userId, input.content, sourceOf(request)));
  registerEndpoint(app, endpoints.feedbackSubmit, async ({ input, request, session }) =>
    feedback.submit(session.userId, input.content, sourceOf(request), await feedbackImages(request)),
  );
  registerEndpoint(app, endpoints.feedbackList, async ({ session }) => feedback.own(session.userId));
  registerEndpoint(app, adminEndpoints.feedback, ({ input }) => feedback.forOperators(input.before, input.limit));
}
