import { HEADERS, SIGN_TIMESTAMP_WINDOW_MS, computeSign, defaultParamsSchema, signsEqual } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/app-error.ts';
import type { Clock } from '../shared/clock.ts';
import { headerValue } from '../shared/headers.ts';
import { globalPlugin } from '../shared/plugin.ts';

export interface RequestChecksOptions {
  appCode: string;
  signSecret: string;
  clock: Clock;
}

/**
 * What the client signed (SPEC.md §5): the query object for a GET, the JSON body for a JSON post,
 * the text fields for a multipart post (files removed by the multipart plugin).
 *
 * GET parameters are signed in their string form: the server only ever sees query values as
 * strings (`mobileType=2` arrives as '2'), so the client must sign `{ mobileType: '2', ... }`,
 * i.e. stringify every query value before signing it. A repeated key is an array of strings.
 */
export function signedPayload(request: FastifyRequest): unknown {
  if (request.method === 'GET' || request.method === 'HEAD') return request.query ?? {};
  return request.body ?? {};
}

/** The `app-version` header every signed call carries: a short version text such as 1.0.0. */
const APP_VERSION_HEADER = /^[\w.+-]{1,32}$/;

/**
 * Every signed /api route checks, in order: default params (appCode, version, mobileType) and the
 * `app-version` header → MISSING_PARAMS; `timestamp` header within ±5 minutes → STALE_TIMESTAMP;
 * `sign` header equal to computeSign → BAD_SIGN. Runs in preValidation, after the body (JSON or
 * multipart) is parsed.
 */
export const requestChecksPlugin = globalPlugin('sen-request-checks', async (app: FastifyInstance, options: RequestChecksOptions) => {
  app.decorateRequest('defaultParams', null);
  app.addHook('preValidation', async (request) => {
    if (request.is404 || !request.routeOptions.config.sen?.signed) return;
    const payload = signedPayload(request);

    const params = defaultParamsSchema.safeParse(payload ?? {});
    if (!params.success || params.data.appCode !== options.appCode) throw new AppError('MISSING_PARAMS');
    request.defaultParams = params.data;
    if (!APP_VERSION_HEADER.test(headerValue(request, HEADERS.appVersion) ?? '')) throw new AppError('MISSING_PARAMS');

    const timestampText = headerValue(request, HEADERS.timestamp) ?? '';
    const timestamp = /^\d{1,16}$/.test(timestampText) ? Number(timestampText) : Number.NaN;
    if (!Number.isFinite(timestamp) || Math.abs(options.clock().getTime() - timestamp) > SIGN_TIMESTAMP_WINDOW_MS) {
      throw new AppError('STALE_TIMESTAMP');
    }

    const received = headerValue(request, HEADERS.sign) ?? '';
    const expected = computeSign({ appCode: options.appCode, secret: options.signSecret, payload, timestamp: timestampText });
    if (!signsEqual(expected, received)) throw new AppError('BAD_SIGN');
  });
});
