import { createHash, randomBytes } from 'node:crypto';
import { AppError } from './shared/app-error.ts';
import { AUTH_STATE, collectionRulesSchema, creditLimitProposalSchema, creditRulesSchema, productInputSchema, restructureTermsSchema, sepayWebhookRequestSchema } from '@sen/contract';
import { z } from 'zod';
import { defaultCreditPolicy, RESTRUCTURE_RULES } from '@sen/domain';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { ACCRUAL_BATCH, LoanAccrual } from './jobs/loan-accrual.ts';
import { LoanReminders } from './jobs/loan-reminders.ts';
import { EventBus } from './events/event-bus.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { scheduledJobs } from './jobs/scheduled-jobs.ts';
import { AccountLifecycle } from './modules/account/account-lifecycle.ts';
import { AccountRepository } from './modules/account/account.repository.ts';
import { DataExportRegistry } from './modules/account/data-export.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { AuthSecurity } from './modules/auth/auth-security.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { createBotCheck } from './modules/auth/bot-check/create-bot-check.ts';
import { LoginBrakeRepository } from './modules/auth/login-brake.repository.ts';
import { LoginBrakeService } from './modules/auth/login-brake.service.ts';
import { OtpRepository } from './modules/auth/otp.repository.ts';
import { OtpService } from './modules/auth/otp.service.ts';
import { PasswordHasher } from './modules/auth/password-hasher.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { SessionRepository } from './modules/auth/session.repository.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { BankRepository } from './modules/bank/bank.repository.ts';
import { BankService } from './modules/bank/bank.service.ts';
import { BorrowerViewService } from './modules/borrower-view/borrower-view.service.ts';
import { IdImageLinks } from './modules/borrower-view/id-image-links.ts';
import { CollectionRulesRepository } from './modules/collections/collection-rules.repository.ts';
import { CollectionRulesService } from './modules/collections/collection-rules.service.ts';
import { CollectionsRepository } from './modules/collections/collections.repository.ts';
import { CollectionsService } from './modules/collections/collections.service.ts';
import { ContactGovernor } from './modules/collections/contact-governor.ts';
import { CertificationRepository } from './modules/certification/certification.repository.ts';
import { CertificationService, type CreditFacts } from './modules/certification/certification.service.ts';
import { OperatorCheckService } from './modules/certification/operator-check.service.ts';
import { ProfileRepository } from './modules/certification/profile.repository.ts';
import { ProfileService } from './modules/certification/profile.service.ts';
import { ContentRepository } from './modules/content/content.repository.ts';
import { ContentService } from './modules/content/content.service.ts';
import { CreditRepository } from './modules/credit/credit.repository.ts';
import { CreditRules } from './modules/credit/credit-rules.service.ts';
import { CreditRulesRepository } from './modules/credit/credit-rules.repository.ts';
import { CreditService } from './modules/credit/credit.service.ts';
import { ManualReviewRepository } from './modules/credit/manual-review.repository.ts';
import { limitProposalSubject, ManualReviewService } from './modules/credit/manual-review.service.ts';
import { HomeService } from './modules/credit/home.service.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { FeedbackRepository } from './modules/feedback/feedback.repository.ts';
import { FeedbackService } from './modules/feedback/feedback.service.ts';
import { BreachesRepository } from './modules/privacy/breaches.repository.ts';
import { BreachRegisterService } from './modules/privacy/breach-register.service.ts';
import { DataRequestsRepository } from './modules/privacy/data-requests.repository.ts';
import { DataRightsService } from './modules/privacy/data-rights.service.ts';
import { FileLinks } from './modules/files/file-links.ts';
import { FilesRepository } from './modules/files/files.repository.ts';
import { FilesService } from './modules/files/files.service.ts';
import { KycRepository } from './modules/kyc/kyc.repository.ts';
import { KycService } from './modules/kyc/kyc.service.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import { BorrowingService } from './modules/loan/borrowing.service.ts';
import { LoanService } from './modules/loan/loan.service.ts';
import { ORDER_LEDGER_CHECKS } from './modules/loan/order-ledger-checks.ts';
import { OrderViews } from './modules/loan/order-views.ts';
import { OrderService } from './modules/loan/order.service.ts';
import { PayoutService } from './modules/loan/payout.service.ts';
import { RefundService } from './modules/loan/refund.service.ts';
import { RestructureRepository } from './modules/loan/restructure.repository.ts';
import { RestructureService } from './modules/loan/restructure.service.ts';
import { ServicingRepository } from './modules/loan/servicing.repository.ts';
import { SettlementCertificateService } from './modules/loan/settlement-certificate.service.ts';
import { SigningCodeService } from './modules/loan/signing-code.ts';
import { WriteOffService } from './modules/loan/write-off.service.ts';
import { MessageRepository } from './modules/message/message.repository.ts';
import { OperatorAuditRepository } from './modules/operator/operator-audit.repository.ts';
import { OperatorAuditService } from './modules/operator/operator-audit.service.ts';
import { OperatorAuthService } from './modules/operator/operator-auth.service.ts';
import { OperatorRepository } from './modules/operator/operator.repository.ts';
import { OperatorService } from './modules/operator/operator.service.ts';
import { ProposalRepository } from './modules/operator/proposal.repository.ts';
import { ProposalKinds, ProposalService } from './modules/operator/proposal.service.ts';
import { MessageService } from './modules/message/message.service.ts';
import { ProductRepository } from './modules/product/product.repository.ts';
import { ProductService } from './modules/product/product.service.ts';
import { BankTransferService } from './modules/repayment/bank-transfer.service.ts';
import { CollectionService } from './modules/repayment/collection.service.ts';
import { ReceiptService } from './modules/repayment/receipt.service.ts';
import { REPAYMENT_LEDGER_CHECKS } from './modules/repayment/repayment-ledger-checks.ts';
import { RepaymentRequestService } from './modules/repayment/repayment-request.service.ts';
import { RepaymentRepository } from './modules/repayment/repayment.repository.ts';
import { ReconciliationRepository } from './modules/repayment/reconciliation.repository.ts';
import { ReconciliationService } from './modules/repayment/reconciliation.service.ts';
import { StatementImportService } from './modules/repayment/statement-import.service.ts';
import { UnidentifiedTransferRepository } from './modules/repayment/unidentified-transfer.repository.ts';
import { UnidentifiedTransferService } from './modules/repayment/unidentified-transfer.service.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { DeviceRateLimit } from './modules/tracking/device-rate-limit.ts';
import { TrackingRepository } from './modules/tracking/tracking.repository.ts';
import { TrackingService } from './modules/tracking/tracking.service.ts';
import { UserRepository } from './modules/user/user.repository.ts';
import { UserService } from './modules/user/user.service.ts';
import { createLogger } from './plugins/logger.ts';
import { createEkycProvider } from './providers/ekyc/create-ekyc-provider.ts';
import { DevLivenessSigner } from './providers/ekyc/dev-liveness.ts';
import type { EkycProvider } from './providers/ekyc/ekyc-provider.ts';
import { createOperatorProvider } from './providers/operator/create-operator-provider.ts';
import { createPayoutProvider } from './providers/payout/create-payout-provider.ts';
import type { PayoutProvider } from './providers/payout/payout-provider.ts';
import { createSmsProvider } from './providers/sms/create-sms-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { systemClock, type Clock, type MovableClock } from './shared/clock.ts';
import { FieldCipher, maskTail } from './shared/field-cipher.ts';
import type { Infra } from './shared/infra.ts';
import { noMetrics, type Metrics } from './shared/metrics.ts';
import { createStorage } from './shared/uploads/create-storage.ts';
import type { ObjectStorage } from './shared/uploads/storage.ts';

/** What the process hands the composition: configuration, an open database and, in tests, stand-ins. */
export interface InfraOptions {
  config: Config;
  /** An open, migrated database (createDatabase). The caller closes it after the app. */
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
  /** Prometheus series (shared/prometheus-metrics.ts) when METRICS_PORT is set; nothing otherwise. */
  metrics?: Metrics;
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

/** Layer 1: configuration, database, clocks, logger, providers and secrets. */
export async function createInfra(options: InfraOptions): Promise<Infra> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const secrets = await loadSecrets(config, database);
  const devClock = options.devClock && config.nodeEnv !== 'production' ? options.devClock : undefined;
  const devLivenessSigner = new DevLivenessSigner(secrets.otpPepper);
  return {
    config,
    database,
    clock,
    businessClock: devClock ? devClock.now : clock,
    ...(devClock ? { devClock } : {}),
    log: createLogger(config.logLevel, options.logStream),
    sms: options.smsProvider ?? createSmsProvider(config, clock),
    storage: options.storage ?? createStorage(config),
    payout: options.payoutProvider ?? createPayoutProvider(config, clock),
    ekyc: options.ekycProvider ?? createEkycProvider(config, devLivenessSigner),
    devLivenessSigner,
    secrets,
    metrics: options.metrics ?? noMetrics,
  };
}

/**
 * Layer 2: every repository and service, constructed in dependency order so the compiler sees the
 * graph (decision 078). A service receives what it uses in its constructor; the cross-module
 * wiring (home extensions, guards, listeners, export sections, erasers, ledger checks) is written
 * here, in one place, after the services it joins exist.
 */
export function composeServices(infra: Infra) {
  const { config, database, clock, businessClock, secrets, log } = infra;
  const uow = database.uow;
  // Domain events with an outbox (decision 079): services record, handlers below apply after commit.
  const events = new EventBus(uow, clock, log);

  // ── identity: audit, users, the account lifecycle, signing in ──
  // Derived from the OTP pepper (a server secret) rather than equal to it: one key, one purpose.
  const audit = new AuditService(new AuditRepository(database.db), clock, createHash('sha256').update(`audit-phone:${secrets.otpPepper}`).digest('hex'));
  const users = new UserService(new UserRepository(uow), clock);
  const accountLifecycle = new AccountLifecycle(new AccountRepository(uow), uow, clock, secrets.fieldCipher, config.accountRetentionDays, () => users);
  const dataExport = new DataExportRegistry();
  // PGlite is embedded: every revocation of its sessions happens in this process, so a short cache is exact (decision 030).
  const sessions = new SessionService(
    new SessionRepository(uow),
    clock,
    { ttlDays: config.sessionTtlDays, idleMinutes: config.sessionIdleMinutes },
    database.kind === 'pglite' ? new SessionCache(SESSION_CACHE_TTL_MS) : undefined,
  );
  const otp = new OtpService(
    new OtpRepository(uow),
    countedSms(infra.sms, infra.metrics),
    clock,
    {
      ...config.otp,
      botCheckFromSend: config.botCheck.kind === 'off' ? 0 : config.botCheck.fromSend,
      pepper: secrets.otpPepper,
      productName: config.productName,
      smsDailyBudget: config.smsDailyBudget,
    },
    log,
  );
  const loginBrake = new LoginBrakeService(new LoginBrakeRepository(database.db), clock, config.loginBrake);
  const authSecurity = new AuthSecurity(audit, loginBrake, infra.sms, clock, config.productName, log);
  const auth = new AuthService(users, otp, sessions, new PasswordHasher(), clock, { appId: config.appId, channelId: config.channelId }, authSecurity, uow);
  // The ALTCHA key is derived from a server secret unless configured: one key, one purpose.
  const botCheck = createBotCheck({ ...config.botCheck, hmacKey: config.botCheck.hmacKey ?? createHash('sha256').update(`altcha:${secrets.otpPepper}`).digest('hex') }, database.db, clock);

  // ── certification: the steps, personal data, the operator check ──
  const profileRepository = new ProfileRepository(uow);
  const certification = new CertificationService(new CertificationRepository(uow), config.authConfig, events, {
    phone: async (userId) => (await users.findById(userId))?.phone ?? null,
    personal: async (userId) => {
      const row = await profileRepository.personalData(userId);
      return row ? { birthDate: row.birthDate, idNumberIndex: row.idNumberIndex, salaryBand: row.salaryBand } : null;
    },
    party: async (userId) => {
      const row = await profileRepository.personalData(userId);
      return row ? { fullName: row.fullName, idNumberMasked: maskTail(secrets.fieldCipher.decrypt(row.idNumberCipher)) } : null;
    },
  });
  const profile = new ProfileService(profileRepository, uow, certification, secrets.fieldCipher, clock);
  const operatorCheck = new OperatorCheckService(profileRepository, uow, certification, createOperatorProvider(config, otp), clock);

  // ── messages, receiving accounts, products, credit and the home ──
  const messages = new MessageService(new MessageRepository(uow), uow, clock);
  const bank = new BankService(new BankRepository(uow), uow, secrets.fieldCipher, users, certification, clock);
  // The loans' business clock (movable in development, decision 074): review, quota and product dates.
  const product = new ProductService(new ProductRepository(uow), uow, businessClock, config.rateCap, events);
  const creditPolicy = defaultCreditPolicy({
    minAge: config.credit.minAge,
    maxAge: config.credit.maxAge,
    maxLimitVnd: config.credit.maxLimitVnd,
    personalInfoBoostVnd: config.credit.personalInfoBoostVnd,
    retryAfterDays: config.credit.retryAfterDays,
    calmDays: config.credit.calmDays,
  });
  /**
   * Development only (the dev certify endpoint): personal facts that certification cannot give on
   * this branch yet. They fill only what certification leaves null, and never exist in production.
   */
  const devCreditFacts = new Map<string, Partial<CreditFacts>>();
  const creditFacts = async (userId: string): Promise<CreditFacts> => {
    const known = await certification.creditFacts(userId);
    const extra = config.nodeEnv !== 'production' ? devCreditFacts.get(userId) : undefined;
    if (!extra) return known;
    return { ...known, birthDate: known.birthDate ?? extra.birthDate ?? null, monthlySalaryBand: known.monthlySalaryBand ?? extra.monthlySalaryBand ?? null };
  };
  // The manual review band (decision 095): the configuration's until operators approve a version.
  const creditRules = new CreditRules(new CreditRulesRepository(uow), { manualReview: config.credit.manualReview });
  const manualReviewRepository = new ManualReviewRepository(uow);
  const credit = new CreditService(new CreditRepository(uow), uow, businessClock, creditFacts, creditPolicy, events, creditRules, manualReviewRepository);
  const proposalRepository = new ProposalRepository(uow);
  const manualReviews = new ManualReviewService(manualReviewRepository, uow, businessClock, credit, creditPolicy, messages, (subject) => proposalRepository.hasPending(subject));
  const home = new HomeService(credit, product, certification, businessClock, config.support);

  // ── content, files and what is uploaded ──
  const content = new ContentService(new ContentRepository(uow), clock, config, () => product.activeProducts());
  const files = new FilesService(new FilesRepository(uow), infra.storage, new FileLinks(secrets.otpPepper, config.storage.linkTtlSeconds), clock);
  const feedback = new FeedbackService(new FeedbackRepository(uow), files, uow, clock);
  // The borrower's data rights with deadlines and the breach register (issue 25 item 9; decision 116).
  const dataRights = new DataRightsService(new DataRequestsRepository(uow), uow, clock);
  const breaches = new BreachRegisterService(new BreachesRepository(uow), uow, clock);
  const kyc = new KycService({
    uow,
    repository: new KycRepository(uow),
    files,
    storage: infra.storage,
    certification,
    provider: infra.ekyc,
    devSigner: infra.devLivenessSigner,
    cipher: secrets.fieldCipher,
    clock,
    livenessTtlSeconds: config.ekyc.livenessTtlSeconds,
    log,
  });
  const tracking = new TrackingService(new TrackingRepository(uow), clock, new DeviceRateLimit(config.tracking.eventsPerDeviceMinute, clock));

  // ── money: the ledger, loans, payouts, repayments ──
  const ledger = new LedgerService(uow, clock);
  const loans = new LoanService(uow, ledger);
  const signing = new SigningCodeService(otp, product, config.productName);
  const orders = new OrderService({
    uow,
    orders: loans.orders,
    products: product,
    credit,
    bank,
    certification,
    files,
    clock: businessClock,
    signing,
    parties: { lender: { legalName: config.company.legalName, licence: config.company.licence, address: config.company.address, supportPhone: config.support.phone, productName: config.productName } },
  });
  const payouts = new PayoutService({
    uow,
    loans,
    provider: infra.payout,
    credit,
    product,
    bank,
    messages,
    clock,
    businessClock,
    maxAttempts: config.payout.maxAttempts,
    retryMs: config.payout.retrySeconds * 1000,
    concurrency: config.payout.concurrency,
    log,
  });
  // Refunds of overpayments through the payout partner (decision 100), sent by the refund job.
  const servicingRepository = new ServicingRepository(uow);
  const refunds = new RefundService({
    uow,
    loans,
    ledger,
    repository: servicingRepository,
    provider: infra.payout,
    bank,
    messages,
    clock,
    businessClock,
    maxAttempts: config.payout.maxAttempts,
    retryMs: config.payout.retrySeconds * 1000,
    log,
  });
  const repaymentRepository = new RepaymentRepository(uow);
  const collection = new CollectionService({
    uow,
    repository: repaymentRepository,
    loans,
    ledger,
    credit,
    messages,
    clock: businessClock,
    raiseOnTimePercent: config.credit.raiseOnTimePercent,
    events,
  });
  const receipts = new ReceiptService({ uow, repository: repaymentRepository, loans, files, bank, messages, collection, clock: businessClock });
  const repaymentRequests = new RepaymentRequestService({
    repository: repaymentRepository,
    loans,
    clock: businessClock,
    account: config.collection,
    ttlMinutes: config.repayment.requestTtlMinutes,
    receiptPending: (orderIds) => receipts.pendingOrders(orderIds),
  });
  // The unmatched queue (decision 114): money that names no repayment waits in suspense for two operators.
  const unidentified = new UnidentifiedTransferService({ uow, repository: new UnidentifiedTransferRepository(uow), repayments: repaymentRepository, collection, ledger, clock: businessClock });
  const transfers = new BankTransferService({ uow, repository: repaymentRepository, collection, unidentified, clock: businessClock, accountNumber: config.collection.accountNumber });
  const orderViews = new OrderViews({
    uow,
    orders: loans.orders,
    users,
    bank,
    clock: businessClock,
    receiptPendingOrders: (orderIds) => receipts.pendingOrders(orderIds),
    refundsOf: (userId, orderIds) => refunds.viewsOf(userId, orderIds),
  });
  const borrowing = new BorrowingService({ uow, users, home, product, loans, orders, messages, log, tickerMinLoans: config.loan.tickerMinLoans });

  // The dashboards' daily aggregates (decision 096), on the loans' business clock.
  const dashboard = new DashboardService(new DashboardRepository(uow), uow, businessClock);

  // ── the loans' background work (decisions 070, 074, 075) ──
  // Two batches at once on PostgreSQL keep two cores busy; PGlite has one session.
  const accrual = new LoanAccrual(uow, ACCRUAL_BATCH, database.kind === 'postgres' ? 2 : 1);
  // Every contact with a borrower about a debt — a reminder, a dunning step, a collector's — passes
  // this one governor, under the borrower's lock (decisions 098, 108).
  const collectionsRepository = new CollectionsRepository(uow);
  const contactGovernor = new ContactGovernor({ uow, repository: collectionsRepository, clock: businessClock });
  const reminders = new LoanReminders({
    uow,
    governor: contactGovernor,
    messages,
    sms: infra.sms,
    clock: businessClock,
    log,
    policy: {
      daysBefore: config.loanJobs.reminderDaysBefore,
      maxPerDay: config.loanJobs.reminderMaxPerDay,
      fromHour: config.loanJobs.reminderFromHour,
      untilHour: config.loanJobs.reminderUntilHour,
      brand: config.productName,
    },
  });

  // ── cross-module wiring, in one place ──
  // The home: the default receiving account (bank), the orders tab (loans), 'payment failed' until
  // the borrower changes the account a payout failed for (payouts).
  credit.extendHome(async (userId) => {
    const account = await bank.defaultAccount(userId);
    return { receivingAccount: account ? { kind: account.kind, id: account.id, maskedNumber: account.maskedNumber } : null };
  });
  credit.extendHome((userId) => orderViews.repayProducts(userId));
  credit.extendHome(async (userId) => ({ bankErrorFlag: await payouts.bankError(userId) }));
  // ── what happens after an event, delivered after its transaction commits (decision 079) ──
  // Every credit decision messages the borrower (one message per review: the event key holds a repeat back).
  events.on('credit.decided', 'messages.creditDecision', async (event) => {
    await messages.notifyCreditDecision(event);
  });
  // A product flagged new became visible (decision 050): every approved borrower gets the
  // newProducts message once per activation.
  events.on('product.opened', 'messages.newProducts', async ({ eventKey }) => {
    for await (const userIds of credit.approvedBorrowers()) await messages.notifyMany(userIds, 'newProducts', { count: 1 }, { eventKey });
  });
  // Completing certification starts a review; the supplementary information done after approval
  // earns the personal-information boost.
  events.on('certification.itemChanged', 'credit.review', async ({ userId, item, state, hasAuth }) => {
    if (hasAuth && (await credit.requestReview(userId))) {
      const reviewId = (await credit.account(userId))?.reviewId;
      if (reviewId) await messages.notifyCreditReviewStarted(userId, reviewId);
    }
    if (item === creditPolicy.boostItem && state === AUTH_STATE.DONE) await credit.applyBoost(userId);
  });
  // Repay & auto-apply: borrow again once the loan is settled (API-FAMILY.md §6.6).
  events.on('loan.settled', 'borrowing.applyAgain', (event) => borrowing.borrowAgainOnSettlement(event));

  // ── synchronous policies: vetoes answered inside the caller's transaction ──
  // Vetoes: no unbinding an account a loan is being paid out to; no closing an account with a loan open.
  bank.addUnbindGuard(({ userId, accountId }) => loans.orders.hasOpenOrders(userId, accountId));
  accountLifecycle.addCloseGuard(async (userId) => ((await loans.orders.hasOpenOrders(userId)) ? { messageKey: 'error.accountCloseOpenLoans' } : null));
  // A closed account (issue 13, decision 060): its sessions end and its phone is freed in the
  // closing transaction; it gets no more messages; personal data goes after the retention period.
  accountLifecycle.onClosed('users', (userId, closedAt) => users.tombstone(userId, closedAt));
  accountLifecycle.onClosed('sessions', async (userId) => {
    await sessions.revokeAll(userId);
  });
  messages.setRecipientCheck(async (userId) => !(await accountLifecycle.isClosed(userId)));
  accountLifecycle.addEraser('devices', (userId) => users.erasePersonalData(userId));
  accountLifecycle.addEraser('messages', (userId) => messages.erase(userId));
  accountLifecycle.addEraser('feedback', (userId) => feedback.erase(userId));
  // The borrower's personal-data export (issue 13), section by section.
  dataExport.addSection('profile', (userId) => users.exportProfile(userId));
  dataExport.addSection('devices', (userId) => users.exportDevices(userId));
  dataExport.addSection('consents', (userId) => users.consentHistory(userId));
  dataExport.addSection('sessions', (userId) => sessions.exportFor(userId));
  dataExport.addSection('certification', async (userId) => ({ states: await certification.states(userId) }));
  // Personal and work information as the borrower entered them (English labels), the ID number masked.
  dataExport.addSection('personalData', async (userId) => {
    const user = await users.findById(userId);
    if (!user) return null;
    const personal = await profile.personalInfo(userId, user.publicId, 'en');
    return {
      personal: { ...personal, cardNo: personal.cardNo ? maskTail(personal.cardNo) : personal.cardNo },
      work: await profile.workInfo(userId, user.publicId, 'en'),
    };
  });
  dataExport.addSection('messages', (userId) => messages.exportFor(userId));
  // Receiving accounts with masked numbers, emergency contacts.
  dataExport.addSection('receivingAccounts', async (userId) => {
    const user = await users.info(userId);
    return { bankAccounts: await bank.myCards(userId, user.id), wallets: await bank.myWallets(userId), emergencyContacts: await bank.emergencyContacts(userId) };
  });
  dataExport.addSection('files', (userId) => files.exportFor(userId));
  dataExport.addSection('feedback', (userId) => feedback.exportFor(userId));
  dataExport.addSection('dataRights', (userId) => dataRights.exportFor(userId));
  dataExport.addSection('kyc', (userId) => kyc.exportFor(userId));
  // The ledger check knows the loans' and the repayments' own invariants.
  for (const check of [...ORDER_LEDGER_CHECKS, ...REPAYMENT_LEDGER_CHECKS]) ledger.addCheck(check);

  // The back office (issue 22; decisions 089–091): operators, their audit trail, four-eyes proposals.
  const passwordHasher = new PasswordHasher();
  const operatorRepository = new OperatorRepository(uow);
  const operatorAuth = new OperatorAuthService(operatorRepository, uow, clock, passwordHasher, secrets.fieldCipher, audit, {
    idleMinutes: config.admin.sessionIdleMinutes,
    maxHours: config.admin.sessionMaxHours,
    failuresBeforeLock: config.admin.failuresBeforeLock,
    lockMinutes: config.admin.lockMinutes,
    issuer: `${config.productName} back office`,
  });
  const operators = new OperatorService(operatorRepository, uow, clock, passwordHasher, secrets.fieldCipher, config.admin.invitationHours);
  const operatorAudit = new OperatorAuditService(new OperatorAuditRepository(uow), uow, clock);
  const proposalKinds = new ProposalKinds();
  const proposals = new ProposalService(proposalRepository, uow, clock, proposalKinds, operatorAudit, config.admin.proposalExpiryDays);
  proposalKinds.register({
    kind: 'product.change',
    parse: (payload) => productInputSchema.parse(payload),
    subject: (input) => `product:${input.code}`,
    prepare: async (input) => {
      product.check(input);
      const before = await product.findRecord(input.code);
      return { summary: `${before ? 'Change' : 'Create'} product ${input.code} (${input.name})`, before };
    },
    apply: (input, decision) => product.applyApproved(input, decision),
  });
  const receiptMatchSchema = z.object({ receiptId: z.number().int().positive(), amount: z.number().int().positive(), note: z.string().max(500).optional() });
  proposalKinds.register({
    kind: 'receipt.match',
    parse: (payload) => receiptMatchSchema.parse(payload),
    subject: (payload) => `receipt:${payload.receiptId}`,
    prepare: async (payload) => {
      const receipt = await receipts.find(payload.receiptId);
      if (!receipt) throw new AppError('NOT_FOUND');
      if (receipt.state !== 'pending') throw new AppError('RECEIPT_ALREADY_REVIEWED');
      return { summary: `Count ${payload.amount} VND of receipt ${receipt.id} (order ${receipt.orderNo}) as repaid`, before: receipt };
    },
    apply: (payload) => receipts.review({ id: payload.receiptId, approve: true, amount: payload.amount, note: payload.note }),
  });
  // The credit rules (decision 095): today the manual review band; the next version on approval.
  proposalKinds.register({
    kind: 'credit.rules',
    parse: (payload) => creditRulesSchema.parse(payload),
    subject: () => 'credit.rules',
    prepare: async (rules) => {
      const before = await creditRules.current();
      const band = rules.manualReview;
      const parts = [band.failedRules.length > 0 ? `failed ${band.failedRules.join(', ')} (at most ${band.maxFailedRules})` : 'no failed rules', band.approvalsFromVnd !== null ? `approvals from ${band.approvalsFromVnd} VND` : 'no approvals'];
      return { summary: `Credit rules v${before.version + 1}: manual review of ${parts.join('; ')}`, before };
    },
    apply: (rules, decision) => creditRules.applyApproved(rules, decision),
  });

  // A reviewer's approval above the suggested limit (decision 110): applied as that approval when
  // another operator approves, never by the one who opened the case's appeal.
  proposalKinds.register({
    kind: 'credit.limit',
    parse: (payload) => creditLimitProposalSchema.parse(payload),
    subject: (payload) => limitProposalSubject(payload.reviewId),
    prepare: (payload) => manualReviews.checkLimitProposal(payload),
    apply: (payload, decision) => manualReviews.applyApprovedLimit(payload, decision),
  });

  // Refunds and write-offs (issue 23; decision 100): money moves only on a second operator's approval.
  const writeOffs = new WriteOffService({
    uow,
    loans,
    ledger,
    events,
    repository: servicingRepository,
    clock: businessClock,
    thresholdDays: config.servicing.writeOffDaysPastDue,
    // The automatic write-off is the system's act: its audit row has no actor.
    recordAutomatic: (result) =>
      operatorAudit.record({ operator: null, ip: null, userAgent: null }, 'loan.writeOff', {
        targetType: 'order',
        targetId: result.orderId,
        after: result,
        reason: `${result.daysOverdue} days past due (automatic at ${config.servicing.writeOffDaysPastDue})`,
      }),
    log,
  });
  const refundIssueSchema = z.object({ orderId: z.number().int().positive(), amount: z.number().int().positive() });
  proposalKinds.register({
    kind: 'refund.issue',
    parse: (payload) => refundIssueSchema.parse(payload),
    subject: (payload) => `refund:${payload.orderId}`,
    prepare: async (payload) => {
      const { order, amount, account } = await refunds.check(payload.orderId, BigInt(payload.amount));
      return {
        summary: `Refund ${amount} VND held on order ${order.orderNo} to ${account.bankName} ${account.maskedNumber}`,
        before: { orderNo: order.orderNo, creditHeld: String(order.creditHeld), account: { id: account.id, bankName: account.bankName, maskedNumber: account.maskedNumber } },
      };
    },
    apply: (payload, decision) => refunds.approve({ orderId: payload.orderId, amount: BigInt(payload.amount) }, decision.proposalId),
  });
  const writeOffSchema = z.object({ orderId: z.number().int().positive() });
  proposalKinds.register({
    kind: 'loan.writeOff',
    parse: (payload) => writeOffSchema.parse(payload),
    subject: (payload) => `order:${payload.orderId}`,
    prepare: async (payload) => {
      const { orderNo, daysOverdue, owed } = await writeOffs.check(payload.orderId);
      const total = owed.principal + owed.interest + owed.fee + owed.overdueFee;
      return {
        summary: `Write off order ${orderNo} (${daysOverdue} days past due): ${total} VND as of today`,
        before: { orderNo, daysOverdue, principal: String(owed.principal), interest: String(owed.interest), fee: String(owed.fee), overdueFee: String(owed.overdueFee) },
      };
    },
    apply: (payload, decision) => writeOffs.writeOff(payload.orderId, { kind: 'manual', ...decision }),
  });
  // Restructuring and hardship (issue 23 item 5; decision 117): an offer is a proposal; its
  // approval sends it to the borrower, whose acceptance restructures the loan.
  const restructures = new RestructureService({
    uow,
    loans,
    ledger,
    repository: new RestructureRepository(uow),
    otp,
    products: product,
    messages,
    clock: businessClock,
    rules: RESTRUCTURE_RULES,
    productName: config.productName,
  });
  const restructureSchema = restructureTermsSchema.extend({ requestId: z.number().int().positive().nullable().default(null) });
  proposalKinds.register({
    kind: 'loan.restructure',
    parse: (payload) => restructureSchema.parse(payload),
    subject: (payload) => `order:${payload.orderId}`,
    prepare: (payload) => restructures.check(payload),
    apply: (payload, decision) => restructures.offer(payload, decision),
  });
  // The unmatched queue's decisions (decision 114): a match moves money to a loan, a return marks it to go back.
  const transferMatchSchema = z.object({ transferId: z.number().int().positive(), orderId: z.number().int().positive(), repaymentRequestId: z.string().uuid().optional() });
  proposalKinds.register({
    kind: 'transfer.match',
    parse: (payload) => transferMatchSchema.parse(payload),
    subject: (payload) => `unidentified:${payload.transferId}`,
    prepare: async (payload) => {
      const { row, order } = await unidentified.checkMatch(payload);
      return { summary: `Apply unidentified transfer ${row.transferId} of ${row.amount} VND to order ${order.orderNo}`, before: { transferId: row.transferId, amount: String(row.amount), orderNo: order.orderNo } };
    },
    apply: (payload, decision) => unidentified.applyMatch(payload, decision),
  });
  const transferReturnSchema = z.object({ transferId: z.number().int().positive() });
  proposalKinds.register({
    kind: 'transfer.return',
    parse: (payload) => transferReturnSchema.parse(payload),
    subject: (payload) => `unidentified:${payload.transferId}`,
    prepare: async (payload) => {
      const row = await unidentified.checkReturn(payload.transferId);
      return { summary: `Return unidentified transfer ${row.transferId} of ${row.amount} VND to its sender`, before: { transferId: row.transferId, amount: String(row.amount) } };
    },
    apply: (payload, decision) => unidentified.applyReturn(payload.transferId, decision),
  });
  // A return whose memo named nothing, recorded by hand (decision 125): money leaves suspense as when the memo names it.
  const transferReturnedSchema = z.object({ transferId: z.number().int().positive(), outgoingTransferId: z.number().int().positive() });
  proposalKinds.register({
    kind: 'transfer.returned',
    parse: (payload) => transferReturnedSchema.parse(payload),
    subject: (payload) => `unidentified:${payload.transferId}`,
    prepare: async (payload) => {
      const { row, outgoing } = await unidentified.checkRecordedReturn(payload);
      return {
        summary: `Record bank transfer ${outgoing.providerTransactionId} (${outgoing.amount} VND out) as the return of unidentified transfer ${row.transferId}`,
        before: { transferId: row.transferId, amount: String(row.amount), outgoingTransferId: outgoing.id, outgoingTransaction: outgoing.providerTransactionId, outgoingContent: outgoing.content },
      };
    },
    apply: (payload) => unidentified.applyRecordedReturn(payload),
  });
  // A bank statement's new money in (decision 118): recorded as the webhook would, on a second operator's approval.
  const statements = new StatementImportService({ uow, transfers, accountNumber: config.collection.accountNumber });
  const statementImportSchema = z.object({
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    fileName: z.string().max(255),
    rows: z.array(z.object({ row: z.number().int().positive(), transfer: sepayWebhookRequestSchema })).min(1),
  });
  proposalKinds.register({
    kind: 'statement.import',
    parse: (payload) => statementImportSchema.parse(payload),
    subject: (payload) => `statement:${payload.sha256}`,
    prepare: async (payload) => {
      const { count, amount, returned } = statements.summary(payload);
      const returns = returned > 0 ? `, ${returned} VND out returning unidentified transfers` : '';
      return {
        summary: `Record ${count} transfers (${amount} VND in${returns}) from bank statement ${payload.fileName}`,
        before: { sha256: payload.sha256, fileName: payload.fileName, count, amount: String(amount), returned: String(returned) },
      };
    },
    apply: (payload) => statements.apply(payload),
  });
  const reconciliation = new ReconciliationService({ repository: new ReconciliationRepository(uow), clock });
  // A payout cancelled by operators (decision 114): the credit comes back as when the job gives up.
  const payoutCancelSchema = z.object({ orderId: z.number().int().positive() });
  proposalKinds.register({
    kind: 'payout.cancel',
    parse: (payload) => payoutCancelSchema.parse(payload),
    subject: (payload) => `payout:${payload.orderId}`,
    prepare: async (payload) => {
      const { order, attempt } = await payouts.cancellable(payload.orderId);
      return {
        summary: `Cancel the payout of order ${order.orderNo} (${order.disbursedAmount} VND, attempt ${attempt.attempt}); ${order.principal} VND of credit limit back`,
        before: { orderNo: order.orderNo, state: order.state, attempt: attempt.attempt, attemptState: attempt.state },
      };
    },
    apply: (payload, decision) => payouts.cancel(payload.orderId, decision.now),
  });
  // A settled loan's confirmation of settlement (decision 101).
  const settlementCertificates = new SettlementCertificateService({
    orders: loans.orders,
    party: (userId) => certification.contractParty(userId),
    lender: { legalName: config.company.legalName, licence: config.company.licence, address: config.company.address, productName: config.productName },
    clock,
  });

  // The borrower view (decision 097): reads the modules above through their services; ID image
  // links are made by the audited reveal for one operator session and live for minutes.
  const borrowerView = new BorrowerViewService({
    users,
    profile,
    certification,
    kyc,
    files,
    credit,
    loans,
    collection,
    ledger,
    messages,
    securityEvents: audit,
    links: new IdImageLinks(secrets.otpPepper, config.admin.revealLinkMinutes * 60),
    clock,
  });

  // Collections (issue 23 item 1; decisions 098, 099): cases of overdue loans, every contact through
  // the governor; a loan repaid in full closes its case and decides its promises at once.
  const collections = new CollectionsService({
    uow,
    repository: collectionsRepository,
    governor: contactGovernor,
    clock: businessClock,
    borrowerView,
    bank,
    messages,
    sms: infra.sms,
    brand: config.productName,
    log,
  });
  // The collection rules (decision 122): buckets, dunning steps and approved templates change only
  // when a second operator approves; the job and the governor read the tables, so the next run uses them.
  const collectionRules = new CollectionRulesService(new CollectionRulesRepository(uow));
  proposalKinds.register({
    kind: 'collections.rules',
    parse: (payload) => collectionRulesSchema.parse(payload),
    subject: () => 'collections.rules',
    prepare: (rules) => collectionRules.check(rules),
    apply: (rules) => collectionRules.applyApproved(rules),
  });
  events.on('loan.settled', 'collections.close', ({ orderId }) => collections.onSettled(orderId));
  // A written-off loan's case closes (reason written_off): no more dunning or assignment (decision 108).
  events.on('loan.writtenOff', 'collections.closeWrittenOff', ({ orderId }) => collections.onWrittenOff(orderId));

  return {
    events,
    audit,
    users,
    accountLifecycle,
    dataExport,
    sessions,
    otp,
    auth,
    botCheck,
    certification,
    profile,
    operatorCheck,
    messages,
    bank,
    product,
    credit,
    creditPolicy,
    creditRules,
    manualReviews,
    devCreditFacts,
    home,
    content,
    files,
    feedback,
    dataRights,
    breaches,
    kyc,
    tracking,
    ledger,
    loans,
    orders,
    orderViews,
    borrowing,
    signing,
    payouts,
    collection,
    receipts,
    repaymentRequests,
    transfers,
    unidentified,
    statements,
    reconciliation,
    accrual,
    reminders,
    contactGovernor,
    operatorAuth,
    operators,
    operatorAudit,
    proposals,
    dashboard,
    borrowerView,
    collections,
    collectionRules,
    refunds,
    writeOffs,
    restructures,
    settlementCertificates,
  };
}

/** How long a resolved session is reused on PGlite before it is read again. */
const SESSION_CACHE_TTL_MS = 5_000;

export type Services = ReturnType<typeof composeServices>;

/** The whole server below HTTP: infrastructure, services and the job runner. Routes take what they need from it. */
export interface Composition {
  infra: Infra;
  services: Services;
  /** Every background job (jobs/scheduled-jobs.ts); started by main when JOBS_ENABLED. */
  jobs: JobRunner;
}

/** Infrastructure, then services, then the jobs: everything `buildApp` and main need. */
export async function compose(options: InfraOptions): Promise<Composition> {
  const infra = await createInfra(options);
  const services = composeServices(infra);
  const jobs = new JobRunner({
    uow: infra.database.uow,
    clock: infra.clock,
    log: infra.log,
    jobs: scheduledJobs(infra, services),
    tickMs: infra.config.jobs.intervalSeconds * 1000,
    metrics: infra.metrics,
  });
  return { infra, services, jobs };
}

/** The OTP texts' provider, counting each send's outcome (sen_otp_sends_total) when metrics are on. */
function countedSms(sms: SmsProvider, metrics: Metrics): SmsProvider {
  if (!metrics.enabled) return sms;
  return {
    name: sms.name,
    send: async (phone, text) => {
      try {
        await sms.send(phone, text);
      } catch (error) {
        metrics.otpSend('failed');
        throw error;
      }
      metrics.otpSend('sent');
    },
  };
}
