import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import { EventBus } from '../../events/event-bus.ts';
import { createLogger } from '../../plugins/logger.ts';
import { ProductRepository } from './product.repository.ts';
import { ProductService } from './product.service.ts';

export type { ProductRow, ProductService } from './product.service.ts';
export { productText } from './product.service.ts';
export { seedDemoProducts, DEMO_PRODUCTS } from './demo-products.ts';
export * from './product-quote.ts';

/**
 * The product service on a unit of work (the products command; the server's is the composition's).
 * Its events are only recorded: the server's outbox job delivers them.
 */
export function productServiceFor(uow: UnitOfWork, clock: Clock, rateCap: Config['rateCap']): ProductService {
  return new ProductService(new ProductRepository(uow), uow, clock, rateCap, new EventBus(uow, clock, createLogger('warn'), false));
}
