import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
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
}

/**
 * A per-IP limit on the sign-in routes, lower than the app-wide one (docs/decisions/033). It is
 * decided from the matched route's endpoint id, after routing, so no spelling of the path escapes
 * it. Counters live in this process (fixed one-minute windows); the per-phone brake, which lives
 * in the database, is what holds across instances.
 */
export const loginRouteLimit = globalPlugin('sen-login-route-limit', async (app: FastifyInstance, options: LoginRouteLimitOptions) => {
  const windows = new Map<string, { startedAt: number; count: number }>();
  app.addHook('onRequest', async (request, reply) => {
    const endpointId = request.routeOptions.config.sen?.endpointId;
    if (!endpointId || !LIMITED_ENDPOINTS.has(endpointId)) return;
    const now = options.clock().getTime();
    let window = windows.get(request.ip);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      windows.delete(request.ip);
      if (windows.size >= MAX_TRACKED_IPS) windows.delete(windows.keys().next().value as string);
      window = { startedAt: now, count: 0 };
      windows.set(request.ip, window);
    }
    window.count += 1;
    if (window.count > options.perMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
      reply.header('retry-after', String(retryAfterSeconds));
      throw new AppError('TOO_MANY_REQUESTS', { data: { retryAfterSeconds } });
    }
  });
});
