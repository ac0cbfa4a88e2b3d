import { API_PATHS, emptyRequestSchema, normalizePhone, PHONE_PATTERN, translate } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { DevSmsProvider } from '../../providers/sms/dev-sms-provider.ts';
import { defineRoute } from '../../shared/define-route.ts';

/** Liveness and readiness probes for a load balancer: unsigned, no default params. */
export function registerSystemRoutes(app: FastifyInstance, deps: { database: Database }): void {
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.health,
    signed: false,
    input: emptyRequestSchema,
    handler: async () => ({ status: 'ok' }),
  });

  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.ready,
    signed: false,
    input: emptyRequestSchema,
    handler: async ({ request, reply }) => {
      try {
        await deps.database.ping();
        return { status: 'ready' };
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed');
        return reply.status(503).send({ code: 503, message: translate(request.lang, 'error.server'), data: { status: 'unavailable' } });
      }
    },
  });
}

const outboxQuerySchema = z.object({
  phone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, { error: 'validation.phone.format' })
    .optional(),
});

/** Development only (SMS_PROVIDER=dev and NODE_ENV not production): what the dev provider "sent". */
export function registerDevOutboxRoute(app: FastifyInstance, deps: { sms: DevSmsProvider }): void {
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.devSmsOutbox,
    signed: false,
    input: outboxQuerySchema,
    handler: async ({ input }) => ({ messages: deps.sms.messages(input.phone ? normalizePhone(input.phone) : undefined) }),
  });
}
