import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { CertificationRepository } from './certification.repository.ts';
import { CertificationService } from './certification.service.ts';

export type { CertificationService, CreditFacts } from './certification.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The certification module's public service. */
    certification: CertificationService;
  }
}

/** Certification (the wire's `userAuth` and authConfig): which steps are required and their states. */
export const certificationModule = globalPlugin('sen-certification', async (app: FastifyInstance) => {
  const certification = new CertificationService(new CertificationRepository(app.infra.database.uow), app.infra.config.authConfig);
  app.decorate('certification', certification);

  registerEndpoint(app, endpoints.authConfig, async () => ({ authConfig: certification.authConfig }));
  registerEndpoint(app, endpoints.authDetail, async ({ session }) => certification.states(session.userId));
  // The borrower's data export (issue 13): the certification states.
  app.dataExport.addSection('certification', async (userId) => ({ states: await certification.states(userId) }));
});
