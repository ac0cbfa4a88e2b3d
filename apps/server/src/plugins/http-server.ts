import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { clientErrorHandler, frameworkErrorHandler } from './envelope.ts';

/**
 * Node and Fastify server settings that bound what one connection can cost (issue 8, finding 9):
 * the whole request (headers and body) must arrive within REQUEST_TIMEOUT_MS, an idle socket is
 * closed after CONNECTION_TIMEOUT_MS, kept-alive connections wait KEEP_ALIVE_TIMEOUT_MS for their
 * next request. Node checks the request timeout every connectionsCheckingInterval (30 s by
 * default), so that interval follows the timeout. Header blocks over MAX_HEADER_SIZE_BYTES are
 * refused by Node's parser before Fastify runs; clientErrorHandler answers them with a 431
 * envelope instead of Node's bare status line, and routing failures get the 400 envelope.
 */
export function httpServerOptions(config: Pick<Config, 'http'>): Partial<FastifyServerOptions> {
  const { requestTimeoutMs, connectionTimeoutMs, keepAliveTimeoutMs, maxHeaderSizeBytes } = config.http;
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: connectionTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      maxHeaderSize: maxHeaderSizeBytes,
      headersTimeout: Math.min(requestTimeoutMs, 20_000),
      connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.floor(requestTimeoutMs / 4))),
    },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  } as Partial<FastifyServerOptions>;
}
