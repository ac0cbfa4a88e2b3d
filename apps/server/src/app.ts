import Fastify, { type FastifyInstance } from 'fastify';
import { compose, type Composition, type InfraOptions } from './compose.ts';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerBankRoutes } from './modules/bank/bank.routes.ts';
import { registerBorrowerViewRoutes } from './modules/borrower-view/borrower-view.routes.ts';
import { registerCollectionsRoutes } from './modules/collections/collections.routes.ts';
import { registerCertificationRoutes } from './modules/certification/certification.routes.ts';
import { registerContentRoutes } from './modules/content/content.routes.ts';
import { registerCreditRoutes } from './modules/credit/credit.routes.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { registerDocsRoutes } from './modules/docs/docs.routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { registerFilesRoutes } from './modules/files/files.routes.ts';
import { registerKycRoutes } from './modules/kyc/kyc.routes.ts';
import { registerLedgerRoutes } from './modules/ledger/ledger.routes.ts';
import { registerLoanRoutes } from './modules/loan/loan.routes.ts';
import { registerMessageRoutes } from './modules/message/message.routes.ts';
import { registerOperatorRoutes } from './modules/operator/operator.routes.ts';
import { registerProductRoutes } from './modules/product/product.routes.ts';
import { registerRepaymentRoutes } from './modules/repayment/repayment.routes.ts';
import { registerServicingRoutes } from './modules/loan/servicing.routes.ts';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerTrackingRoutes } from './modules/tracking/tracking.routes.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { bodyParsersPlugin } from './plugins/body-parsers.ts';
import { compressPlugin } from './plugins/compress.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { httpServerOptions } from './plugins/http-server.ts';
import { langPlugin } from './plugins/lang.ts';
import { genReqId, lazyChildLoggerFactory } from './plugins/logger.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { requestChecksPlugin } from './plugins/request-checks.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';
import { zodSerializerCompiler, zodValidatorCompiler } from './shared/register-endpoint.ts';
import './types.ts';

export type BuildAppOptions = InfraOptions;

/** The HTTP app and the composition below it (tests and main reach services here, never through Fastify). */
export interface SenApp extends Composition {
  app: FastifyInstance;
}

/** A module's routes: the endpoints it maps to its services (each module's `<module>.routes.ts`). */
type ModuleRoutes = (app: FastifyInstance, composition: Composition) => void | Promise<void>;

/**
 * The modules' routes in registration order. Hooks a module adds (the auth module's session hook,
 * the message module's language hook, the operator module's back-office hook, the webhook guards) run for every route, in
 * this order; the routes map endpoints to the composition's services and nothing else.
 */
const MODULE_ROUTES: ModuleRoutes[] = [
  registerSystemRoutes,
  registerAccountRoutes,
  registerUserRoutes,
  registerAuthRoutes,
  registerOperatorRoutes,
  registerCertificationRoutes,
  registerMessageRoutes,
  registerBankRoutes,
  registerProductRoutes,
  registerCreditRoutes,
  registerContentRoutes,
  registerFilesRoutes,
  registerFeedbackRoutes,
  registerKycRoutes,
  registerLedgerRoutes,
  registerLoanRoutes,
  registerRepaymentRoutes,
  registerBorrowerViewRoutes,
  registerTrackingRoutes,
  registerDashboardRoutes,
  registerCollectionsRoutes,
  registerDocsRoutes,
  registerServicingRoutes,
  registerPrivacyRoutes,
];

/**
 * Builds Sen: the composition (compose.ts: infrastructure → repositories → services → wiring),
 * then the Fastify app: the zod compilers, our plugins in a fixed order (their hooks run in this
 * order), the modules' routes, then the static SPA and the not-found handler.
 */
export async function buildApp(options: BuildAppOptions): Promise<SenApp> {
  const composition = await compose(options);
  const { config, clock, log, secrets } = composition.infra;

  const app = Fastify({
    loggerInstance: log,
    childLoggerFactory: lazyChildLoggerFactory,
    genReqId,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    ...httpServerOptions(config),
  });
  // Request rate and latency by route pattern and status (one histogram observe), only when metrics are on.
  const { metrics } = composition.infra;
  if (metrics.enabled) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.request(request, reply);
      done();
    });
  }
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);

  await app.register(securityPlugin, {
    production: config.nodeEnv === 'production',
    rateLimitPerMinute: config.rateLimitPerMinute,
    store: config.rateLimitStore,
    redisUrl: config.redisUrl,
    connectSources: config.cspConnectSources,
  });
  await app.register(compressPlugin);
  await app.register(multipartPlugin);
  // After multipart: its preValidation hook turns parts into fields before the text guard reads them.
  await app.register(bodyParsersPlugin);
  await app.register(langPlugin);
  await app.register(envelopePlugin);
  await app.register(requestChecksPlugin, { appCode: config.appCode, signSecret: secrets.signSecret, clock, minAppVersion: config.minAppVersion });

  for (const registerRoutes of MODULE_ROUTES) await registerRoutes(app, composition);

  await app.register(staticSpaPlugin, { webDistDir: config.webDistDir, adminDistDir: config.adminDistDir });
  return { app, ...composition };
}
