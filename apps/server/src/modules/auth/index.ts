import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { AuthSecurity } from './auth-security.ts';
import { AuthService } from './auth.service.ts';
import { createBotCheck } from './bot-check/create-bot-check.ts';
import { LoginBrakeRepository } from './login-brake.repository.ts';
import { LoginBrakeService } from './login-brake.service.ts';
import { loginRouteLimit } from './login-route-limit.ts';
import { OtpRepository } from './otp.repository.ts';
import { OtpService } from './otp.service.ts';
import { PasswordHasher } from './password-hasher.ts';
import { SessionCache } from './session-cache.ts';
import { SessionRepository } from './session.repository.ts';
import { SessionService } from './session.service.ts';
import { sessionHook } from './session-hook.ts';

export { bearerToken } from './session-hook.ts';
export type { OtpChannel, OtpSent, OtpService } from './otp.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Login codes, and other codes sent under the same limits (OtpChannel; e.g. the operator check). */
    otp: OtpService;
  }
}
export { PasswordHasher } from './password-hasher.ts';

/** How long a resolved session is reused on PGlite before it is read again. */
const SESSION_CACHE_TTL_MS = 5_000;

/**
 * Signing in: login codes, password and code logins, passwords, sessions and the hook that
 * resolves the caller's session; the brake on password guessing, the sign-in routes' per-IP
 * limit and the bot check before sending codes. Needs the user and audit modules.
 */
export const authModule = globalPlugin('sen-auth', async (app: FastifyInstance) => {
  const { config, database, clock, sms, secrets } = app.infra;
  await app.register(loginRouteLimit, { perMinute: config.loginBrake.routeLimitPerMinute, clock, shared: config.rateLimitStore === 'redis' && Boolean(config.redisUrl) });
  // PGlite is embedded: every revocation of its sessions happens in this process, so a short cache is exact (decision 030).
  const cache = database.kind === 'pglite' ? new SessionCache(SESSION_CACHE_TTL_MS) : undefined;
  const sessions = new SessionService(
    new SessionRepository(database.uow),
    clock,
    { ttlDays: config.sessionTtlDays, idleMinutes: config.sessionIdleMinutes },
    cache,
  );
  await app.register(sessionHook, { sessions });
  // A closed account's sessions end in the closing transaction: its old tokens get 401 at once (issue 13).
  app.accountLifecycle.onClosed('sessions', async (userId) => {
    await sessions.revokeAll(userId);
  });
  app.dataExport.addSection('sessions', (userId) => sessions.exportFor(userId));
  const otp = new OtpService(
    new OtpRepository(database.uow),
    sms,
    clock,
    {
      ...config.otp,
      botCheckFromSend: config.botCheck.kind === 'off' ? 0 : config.botCheck.fromSend,
      pepper: secrets.otpPepper,
      productName: config.productName,
      smsDailyBudget: config.smsDailyBudget,
    },
    app.log,
  );
  app.decorate('otp', otp);
  const brake = new LoginBrakeService(new LoginBrakeRepository(database.db), clock, config.loginBrake);
  const security = new AuthSecurity(app.audit, brake, sms, clock, config.productName, app.log);
  const auth = new AuthService(app.users, otp, sessions, new PasswordHasher(), clock, { appId: config.appId, channelId: config.channelId }, security, database.uow);
  // The ALTCHA key is derived from a server secret unless configured: one key, one purpose.
  const hmacKey = config.botCheck.hmacKey ?? createHash('sha256').update(`altcha:${secrets.otpPepper}`).digest('hex');
  registerAuthRoutes(app, auth, createBotCheck({ ...config.botCheck, hmacKey }, database.db, clock));
});
