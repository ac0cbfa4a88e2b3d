import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { OtpRepository } from './modules/auth/otp.repository.ts';
import { OtpService } from './modules/auth/otp.service.ts';
import { PasswordHasher } from './modules/auth/password-hasher.ts';
import { SessionRepository } from './modules/auth/session.repository.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { registerDevOutboxRoute, registerSystemRoutes } from './modules/system/system.routes.ts';
import { UserRepository } from './modules/user/user.repository.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { UserService } from './modules/user/user.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { bodyParserPlugin } from './plugins/body-parser.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { httpServerOptions } from './plugins/http-server.ts';
import { langPlugin } from './plugins/lang.ts';
import { genReqId, loggerOptions } from './plugins/logger.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { requestChecksPlugin } from './plugins/request-checks.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';
import { createSmsProvider } from './providers/sms/create-sms-provider.ts';
import { DevSmsProvider } from './providers/sms/dev-sms-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { systemClock, type Clock } from './shared/clock.ts';
import './types.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (createDatabase). The caller closes it after app.close(). */
  database: Database;
  /** The time source of every rule that depends on time; tests pass a movable clock. */
  clock?: Clock;
  /** Defaults to the provider SMS_PROVIDER names. */
  smsProvider?: SmsProvider;
  /** Where logs go (default stdout); tests capture them here. */
  logStream?: DestinationStream;
}

/**
 * Sign secret and OTP pepper: from the environment, else (outside production only) generated once
 * and kept in app_settings. In production the pepper never sits in the database beside the hashes
 * it protects (issue 8, finding 11); loadConfig already refuses to start without both.
 */
async function loadSecrets(config: Config, database: Database) {
  if (config.nodeEnv === 'production' && (!config.signSecret || !config.otpPepper)) {
    throw new Error('SIGN_SECRET and OTP_PEPPER must come from the environment in production');
  }
  const settings = new SettingsRepository(database.db);
  const generate = () => randomBytes(24).toString('hex');
  return {
    signSecret: config.signSecret ?? (await settings.getOrCreate('sign_secret', generate)),
    otpPepper: config.otpPepper ?? (await settings.getOrCreate('otp_pepper', generate)),
  };
}

/**
 * Builds the Fastify app: external plugins, then our plugins in a fixed order (their hooks run
 * in this order), then the modules' routes, then the static SPA and the not-found handler.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const secrets = await loadSecrets(config, database);
  const sms = options.smsProvider ?? createSmsProvider(config, clock);

  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    ...httpServerOptions(config),
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(securityPlugin, {
    production: config.nodeEnv === 'production',
    rateLimitPerMinute: config.rateLimitPerMinute,
    store: config.rateLimitStore,
    redisUrl: config.redisUrl,
    pool: database.pool,
  });
  await app.register(multipartPlugin);
  await app.register(bodyParserPlugin);
  await app.register(langPlugin);
  await app.register(envelopePlugin);
  await app.register(requestChecksPlugin, { appCode: config.appCode, signSecret: secrets.signSecret, clock });

  const sessions = new SessionService(new SessionRepository(database.db), clock, config.sessionTtlDays);
  await app.register(authPlugin, { sessions });

  const userRepository = new UserRepository(database.db);
  const otp = new OtpService(
    new OtpRepository(database.db),
    sms,
    clock,
    { ...config.otp, pepper: secrets.otpPepper, productName: config.productName, smsDailyBudget: config.smsDailyBudget },
    app.log,
  );
  const auth = new AuthService(userRepository, otp, sessions, new PasswordHasher(), clock);
  registerAuthRoutes(app, { auth, otp, signSecret: secrets.signSecret });
  registerUserRoutes(app, { users: new UserService(userRepository, clock), authConfig: config.authConfig });
  registerSystemRoutes(app, { database });
  if (sms instanceof DevSmsProvider && config.nodeEnv !== 'production') registerDevOutboxRoute(app, { sms });

  await app.register(staticSpaPlugin, { webDistDir: config.webDistDir });
  return app;
}
