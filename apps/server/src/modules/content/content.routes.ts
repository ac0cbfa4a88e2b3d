import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** Visitor-facing content: the common index (figures and contacts) and the banner list. */
export function registerContentRoutes(app: FastifyInstance, { services: { content } }: Composition): void {
  registerEndpoint(app, endpoints.commonIndex, async () => content.commonIndex());
  registerEndpoint(app, endpoints.activityList, async ({ request }) => content.activities(request.lang));
}
