import { registerHelmetHeaders } from './security-headers.ts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@sen/contract';
import { AppError } from '../shared/app-error.ts';
import { globalPlugin } from '../shared/plugin.ts';

export interface SecurityOptions {
  production: boolean;
  rateLimitPerMinute: number;
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
        connectSrc: ["'self'"],
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

  const probes = new Set<string>([API_PATHS.health, API_PATHS.ready]);
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: 60_000,
    // Static files of the SPA and the load balancer's probes are not API traffic.
    allowList: (request) => {
      const path = request.url.split('?')[0] ?? '';
      return !path.startsWith('/api/') || probes.has(path);
    },
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });
});
