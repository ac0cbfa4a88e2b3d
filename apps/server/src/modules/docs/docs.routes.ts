import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PATHS } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

/** The OpenAPI document at /api/docs/openapi.json, and outside production a page to try it at /api/docs. */
export async function registerDocsRoutes(app: FastifyInstance, { infra }: Composition): Promise<void> {
  const document = buildOpenApiDocument();
  app.get(API_PATHS.openApiDocument, async (_request, reply) => reply.type('application/json; charset=utf-8').send(document));
  if (infra.config.nodeEnv === 'production') return;
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: API_PATHS.apiDocs, uiConfig: { docExpansion: 'list', deepLinking: false } });
}
