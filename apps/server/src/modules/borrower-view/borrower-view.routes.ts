import { adminEndpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** The back office's borrower view (decision 097): search, the borrower page, the audited reveal and its watermarked images. */
export function registerBorrowerViewRoutes(app: FastifyInstance, { services: { borrowerView: view } }: Composition): void {
  registerEndpoint(app, adminEndpoints.borrowerSearch, ({ input }) => view.search(input.q));
  registerEndpoint(app, adminEndpoints.borrowerDetail, ({ input }) => view.detail(input.userId));
  registerEndpoint(app, adminEndpoints.borrowerReveal, async ({ input, operator, audit }) => {
    const { answer, audit: after } = await view.reveal(operator, input.userId, input.what);
    await audit({ targetType: 'borrower', targetId: input.userId, after, reason: input.reason });
    return answer;
  });
  registerEndpoint(app, adminEndpoints.borrowerIdImage, ({ input, operator }) => view.idImage(operator, input.token));
}
