import { HEADERS, SIGN_TIMESTAMP_WINDOW_MS, matchFamilySign, wireDefaultParamsSchema, type SignSource } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/app-error.ts';
import { isVersionBelow } from '../shared/app-version.ts';
import type { Clock } from '../shared/clock.ts';
import { headerValue } from '../shared/headers.ts';
import { globalPlugin } from '../shared/plugin.ts';

export interface RequestChecksOptions {
  appCode: string;
  signSecret: string;
  clock: Clock;
  /** Apps below this version get UPDATE_REQUIRED (300); undefined: no check. */
  minAppVersion?: string | undefined;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * What a client may have signed, in every form a reading needs (contract family-signing.ts):
 * the query for a GET; the JSON text and its parse for a JSON post; the text fields and the
 * query for a multipart or form post. The default params come from the same place: the query for
 * a GET, the body (over the query) for a post.
 */
export function signSourceOf(request: FastifyRequest): SignSource {
  const query = asRecord(request.query);
  if (request.method === 'GET' || request.method === 'HEAD') return { kind: 'get', webPayload: query, query, defaults: query };
  const body = asRecord(request.body);
  const defaults = { ...query, ...body };
  if (request.isMultipart()) return { kind: 'multipart', webPayload: request.body ?? {}, fields: request.wireFields, query, defaults };
  if (request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return { kind: 'form', webPayload: request.body ?? {}, fields: request.wireFields, query, defaults };
  }
  const rawJson = request.rawBody ?? (request.body === undefined ? '' : JSON.stringify(request.body));
  return { kind: 'json', rawJson, webPayload: request.body ?? {}, query, defaults };
}

/** The `app-version` header, when sent, is a short version text such as 1.0.0. */
const APP_VERSION_HEADER = /^[\w.+-]{1,32}$/;

/**
 * Every signed /api route checks, in order (docs/decisions/025, 026):
 * 1. default params appCode, version, mobileType (body, form or query; "null" is absent) and,
 *    when sent, a sane `app-version` header → MISSING_PARAMS (1001);
 * 2. the app's version (the header, else `version`) not below MIN_APP_VERSION → UPDATE_REQUIRED (300);
 * 3. `timestamp` header within ±5 minutes → STALE_TIMESTAMP (1003);
 * 4. `sign` header matching one reading of the payload → BAD_SIGN (409; the clients then fetch
 *    the secret again).
 * Runs in preValidation, after the body (JSON, form or multipart) is parsed.
 */
export const requestChecksPlugin = globalPlugin('sen-request-checks', async (app: FastifyInstance, options: RequestChecksOptions) => {
  app.decorateRequest('defaultParams', null);
  app.addHook('preValidation', async (request) => {
    if (request.is404 || !request.routeOptions.config.sen?.signed) return;
    const source = signSourceOf(request);

    const params = wireDefaultParamsSchema.safeParse(source.defaults);
    if (!params.success || params.data.appCode !== options.appCode) throw new AppError('MISSING_PARAMS');
    request.defaultParams = params.data;
    const headerVersion = headerValue(request, HEADERS.appVersion);
    if (headerVersion !== undefined && !APP_VERSION_HEADER.test(headerVersion)) throw new AppError('MISSING_PARAMS');
    if (options.minAppVersion && isVersionBelow(headerVersion ?? params.data.version, options.minAppVersion)) {
      throw new AppError('UPDATE_REQUIRED');
    }

    const timestampText = headerValue(request, HEADERS.timestamp) ?? '';
    const timestamp = /^\d{1,16}$/.test(timestampText) ? Number(timestampText) : Number.NaN;
    if (!Number.isFinite(timestamp) || Math.abs(options.clock().getTime() - timestamp) > SIGN_TIMESTAMP_WINDOW_MS) {
      throw new AppError('STALE_TIMESTAMP');
    }

    const reading = matchFamilySign({
      appCode: options.appCode,
      secret: options.signSecret,
      timestamp: timestampText,
      sign: headerValue(request, HEADERS.sign) ?? '',
      source,
    });
    if (!reading) throw new AppError('BAD_SIGN');
    request.log.debug({ signReading: reading }, 'sign verified');
  });
});
