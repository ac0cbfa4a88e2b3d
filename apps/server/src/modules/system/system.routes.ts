import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { DevSmsProvider } from '../../providers/sms/dev-sms-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/**
 * The signing secret, the load balancer's probes (unsigned, no default params) and, in
 * development only, the development SMS outbox.
 */
export function registerSystemRoutes(app: FastifyInstance, { infra }: Composition): void {
  const { config, database, sms, secrets } = infra;

  // Public on purpose: signing guards request integrity, not identity (contract secretEndpoint).
  registerEndpoint(app, endpoints.secret, async () => ({ verifySignSecret: secrets.signSecret }));

  registerEndpoint(app, endpoints.health, async () => ({ status: 'ok' as const }));

  registerEndpoint(app, endpoints.ready, async ({ request }) => {
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    return { status: 'ready' as const };
  });

  if (sms instanceof DevSmsProvider && config.nodeEnv !== 'production') {
    registerEndpoint(app, endpoints.devOutbox, async ({ input }) => ({ messages: sms.messages(input.phone) }));
  }
}
