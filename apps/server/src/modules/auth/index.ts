import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { OtpRepository } from './otp.repository.ts';
import { OtpService } from './otp.service.ts';
import { PasswordHasher } from './password-hasher.ts';
import { SessionRepository } from './session.repository.ts';
import { SessionService } from './session.service.ts';
import { sessionHook } from './session-hook.ts';

export { bearerToken } from './session-hook.ts';
export { PasswordHasher } from './password-hasher.ts';

/**
 * Signing in: login codes, password and code logins, passwords, sessions and the hook that
 * resolves the caller's session. Needs the user module.
 */
export const authModule = globalPlugin('sen-auth', async (app: FastifyInstance) => {
  const { config, database, clock, sms, secrets } = app.infra;
  const sessions = new SessionService(new SessionRepository(database.uow), clock, config.sessionTtlDays);
  await app.register(sessionHook, { sessions });
  const otp = new OtpService(
    new OtpRepository(database.uow),
    sms,
    clock,
    { ...config.otp, pepper: secrets.otpPepper, productName: config.productName, smsDailyBudget: config.smsDailyBudget },
    app.log,
  );
  const sessionOptions = { appId: config.appId, channelId: config.channelId };
  const auth = new AuthService(app.users, otp, sessions, new PasswordHasher(), clock, sessionOptions, database.uow);
  registerAuthRoutes(app, auth);
});
