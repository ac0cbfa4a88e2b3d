import type { Socket } from 'node:net';
import {
  ERRORS,
  HEADERS,
  SUCCESS_CODE,
  firstMessageKey,
  languageFromHeader,
  translate,
  type Envelope,
  type Language,
} from '@sen/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { decodedPathname, isApiPath } from '../shared/api-path.ts';
import { AppError } from '../shared/app-error.ts';
import { isDatabaseUnavailable } from '../shared/db-errors.ts';
import { globalPlugin } from '../shared/plugin.ts';
import { createSampledWarning } from './logger.ts';

/** The success envelope (SPEC.md §3). */
export function ok<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, message: 'success', data };
}

function fail(reply: FastifyReply, httpStatus: number, code: number, message: string, data: unknown = null): FastifyReply {
  return reply.status(httpStatus).type('application/json; charset=utf-8').send({ code, message, data } satisfies Envelope);
}

/** Replies with a catalogued error in the request's language. */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const entry = ERRORS[error.errorName];
  return fail(reply, entry.httpStatus, entry.code, translate(request.lang, error.messageKey ?? entry.messageKey, error.params), error.data);
}

function validationMessage(lang: Language, error: ZodError): string {
  return translate(lang, firstMessageKey(error));
}

/**
 * Body parser failures that carry no 4xx status of their own: busboy's texts for a multipart body
 * without a boundary or with broken parts, and JSON.parse's own errors.
 */
const PARSER_FAILURE = /^(Payload nested deeper|Multipart: |Malformed part header|Unexpected end of (form|multipart data)|Part terminated early|Unexpected token|Unexpected end of JSON|Expected .* in JSON|Bad escaped character|Unterminated string|Boundary not found)/;

function isParserFailure(error: Error): boolean {
  return PARSER_FAILURE.test(error.message ?? '') || error instanceof SyntaxError;
}

/** The language of a request whose hooks never ran (framework and client errors). */
function languageOf(request: FastifyRequest): Language {
  const header = request.headers?.[HEADERS.lang];
  return request.lang ?? languageFromHeader(Array.isArray(header) ? header[0] : header);
}

/**
 * Whether a request belongs to the API or the probes (whose answers must never be cached by anyone):
 * by the route the router matched, else by its decoded path (an unknown /api or /health path).
 */
function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(request.routeOptions?.url ?? decodedPathname(request.url ?? ''));
}

/**
 * Node answers a few malformed requests before Fastify sees them (headers over
 * MAX_HEADER_SIZE_BYTES, a request that took longer than REQUEST_TIMEOUT_MS, garbage that is not
 * HTTP). This writes the envelope on the raw socket; the headers could not be read, so the message
 * is in Vietnamese, the default language.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, messageKey] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'error.requestFailed' as const]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'error.timeout' as const]
        : [400, 'Bad Request', 'error.badBody' as const];
  const body = JSON.stringify({ code: status, message: translate('vn', messageKey), data: null } satisfies Envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Fastify's own routing failures (a path that is not valid percent-encoding such as `/api/%`, a
 * too-long parameter): the 400 envelope, without echoing the path back.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ errorCode: error.code }, 'unroutable request');
  void fail(reply.header('cache-control', 'no-store'), 400, 400, translate(languageOf(request), 'error.badBody'));
}

/**
 * One error handler for the whole app (SPEC.md §8, docs: fastify/demo): catalogued errors and
 * validation failures become their envelopes; Fastify's and the parsers' client errors (bad JSON,
 * nesting too deep, broken multipart, body too large, wrong content type) become an envelope whose
 * code is their 4xx status and whose message is 'The request could not be read'; a database that is away is 503 (retry later); everything else is a 500
 * 'Server error' whose details go to the log only.
 */
export const envelopePlugin = globalPlugin('sen-envelope', async (app: FastifyInstance) => {
  // 77,000 warn lines in 20 s under a flood: one line per window with the count instead.
  const rateLimited = createSampledWarning(app.log, 'rate limit reached', 10_000);
  app.addHook('onClose', async () => rateLimited.flush());

  // One hook for the headers every answer carries (the request id for support, no caching of /api).
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.errorName === 'TOO_MANY_REQUESTS') rateLimited.hit();
      return sendAppError(request, reply, error);
    }
    if (error instanceof ZodError || error.name === 'ZodError') {
      const entry = ERRORS.VALIDATION_FAILED;
      return fail(reply, entry.httpStatus, entry.code, validationMessage(request.lang, error as ZodError));
    }
    const statusCode = (error as FastifyError).statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      request.log.info({ errorCode: (error as FastifyError).code, statusCode }, 'client error');
      if (statusCode === 404) return sendAppError(request, reply, new AppError('NOT_FOUND'));
      // A multipart file over the plugin's per-file limit: 'Upload failed' and why (decision 040), or
      // the refusal its endpoint names (a bank statement is no image; decision 118).
      if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
        return sendAppError(request, reply, new AppError(request.routeOptions.config.sen?.fileTooLarge ?? 'UPLOAD_TOO_LARGE'));
      }
      return fail(reply, statusCode, statusCode, translate(request.lang, 'error.badBody'));
    }
    if (isParserFailure(error)) {
      request.log.info({ errorCode: (error as FastifyError).code ?? error.name }, 'unreadable body');
      return fail(reply, 400, 400, translate(request.lang, 'error.badBody'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendAppError(request, reply, new AppError('SERVICE_UNAVAILABLE'));
    }
    // The browser went away mid-answer (a page left while a compressed file streamed): not our fault,
    // and nobody is there to read the answer; an info line, not an error that pages someone.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && (request.raw.destroyed || reply.raw.destroyed)) {
      request.log.info({ errorCode: 'ERR_STREAM_PREMATURE_CLOSE' }, 'client closed the connection before the answer was sent');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    const entry = ERRORS.SERVER_ERROR;
    return fail(reply, entry.httpStatus, entry.code, translate(request.lang, entry.messageKey));
  });
});
