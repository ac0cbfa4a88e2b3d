import { ADMIN_BROWSER_COOKIE, ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, ADMIN_PATH_PREFIX, ADMIN_SESSION_COOKIE, roleHasPermission } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { readCookie } from '../../shared/cookies.ts';
import { sha256Hex } from '../../shared/crypto.ts';
import { headerValue } from '../../shared/headers.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import type { AuditedRun, OperatorInfo } from '../../types.ts';
import type { OperatorAuditService } from './operator-audit.service.ts';
import type { OperatorAuthService, OperatorOrigin } from './operator-auth.service.ts';

/** The browser binding of a request: its random id cookie with its user agent (null without the cookie). */
export function browserHashOf(request: FastifyRequest, browserId: string | null = readCookie(request, ADMIN_BROWSER_COOKIE)): string | null {
  return browserId ? sha256Hex(`${browserId}\n${headerValue(request, 'user-agent') ?? ''}`) : null;
}

export function originOf(request: FastifyRequest, browserHash: string): OperatorOrigin {
  return { ip: request.ip, browserHash };
}

/**
 * Every back-office call (decision 089): the CSRF header first, then for `session: 'operator'`
 * endpoints the session cookie (bound to the browser) and the endpoint's permission (decision
 * 090), before the input is validated, so a caller without them learns nothing about the schema.
 * Also installs the audited runner that `registerEndpoint` uses for `audited` endpoints.
 */
export const operatorHook = globalPlugin(
  'sen-operator',
  async (app: FastifyInstance, options: { auth: OperatorAuthService; audit: OperatorAuditService }) => {
    app.decorateRequest('operator', null as OperatorInfo | null);
    const audited: AuditedRun = (request, action, work) =>
      options.audit.audited({ operator: request.operator, ip: request.ip, userAgent: headerValue(request, 'user-agent') ?? null }, action, work);
    app.decorate('senAudited', audited);
    app.addHook('preValidation', async (request) => {
      // The matched route, not the raw URL: '/%61pi/admin/…' reaches the same route and must meet the same checks.
      if (request.is404 || !(request.routeOptions.url ?? '').startsWith(ADMIN_PATH_PREFIX)) return;
      if (headerValue(request, ADMIN_CSRF_HEADER) !== ADMIN_CSRF_VALUE) throw new AppError('ADMIN_HEADER_MISSING');
      const flags = request.routeOptions.config.sen;
      if (flags?.auth !== 'operator') return;
      const token = readCookie(request, ADMIN_SESSION_COOKIE);
      const browserHash = browserHashOf(request);
      request.operator = token && browserHash ? await options.auth.resolveSession(token, browserHash) : null;
      if (!request.operator) throw new AppError('SESSION_EXPIRED');
      if (flags.permission && !roleHasPermission(request.operator.role, flags.permission)) throw new AppError('OPERATOR_PERMISSION_DENIED');
    });
  },
);
