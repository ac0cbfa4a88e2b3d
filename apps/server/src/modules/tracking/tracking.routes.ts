import { SURVEY_LOG_API_VERSION, SURVEY_LOG_HEADERS, adminEndpoints, endpoints } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { deviceIdOf, headerValue } from '../../shared/headers.ts';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { computeFunnel, funnelSteps } from './funnel.ts';

const malformed = () => new AppError('VALIDATION_FAILED', { messageKey: 'error.trackingMalformed' });

/**
 * The survey format's own headers: x-log-apiversion, when sent, is 0.6.0; x-log-bodyrawsize, when
 * sent, is -1 (form data) or the body's size in bytes — a truncated or padded body is refused.
 */
function checkSurveyHeaders(request: FastifyRequest): void {
  const apiVersion = headerValue(request, SURVEY_LOG_HEADERS.apiVersion);
  if (apiVersion !== undefined && apiVersion !== SURVEY_LOG_API_VERSION) throw malformed();
  const rawSize = headerValue(request, SURVEY_LOG_HEADERS.bodyRawSize);
  if (rawSize === undefined) return;
  if (!/^-?\d{1,9}$/.test(rawSize)) throw malformed();
  const size = Number(rawSize);
  if (size !== -1 && request.rawBody !== undefined && size !== Buffer.byteLength(request.rawBody)) throw malformed();
}

/**
 * Behaviour tracking (burying/event/send), the ad-click attribution upload, the client-log ingest
 * (survey format, at TRACKING_LOG_PATH) and the operators' conversion funnel (docs/decisions/065-067).
 */
export function registerTrackingRoutes(app: FastifyInstance, { infra: { config, database }, services: { tracking } }: Composition): void {
  const steps = funnelSteps(config.authConfig);

  registerEndpoint(app, endpoints.trackingSend, async ({ input }) => ({ accepted: await tracking.recordEvents(input.events) }));

  registerEndpoint(app, endpoints.adClickUpload, async ({ input, request, session }) => {
    // SPEC.md §7 sends {adId, refer, data} and nothing else: Adjust's adid is itself a device's id,
    // so it stands for the device when the call names none (issue 25 item 8).
    const deviceId = deviceIdOf(request) ?? input.deviceId ?? `adjust:${input.adId}`;
    await tracking.recordAttribution({ adId: input.adId, refer: input.refer, data: input.data, deviceId, userId: session?.userId ?? null });
    return null;
  });

  registerEndpoint(app, { ...endpoints.surveyLog, path: config.tracking.logPath }, async ({ input, request }) => {
    checkSurveyHeaders(request);
    const budgetKey = deviceIdOf(request) ?? `ip:${request.ip}`;
    return { accepted: await tracking.recordClientLogs(input.__topic__, input.__logs__, budgetKey) };
  });

  registerEndpoint(app, adminEndpoints.funnel, async ({ input }) => computeFunnel(database.uow.db, steps, input.from, input.to));
}
