import { randomBytes } from 'node:crypto';
import { ADMIN_BROWSER_COOKIE, ADMIN_SESSION_COOKIE, adminEndpoints } from '@sen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Composition } from '../../compose.ts';
import { AppError } from '../../shared/app-error.ts';
import { readCookie, serializeCookie } from '../../shared/cookies.ts';
import { publicBaseUrl } from '../../shared/public-url.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { decodeCursor } from './operator-audit.service.ts';
import { browserHashOf, operatorHook, originOf } from './operator-hook.ts';
import { ENROLMENT_PATH } from './operator.service.ts';
import type { AuditFilter } from './operator-audit.repository.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A Vietnam calendar day (YYYY-MM-DD) starts at 00:00 +07:00. */
function instant(text: string, endOfDay: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const start = new Date(`${text}T00:00:00+07:00`);
    return endOfDay ? new Date(start.getTime() + DAY_MS) : start;
  }
  return new Date(text);
}

/** The back office's operators: sign-in, the operator list, the audit trail and four-eyes proposals (decisions 089–091). */
export async function registerOperatorRoutes(app: FastifyInstance, { infra: { config }, services }: Composition): Promise<void> {
  const { operatorAuth: auth, operators, operatorAudit: audit, proposals } = services;
  await app.register(operatorHook, { auth, audit });
  const secure = (request: FastifyRequest) => config.nodeEnv === 'production' || request.protocol === 'https';

  /** The browser's random id (set now when it has none): sign-in steps and the session are bound to it. */
  const browserOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    let browserId = readCookie(request, ADMIN_BROWSER_COOKIE);
    if (!browserId) {
      browserId = randomBytes(24).toString('base64url');
      reply.header('set-cookie', serializeCookie(ADMIN_BROWSER_COOKIE, browserId, { path: '/api/admin', maxAge: YEAR_SECONDS, secure: secure(request) }));
    }
    return originOf(request, browserHashOf(request, browserId)!);
  };
  const existingOrigin = (request: FastifyRequest) => {
    const browserHash = browserHashOf(request);
    if (!browserHash) throw new AppError('OPERATOR_STEP_EXPIRED');
    return originOf(request, browserHash);
  };

  // ── sign-in ──
  registerEndpoint(app, adminEndpoints.signInPassword, ({ input, request, reply }) => auth.signInWithPassword(input.email, input.password, browserOrigin(request, reply)));
  registerEndpoint(app, adminEndpoints.acceptInvitation, ({ input, request, reply }) => auth.acceptInvitation(input.token, input.password, input.name, browserOrigin(request, reply)));
  registerEndpoint(app, adminEndpoints.enrol, ({ input, request }) => auth.enrolment(input.pendingToken, existingOrigin(request)));
  registerEndpoint(app, adminEndpoints.signInTotp, async ({ input, request, reply }) => {
    const { token, operator } = await auth.signInWithTotp(input.pendingToken, input.code, existingOrigin(request));
    reply.header('set-cookie', serializeCookie(ADMIN_SESSION_COOKIE, token, { path: '/api/admin', secure: secure(request) }));
    return { operator };
  });
  registerEndpoint(app, adminEndpoints.logout, async ({ operator, request, reply, audit: write }) => {
    await auth.logout(operator, existingOrigin(request));
    await write({ targetType: 'operator', targetId: operator.operatorId });
    reply.header('set-cookie', serializeCookie(ADMIN_SESSION_COOKIE, '', { path: '/api/admin', maxAge: 0, secure: secure(request) }));
    return null;
  });
  registerEndpoint(app, adminEndpoints.me, async ({ operator }) => ({ operator: await operators.view(operator.operatorId) }));

  // ── operators ──
  registerEndpoint(app, adminEndpoints.operators, async () => ({ items: await operators.list() }));
  registerEndpoint(app, adminEndpoints.operatorInvite, async ({ input, operator, request, audit: write }) => {
    const invited = await operators.invite(input, operator.operatorId);
    await write({ targetType: 'operator', targetId: invited.operator.id, after: invited.operator });
    return {
      operator: invited.operator,
      enrolmentLink: `${publicBaseUrl(config, request)}${ENROLMENT_PATH}?token=${invited.token}`,
      expiresAt: invited.expiresAt.toISOString(),
    };
  });
  registerEndpoint(app, adminEndpoints.operatorRole, async ({ input, operator, audit: write }) => {
    const { before, after } = await operators.changeRole(operator, input.operatorId, input.role);
    await write({ targetType: 'operator', targetId: input.operatorId, before: { role: before.role }, after: { role: after.role }, reason: input.reason ?? null });
    return { operator: after };
  });
  registerEndpoint(app, adminEndpoints.operatorDeactivate, async ({ input, operator, audit: write }) => {
    const { before, after } = await operators.deactivate(operator, input.operatorId);
    await write({ targetType: 'operator', targetId: input.operatorId, before: { status: before.status }, after: { status: after.status }, reason: input.reason ?? null });
    return { operator: after };
  });

  // ── audit trail ──
  const auditFilter = (input: { actor?: number | undefined; action?: string | undefined; targetType?: string | undefined; targetId?: string | undefined; from?: string | undefined; to?: string | undefined }): AuditFilter => ({
    actorId: input.actor,
    action: input.action || undefined,
    targetType: input.targetType || undefined,
    targetId: input.targetId || undefined,
    from: input.from ? instant(input.from, false) : undefined,
    to: input.to ? instant(input.to, true) : undefined,
  });
  registerEndpoint(app, adminEndpoints.audit, async ({ input }) => {
    const before = input.cursor ? decodeCursor(input.cursor) : undefined;
    if (before === null) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.admin.cursorInvalid' });
    return audit.search({ ...auditFilter(input), before }, input.limit);
  });
  registerEndpoint(app, adminEndpoints.auditExport, async ({ input, reply, audit: write }) => {
    const { csv, rows } = await audit.exportCsv(auditFilter(input));
    await write({ targetType: 'audit', targetId: null, after: { filter: input, rows } });
    reply.header('content-disposition', 'attachment; filename="sen-audit.csv"');
    return csv;
  });

  // ── four-eyes proposals ──
  registerEndpoint(app, adminEndpoints.proposals, ({ input }) => proposals.list({ status: input.status, kind: input.kind, cursor: input.cursor }, input.limit));
  registerEndpoint(app, adminEndpoints.proposalApprove, async ({ input, operator, audit: write }) => {
    const { before, after } = await proposals.approve(operator, input.proposalId);
    await write({ targetType: 'proposal', targetId: input.proposalId, before: { status: before.status, kind: before.kind }, after: { status: after.status, result: after.result } });
    return { proposal: after };
  });
  registerEndpoint(app, adminEndpoints.proposalReject, async ({ input, operator, audit: write }) => {
    const { before, after } = await proposals.reject(operator, input.proposalId, input.reason);
    await write({ targetType: 'proposal', targetId: input.proposalId, before: { status: before.status, kind: before.kind }, after: { status: after.status }, reason: input.reason });
    return { proposal: after };
  });
}
