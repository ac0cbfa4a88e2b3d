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

export const readyEndpoint = defineEndpoint({
  id: 'getReady',
  method: 'GET',
  path: API_PATHS.ready,
  summary: 'Readiness probe: the database answers (503 envelope otherwise).',
  module: 'system',
  request: emptyRequestSchema,
  response: z.object({ status: z.literal('ready') }),
  signed: false,
  session: 'none',
  errors: ['SERVICE_UNAVAILABLE'],
});

/** What the readiness probe found: each dependency it checked (Redis only when configured). */
export const readinessChecksSchema = z.object({ database: z.literal('ok'), redis: z.literal('ok').optional() });

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
  summary:
    'Readiness probe of the load balancer: the database answers and, when REDIS_URL is set, Redis does (503 envelope otherwise, and while the process shuts down).',
  module: 'system',
  request: emptyRequestSchema,
  response: z.object({ status: z.literal('ready'), checks: readinessChecksSchema }),
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
