import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { deviceIdOf } from '../../shared/headers.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  registerEndpoint(app, endpoints.loginSms, async ({ input, request }) =>
    auth.sendCode({ phone: input.phone, ip: request.ip, deviceId: deviceIdOf(request) }),
  );

  registerEndpoint(app, endpoints.login, async ({ input }) => auth.login(input));

  registerEndpoint(app, endpoints.passwordSet, async ({ input, session }) => auth.setPassword(session, input.newPasswd));

  registerEndpoint(app, endpoints.passwordUpdate, async ({ input, session }) => {
    if (input.by === 'code') return auth.updatePasswordByCode(input.phone, input.smsCode, input.newPasswd);
    if (!session) throw new AppError('SESSION_EXPIRED');
    return auth.updatePasswordByOldPassword(session, input.oldPasswd, input.newPasswd);
  });

  registerEndpoint(app, endpoints.logout, async ({ session }) => {
    await auth.logout(session);
    return null;
  });
}
