import { HEADERS } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { deviceIdOf, headerValue } from '../../shared/headers.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import type { SessionInfo } from '../../types.ts';
import type { SessionService } from './session.service.ts';

/** The raw token of the Authorization header; an optional "Bearer " prefix is accepted. */
export function bearerToken(request: FastifyRequest): string | null {
  const text = headerValue(request, HEADERS.authorization);
  if (!text) return null;
  const token = text.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

/**
 * Resolves request.session for routes that want one, right after the request checks and before
 * the input is validated, so a call without a session learns that first. A missing, unknown, expired or revoked
 * token on an auth-required route is SESSION_EXPIRED (HTTP 401, envelope 401: the client logs
 * out); on an auth-optional route it simply leaves the request anonymous.
 */
export const sessionHook = globalPlugin('sen-session', async (app: FastifyInstance, options: { sessions: SessionService }) => {
  app.decorateRequest('session', null as SessionInfo | null);
  app.addHook('preValidation', async (request) => {
    const mode = request.routeOptions.config.sen?.auth ?? 'none';
    if ((mode !== 'required' && mode !== 'optional') || request.is404) return;
    const token = bearerToken(request);
    request.session = token ? await options.sessions.resolve(token, deviceIdOf(request)) : null;
    if (mode === 'required' && !request.session) throw new AppError('SESSION_EXPIRED');
  });
});
