import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { AppError } from '../../shared/app-error.ts';
import { deviceIdOf } from '../../shared/headers.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** Closing an account (delete/user) and the personal-data export (issue 13, decision 060). */
export function registerAccountRoutes(app: FastifyInstance, { infra, services }: Composition): void {
  const { accountLifecycle, audit, users, dataExport } = services;

  registerEndpoint(app, endpoints.deleteUser, async ({ input, request, session }) => {
    await accountLifecycle.close(session.userId, input);
    await audit.record({
      type: 'account_closed',
      result: 'success',
      userId: session.userId,
      sessionId: session.sessionId,
      ip: request.ip,
      deviceId: deviceIdOf(request),
      detail: input.reason ? { reason: input.reason } : null,
    });
    return null;
  });

  registerEndpoint(app, endpoints.dataExport, async ({ session }) => {
    const user = await users.findById(session.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return {
      format: 'sen-personal-data-export' as const,
      generatedAt: infra.clock().toISOString(),
      userId: user.publicId,
      sections: await dataExport.build(session.userId),
    };
  });
}
