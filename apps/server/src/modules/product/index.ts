import { endpoints } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import { OPERATOR_PATH_PREFIX, requireOperator as requireOperatorToken } from '../../shared/operator-guard.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { ProductRepository } from './product.repository.ts';
import { ProductService } from './product.service.ts';

export type { ProductActivatedEvent, ProductActivatedListener, ProductRow, ProductService } from './product.service.ts';
export { seedDemoProducts, DEMO_PRODUCTS } from './demo-products.ts';
export * from './product-quote.ts';

/** The product service on a unit of work (the products command; the module builds its own). */
export function productServiceFor(uow: UnitOfWork, clock: Clock, rateCap: Config['rateCap']): ProductService {
  return new ProductService(new ProductRepository(uow), uow, clock, rateCap);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The product module's public service: loan products as data. */
    product: ProductService;
  }
}

/** Loan products (docs/decisions/050): the table, the rate caps, the operator endpoints. */
export const productModule = globalPlugin('sen-product', async (app: FastifyInstance) => {
  // The loans' business clock (movable in development, decision 074): review, quota and product dates.
  const { config, database, businessClock: clock } = app.infra;
  const product = productServiceFor(database.uow, clock, config.rateCap);
  app.decorate('product', product);

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
});
