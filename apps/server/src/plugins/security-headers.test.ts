import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerHelmetHeaders } from './security-headers.ts';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], upgradeInsecureRequests: [] } },
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
};

/** The headers of a 200 and of a 404 reply, without the ones that vary per response. */
async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<void> | void) {
  const app = Fastify();
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  await app.ready();
  const strip = (headers: Record<string, unknown>) => {
    const { date: _date, 'content-length': _length, connection: _connection, ...rest } = headers;
    return rest;
  };
  const ok = strip((await app.inject({ url: '/ok' })).headers);
  const missing = strip((await app.inject({ url: '/missing' })).headers);
  await app.close();
  return { ok, missing };
}

describe('helmet headers computed once', () => {
  it('answers exactly the headers @fastify/helmet sets, on found and not-found replies', async () => {
    const once = await headersOf((app) => registerHelmetHeaders(app, OPTIONS));
    const perRequest = await headersOf(async (app) => {
      await app.register(fastifyHelmet, OPTIONS);
    });
    expect(once).toEqual(perRequest);
    expect(once.ok['content-security-policy']).toBe("default-src 'self';img-src 'self' data:;upgrade-insecure-requests");
    expect(once.missing['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });
});
