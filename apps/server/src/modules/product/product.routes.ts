import { adminEndpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/**
 * Loan products in the back office (docs/decisions/050 for the rules): the list with the rate cap
 * and the approved versions; a change is a four-eyes proposal (decision 091), applied on approval.
 */
export function registerProductRoutes(app: FastifyInstance, { services: { product, proposals } }: Composition): void {
  registerEndpoint(app, adminEndpoints.products, async () => ({ products: await product.list(), rateCap: product.rateCap, history: await product.history() }));
  registerEndpoint(app, adminEndpoints.productPropose, async ({ input, operator, audit }) => {
    const proposal = await proposals.propose(operator, 'product.change', input.product, input.reason ?? null);
    await audit({ targetType: 'proposal', targetId: proposal.id, before: proposal.before, after: { kind: proposal.kind, payload: proposal.payload }, reason: input.reason ?? null });
    return { proposal };
  });
}
