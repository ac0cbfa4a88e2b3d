import { registerHelmetHeaders } from './security-headers.ts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { API_PATHS } from '@sen/contract';
import type { RateLimitStoreKind } from '../config.ts';
import { AppError } from '../shared/app-error.ts';
import { globalPlugin } from '../shared/plugin.ts';

export interface SecurityOptions {
  production: boolean;
  rateLimitPerMinute: number;
  /** Where the per-IP counts live: redis is shared by every instance, memory counts per instance (decision 084). */
  store?: RateLimitStoreKind;
  redisUrl?: string | undefined;
  /** Origins the web app may call besides its own (CSP connect-src), e.g. the Adjust SDK's hosts. */
  connectSources?: string[];
}

const probes = new Set<string>([API_PATHS.health, API_PATHS.ready]);

/**
 * Static files of the SPA and the load balancer's probes are not API traffic. Decided from the
 * route the router matched, never from the raw URL: `/%61pi/user/app/login` reaches the login
 * handler while its raw text does not start with /api/ (finding 1 of issue 8).
 */
export function exemptFromRateLimit(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (!route) return false;
  return !route.startsWith('/api/') || probes.has(route);
}

/**
 * Security headers and the generic per-IP rate limit. CSP: everything from our own origin;
 * inline styles (antd-mobile sets style attributes); data: and blob: images (previews of
 * captured ID photos). HTTPS-only directives are on in production only, so a phone on the LAN
 * can try a development server over plain HTTP.
 */
export const securityPlugin = globalPlugin('sen-security', async (app: FastifyInstance, options: SecurityOptions) => {
  registerHelmetHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.connectSources ?? [])],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  const shared = await sharedStore(app, options);
  app.decorate('senRedisPing', shared.redis instanceof Redis ? () => (shared.redis as Redis).ping() : null);
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: 60_000,
    // Behind TRUST_PROXY, request.ip is the client's address from X-Forwarded-For.
    keyGenerator: (request) => `ip:${request.ip}`,
    allowList: exemptFromRateLimit,
    // A shared store that is down must not take the API down with it: requests pass, the log says so.
    skipOnError: true,
    ...shared,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });
});

/**
 * The rate-limit plugin's store options for Redis; none (its in-memory LRU, per instance) otherwise.
 * The database is never asked: a counter there cost a write per request, and every request of one
 * carrier NAT address queued on its row (issue 21, decision 084).
 */
async function sharedStore(app: FastifyInstance, options: SecurityOptions): Promise<Record<string, unknown>> {
  if (options.store === 'redis' && options.redisUrl) {
    // No offline queue: while Redis is away a count fails at once and the request passes.
    const redis = new Redis(options.redisUrl, {
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    let lastReport = 0;
    redis.on('error', (error: Error) => {
      // ioredis retries by itself; one line per minute is enough to tell the operator.
      if (Date.now() - lastReport > 60_000) {
        lastReport = Date.now();
        app.log.warn({ reason: error.message }, 'rate-limit store (Redis) unavailable; requests pass unlimited');
      }
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Connected before the first request, so a fresh instance does not start out unlimited.
    await redis.connect().catch(() => {
      // reported by the 'error' listener; ioredis keeps reconnecting
    });
    return { redis, nameSpace: 'sen-rate-limit:' };
  }
  return {};
}
