import { ERRORS, SUCCESS_CODE, firstMessageKey, translate, type Envelope, type Language } from '@sen/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../shared/app-error.ts';
import { globalPlugin } from '../shared/plugin.ts';

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
 * One error handler for the whole app (SPEC.md §8, docs: fastify/demo): catalogued errors and
 * validation failures become their envelopes; Fastify's own client errors (bad JSON, body too
 * large, wrong content type) become an envelope with their status; everything else is a 500
 * 'Server error' whose details go to the log only.
 */
export const envelopePlugin = globalPlugin('sen-envelope', async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.errorName === 'TOO_MANY_REQUESTS') request.log.warn('rate limit reached');
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
      return fail(reply, statusCode, statusCode, translate(request.lang, 'error.requestFailed'));
    }
    request.log.error({ err: error }, 'unhandled error');
    const entry = ERRORS.SERVER_ERROR;
    return fail(reply, entry.httpStatus, entry.code, translate(request.lang, entry.messageKey));
  });
});
