import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PATHS } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

export { buildOpenApiDocument, openApiDocumentText } from './openapi-document.ts';

/** The OpenAPI document at /api/docs/openapi.json, and outside production a page to try it at /api/docs. */
export const docsModule = globalPlugin('sen-docs', async (app: FastifyInstance) => {
  const document = buildOpenApiDocument();
  app.get(API_PATHS.openApiDocument, async (_request, reply) => reply.type('application/json; charset=utf-8').send(document));
  if (app.infra.config.nodeEnv === 'production') return;
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: API_PATHS.apiDocs, uiConfig: { docExpansion: 'list', deepLinking: false } });
});
