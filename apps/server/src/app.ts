import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { accountModule } from './modules/account/index.ts';
import { auditModule } from './modules/audit/index.ts';
import { authModule } from './modules/auth/index.ts';
import { bankModule } from './modules/bank/index.ts';
import { certificationModule } from './modules/certification/index.ts';
import { contentModule } from './modules/content/index.ts';
import { creditModule } from './modules/credit/index.ts';
import { productModule } from './modules/product/index.ts';
import { docsModule } from './modules/docs/index.ts';
import { feedbackModule } from './modules/feedback/index.ts';
import { kycModule } from './modules/kyc/index.ts';
import type { EkycProvider } from './providers/ekyc/ekyc-provider.ts';
import { filesModule } from './modules/files/index.ts';
import { messageModule } from './modules/message/index.ts';
import { ledgerModule } from './modules/ledger/index.ts';
import { loanModule } from './modules/loan/index.ts';
import { loanJobsModule } from './modules/loan-jobs/index.ts';
import { repaymentModule } from './modules/repayment/index.ts';
import { FieldCipher } from './shared/field-cipher.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { systemModule } from './modules/system/index.ts';
import { trackingModule } from './modules/tracking/index.ts';
import { userModule } from './modules/user/index.ts';
import { bodyParsersPlugin } from './plugins/body-parsers.ts';
import { compressPlugin } from './plugins/compress.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { httpServerOptions } from './plugins/http-server.ts';
import { langPlugin } from './plugins/lang.ts';
import { genReqId, loggerOptions } from './plugins/logger.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { requestChecksPlugin } from './plugins/request-checks.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';
import { createPayoutProvider } from './providers/payout/create-payout-provider.ts';
import type { PayoutProvider } from './providers/payout/payout-provider.ts';
import { createSmsProvider } from './providers/sms/create-sms-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { systemClock, type Clock, type MovableClock } from './shared/clock.ts';
import { createStorage } from './shared/uploads/create-storage.ts';
import type { ObjectStorage } from './shared/uploads/storage.ts';
import type { Infra } from './shared/infra.ts';
import { zodSerializerCompiler, zodValidatorCompiler } from './shared/register-endpoint.ts';
import './types.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (createDatabase). The caller closes it after app.close(). */
  database: Database;
  /** The time source of every rule that depends on time; tests pass a movable clock. */
  clock?: Clock;
  /** Development only: a movable business clock for the loans (decision 074); the business clock is `clock` otherwise. */
  devClock?: MovableClock;
  /** Defaults to the provider SMS_PROVIDER names. */
  smsProvider?: SmsProvider;
  /** Defaults to the provider EKYC_PROVIDER names. */
  ekycProvider?: EkycProvider;
  /** Defaults to the store STORAGE_DRIVER names. */
  storage?: ObjectStorage;
  /** Defaults to the provider PAYOUT_PROVIDER names. */
  payoutProvider?: PayoutProvider;
  /** Where logs go (default stdout); tests capture them here. */
  logStream?: DestinationStream;
}

/**
 * Sign secret and OTP pepper: from the environment, else (outside production only) generated once
 * and kept in app_settings. In production the pepper never sits in the database beside the hashes
 * it protects (issue 8, finding 11); loadConfig already refuses to start without both.
 */
async function loadSecrets(config: Config, database: Database): Promise<Infra['secrets']> {
  if (config.nodeEnv === 'production' && (!config.signSecret || !config.otpPepper || !config.fieldEncryptionKey)) {
    throw new Error('SIGN_SECRET, OTP_PEPPER and FIELD_ENCRYPTION_KEY must come from the environment in production');
  }
  const settings = new SettingsRepository(database.uow);
  const generate = () => randomBytes(24).toString('hex');
  return {
    signSecret: config.signSecret ?? (await settings.getOrCreate('sign_secret', generate)),
    otpPepper: config.otpPepper ?? (await settings.getOrCreate('otp_pepper', generate)),
    fieldCipher: new FieldCipher(
      config.fieldEncryptionKey ?? (await settings.getOrCreate('field_encryption_key', () => randomBytes(32).toString('hex'))),
    ),
  };
}

/**
 * Builds the Fastify app: the zod compilers, external plugins, then our plugins in a fixed order
 * (their hooks run in this order), then the modules — each registers its own routes from the
 * contract's endpoint objects and takes what it needs from `app.infra` and the modules before it
 * — then the static SPA and the not-found handler.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const infra: Infra = {
    config,
    database,
    clock,
    businessClock: options.devClock && config.nodeEnv !== 'production' ? options.devClock.now : clock,
    ...(options.devClock && config.nodeEnv !== 'production' ? { devClock: options.devClock } : {}),
    sms: options.smsProvider ?? createSmsProvider(config, clock),
    storage: options.storage ?? createStorage(config),
    payout: options.payoutProvider ?? createPayoutProvider(config, clock),
    secrets: await loadSecrets(config, database),
  };

  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    ...httpServerOptions(config),
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.decorate('infra', infra);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(securityPlugin, {
    production: config.nodeEnv === 'production',
    rateLimitPerMinute: config.rateLimitPerMinute,
    store: config.rateLimitStore,
    redisUrl: config.redisUrl,
    pool: database.pool,
    connectSources: config.cspConnectSources,
  });
  await app.register(compressPlugin);
  await app.register(multipartPlugin);
  // After multipart: its preValidation hook turns parts into fields before the text guard reads them.
  await app.register(bodyParsersPlugin);
  await app.register(langPlugin);
  await app.register(envelopePlugin);
  await app.register(requestChecksPlugin, { appCode: config.appCode, signSecret: infra.secrets.signSecret, clock, minAppVersion: config.minAppVersion });

  // Modules, each after the ones whose public services it uses.
  await app.register(systemModule);
  // The account lifecycle's registries come before every module that holds personal data (issue 13).
  await app.register(accountModule);
  await app.register(userModule);
  await app.register(auditModule);
  await app.register(authModule);
  await app.register(certificationModule);
  // Before the modules whose events message the borrower (credit, loans): they call app.messages.notify.
  await app.register(messageModule);
  await app.register(bankModule);
  // Products and credit (issue 10): credit uses certification, product, messages and bank.
  await app.register(productModule);
  await app.register(creditModule);
  await app.register(contentModule);
  await app.register(filesModule);
  await app.register(feedbackModule);
  await app.register(kycModule, { ...(options.ekycProvider ? { provider: options.ekycProvider } : {}) });
  await app.register(ledgerModule);
  // Loans (issues 11 and 12): orders, payouts, accrual; uses credit, product, bank, messages, ledger.
  await app.register(loanModule);
  // Repayments (issue 12): requests, the bank's transfer webhook, receipts, settlement; uses loans, credit, bank, files.
  await app.register(repaymentModule);
  // The loans' background jobs (accrual, reminders; payouts added by the payout job) and the dev clock.
  await app.register(loanJobsModule);
  await app.register(trackingModule);
  await app.register(docsModule);

  await app.register(staticSpaPlugin, { webDistDir: config.webDistDir });
  return app;
}
