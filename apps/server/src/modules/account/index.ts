import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { deviceIdOf } from '../../shared/headers.ts';
import { AppError } from '../../shared/app-error.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { AccountLifecycle } from './account-lifecycle.ts';
import { AccountRepository } from './account.repository.ts';
import { DataExportRegistry } from './data-export.ts';

export type { AccountLifecycle, CloseGuard, CloseRefusal, ClosedListener, Eraser } from './account-lifecycle.ts';
export type { DataExportRegistry, ExportSectionLoader } from './data-export.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Close guards, closed listeners and erasers of the account lifecycle (docs/decisions/060). */
    accountLifecycle: AccountLifecycle;
    /** Sections of the borrower's personal-data export; every module holding personal data adds one. */
    dataExport: DataExportRegistry;
  }
}

/**
 * The account lifecycle: closing an account (delete/user) and the personal-data export. Registered
 * before the modules that hold personal data, so each of them can add its close guard, closed
 * listener, eraser and export section when it registers; the user module's public service is
 * looked up when an account closes.
 */
export const accountModule = globalPlugin('sen-account', async (app: FastifyInstance) => {
  const { database, clock, secrets, config } = app.infra;
  const lifecycle = new AccountLifecycle(new AccountRepository(database.uow), database.uow, clock, secrets.fieldCipher, config.accountRetentionDays, () => app.users);
  const dataExport = new DataExportRegistry();
  app.decorate('accountLifecycle', lifecycle);
  app.decorate('dataExport', dataExport);

  registerEndpoint(app, endpoints.deleteUser, async ({ input, request, session }) => {
    await lifecycle.close(session.userId, input);
    await app.audit.record({
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
    const user = await app.users.findById(session.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return {
      format: 'sen-personal-data-export' as const,
      generatedAt: clock().toISOString(),
      userId: user.publicId,
      sections: await dataExport.build(session.userId),
    };
  });
});
