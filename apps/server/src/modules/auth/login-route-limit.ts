import { endpoints } from '@sen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { globalPlugin } from '../../shared/plugin.ts';

/** The sign-in routes, by endpoint id: a percent-encoded or otherwise disguised URL matches the same route. */
const LIMITED_ENDPOINTS: ReadonlySet<string> = new Set([endpoints.login.id, endpoints.loginSms.id, endpoints.passwordUpdate.id]);
const WINDOW_MS = 60_000;
/** Counters kept at most; past it the oldest windows are dropped first (a flood of IPs cannot grow memory). */
const MAX_TRACKED_IPS = 100_000;

export interface LoginRouteLimitOptions {
  perMinute: number;
  clock: Clock;
  /**
   * Count in the shared rate-limit store (Redis, REDIS_URL) that the generic limit registered,
   * so every instance counts the same client together; otherwise in this process (decision 084).
   */
  shared: boolean;
}

/** Seconds until a window ends, as the 429's Retry-After and `retryAfterSeconds`. */
function refuse(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError('TOO_MANY_REQUESTS', { data: { retryAfterSeconds } });
}

/**
 * A per-IP limit on the sign-in routes, lower than the app-wide one (docs/decisions/033, 084). It
 * is decided from the route's endpoint id, so no spelling of the path escapes it, and attached to
 * those routes only: every other request runs no hook for it. Counters live in Redis when a shared
 * store is configured, else in this process (fixed one-minute windows on the app's clock); the
 * per-phone brake, which lives in the database, holds across instances either way.
 */
export const loginRouteLimit = globalPlugin('sen-login-route-limit', async (app: FastifyInstance, options: LoginRouteLimitOptions) => {
  let hook: onRequestHookHandler;
  if (options.shared) {
    // The store and its Redis client are the generic limit's (plugins/security.ts); one script call per request.
    const count = app.createRateLimit({ max: options.perMinute, timeWindow: WINDOW_MS, keyGenerator: (request: FastifyRequest) => `login-ip:${request.ip}` });
    hook = async (request, reply) => {
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) refuse(reply, Math.max(1, result.ttlInSeconds));
    };
  } else {
    const windows = new Map<string, { startedAt: number; count: number }>();
    hook = async (request, reply) => {
      const now = options.clock().getTime();
      let window = windows.get(request.ip);
      if (!window || now - window.startedAt >= WINDOW_MS) {
        windows.delete(request.ip);
        if (windows.size >= MAX_TRACKED_IPS) windows.delete(windows.keys().next().value as string);
        window = { startedAt: now, count: 0 };
        windows.set(request.ip, window);
      }
      window.count += 1;
      if (window.count > options.perMinute) refuse(reply, Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000)));
    };
  }
  // Registered before the auth routes (modules/auth/index.ts), so it sees them being added.
  app.addHook('onRoute', (route) => {
    const endpointId = (route.config as { sen?: { endpointId?: string } } | undefined)?.sen?.endpointId;
    if (!endpointId || !LIMITED_ENDPOINTS.has(endpointId)) return;
    const existing = route.onRequest;
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
});
