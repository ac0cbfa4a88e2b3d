import { endpoints } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Composition } from '../../compose.ts';
import { OPERATOR_PATH_PREFIX, requireOperator as requireOperatorToken } from '../../shared/operator-guard.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** Loan products (docs/decisions/050): the table, the rate caps, the operator endpoints. */
export function registerProductRoutes(app: FastifyInstance, { infra: { config }, services: { product } }: Composition): void {
  const requireOperator = (request: FastifyRequest) => requireOperatorToken(request, config.operatorToken);
  // Every operator endpoint (this module's and others'), before body validation, so a caller
  // without the token learns nothing about the schema.
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith(OPERATOR_PATH_PREFIX)) requireOperator(request);
  });
  registerEndpoint(app, endpoints.operatorProducts, async ({ request }) => {
    requireOperator(request);
    return { products: await product.list(), rateCap: product.rateCap };
  });
  registerEndpoint(app, endpoints.operatorProductUpsert, async ({ request, input }) => {
    requireOperator(request);
    const saved = await product.upsert(input);
    request.log.info({ productId: saved.id, code: saved.code }, 'product saved by operator');
    return saved;
  });
}
