import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet would set, computed once. @fastify/helmet builds a new Helmet middleware on
 * every request (its CSP directives parsed and re-serialised each time, two async hooks): about 5%
 * of the server's CPU under load (decision 031). The options are static here, so Helmet runs once
 * against a recording response and every reply gets the same headers from one synchronous hook.
 * They are set on the raw response, as Helmet does, so error and not-found replies carry them too.
 */
export function helmetHeadersOnce(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers];
}

export function registerHelmetHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeadersOnce(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
