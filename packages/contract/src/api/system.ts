import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { wirePhoneSchema } from './auth.ts';
import { emptyRequestSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

/** GET secret: the signing secret. Public by design; signing guards integrity, not identity. */
export const secretResponseSchema = z.object({ verifySignSecret: z.string().min(1) });
export type SecretResponse = z.infer<typeof secretResponseSchema>;

export const devOutboxResponseSchema = z.object({
  messages: z.array(z.object({ phone: z.string(), text: z.string(), code: z.string(), sentAt: z.string() })),
});
export type DevOutboxResponse = z.infer<typeof devOutboxResponseSchema>;

export const secretEndpoint = defineEndpoint({
  id: 'getSignSecret',
  method: 'GET',
  path: API_PATHS.secret,
  summary: 'The request-signing secret (verifySignSecret). Unsigned: the family signs it with an empty secret.',
  module: 'system',
  request: emptyRequestSchema,
  response: secretResponseSchema,
  signed: false,
  session: 'none',
  errors: [],
});

export const healthEndpoint = defineEndpoint({
  id: 'getHealth',
  method: 'GET',
  path: API_PATHS.health,
  summary: 'Liveness probe: the process answers.',
  module: 'system',
  request: emptyRequestSchema,
  response: z.object({ status: z.literal('ok') }),
  signed: false,
  session: 'none',
  errors: [],
});

/**
 * What the readiness probe found. A 200 always has the database answering (it is the one check
 * that fails readiness). Redis, reported only when REDIS_URL is set, may be 'down' in a 200: the
 * rate limits let requests pass while it is away (decision 084), so every instance can still
 * serve, and failing readiness on a shared Redis would take all of them out at once (decision 109).
 */
export const readinessChecksSchema = z.object({ database: z.literal('ok'), redis: z.enum(['ok', 'down']).optional() });
export const readinessResponseSchema = z.object({ status: z.literal('ready'), checks: readinessChecksSchema });
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

const READINESS_SUMMARY =
  'the database answers (503 envelope naming it otherwise, and while the process shuts down); Redis, when REDIS_URL is set, is reported (ok or down) but never fails readiness.';

export const readyEndpoint = defineEndpoint({
  id: 'getReady',
  method: 'GET',
  path: API_PATHS.ready,
  summary: `Readiness probe (the same check as /health/ready): ${READINESS_SUMMARY}`,
  module: 'system',
  request: emptyRequestSchema,
  response: readinessResponseSchema,
  signed: false,
  session: 'none',
  errors: ['SERVICE_UNAVAILABLE'],
});

export const healthLiveEndpoint = defineEndpoint({
  id: 'getHealthLive',
  method: 'GET',
  path: API_PATHS.healthLive,
  summary: 'Liveness probe: the process answers (restart it when this fails). Checks no dependency.',
  module: 'system',
  request: emptyRequestSchema,
  response: z.object({ status: z.literal('ok') }),
  signed: false,
  session: 'none',
  errors: [],
});

export const healthReadyEndpoint = defineEndpoint({
  id: 'getHealthReady',
  method: 'GET',
  path: API_PATHS.healthReady,
  summary: `Readiness probe of the load balancer: ${READINESS_SUMMARY}`,
  module: 'system',
  request: emptyRequestSchema,
  response: readinessResponseSchema,
  signed: false,
  session: 'none',
  errors: ['SERVICE_UNAVAILABLE'],
});

export const devOutboxEndpoint = defineEndpoint({
  id: 'getDevSmsOutbox',
  method: 'GET',
  path: API_PATHS.devSmsOutbox,
  summary: 'Development only: the texts the development SMS provider "sent" (absent in production).',
  module: 'system',
  request: z.object({
    phone: wirePhoneSchema.optional(),
  }),
  response: devOutboxResponseSchema,
  signed: false,
  session: 'none',
  errors: ['VALIDATION_FAILED'],
});
