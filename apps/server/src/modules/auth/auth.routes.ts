import { endpoints } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { deviceIdOf } from '../../shared/headers.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import type { Composition } from '../../compose.ts';
import type { RequestOrigin } from '../audit/index.ts';
import { loginRouteLimit } from './login-route-limit.ts';
import { sessionHook } from './session-hook.ts';

function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, deviceId: deviceIdOf(request) };
}

/**
 * Signing in: the sign-in routes' per-IP limit, the hook that resolves the caller's session, and
 * the login-code, login, password and logout endpoints.
 */
export async function registerAuthRoutes(app: FastifyInstance, { infra, services }: Composition): Promise<void> {
  const { auth, botCheck, audit, sessions } = services;
  await app.register(loginRouteLimit, {
    perMinute: infra.config.loginBrake.routeLimitPerMinute,
    clock: infra.clock,
    shared: infra.config.rateLimitStore === 'redis' && Boolean(infra.config.redisUrl),
  });
  await app.register(sessionHook, { sessions });
  registerEndpoint(app, endpoints.challenge, async () => botCheck.challenge());

  registerEndpoint(app, endpoints.loginSms, async ({ input, request }) => {
    // A solution is checked (and used up) only when sent; whether one was needed is decided under the send locks.
    const botCheckPassed = input.altcha !== undefined && (await botCheck.redeem(input.altcha, { ip: request.ip }));
    if (input.altcha !== undefined && !botCheckPassed) {
      await audit.record({ type: 'bot_check_failed', result: 'refused', phone: input.phone, ...originOf(request) });
      throw new AppError('CHALLENGE_FAILED');
    }
    return auth.sendCode({ phone: input.phone, ip: request.ip, deviceId: deviceIdOf(request), botCheckPassed });
  });

  registerEndpoint(app, endpoints.login, async ({ input, request }) => auth.login(input, originOf(request)));

  registerEndpoint(app, endpoints.passwordSet, async ({ input, session, request }) => auth.setPassword(session, input.newPasswd, originOf(request)));

  registerEndpoint(app, endpoints.passwordUpdate, async ({ input, session, request }) => {
    if (input.by === 'code') return auth.updatePasswordByCode(input.phone, input.smsCode, input.newPasswd, originOf(request));
    if (!session) throw new AppError('SESSION_EXPIRED');
    return auth.updatePasswordByOldPassword(session, input.oldPasswd, input.newPasswd, originOf(request));
  });

  registerEndpoint(app, endpoints.logout, async ({ session, request }) => {
    await auth.logout(session, originOf(request));
    return null;
  });
}
