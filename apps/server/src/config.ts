import os from 'node:os';
import path from 'node:path';
import { CONTACT_RULES, DEFAULT_APP_CODE, DEFAULT_PRODUCT_NAME } from '@sen/contract';
import { CREDIT_RULE_NAMES, type ManualReviewBand } from '@sen/domain';
import { z } from 'zod';
import { REPO_ROOT } from './paths.ts';

/**
 * Server configuration, read from the environment once at start and validated with zod
 * (DESIGN.md: fail fast on bad configuration). Every variable, its default and its meaning:
 *
 * PORT                      8080         TCP port the HTTP server listens on
 * HOST                      0.0.0.0      interface to bind (0.0.0.0 = every interface)
 * NODE_ENV                  development  development | test | production; production turns on the strict checks below
 * LOG_LEVEL                 info         pino level: fatal, error, warn, info, debug, trace, silent
 * DATABASE_URL              (unset)      PostgreSQL connection string; when unset the embedded PGlite database is used
 * DATABASE_DIRECT_URL       (DATABASE_URL)  PostgreSQL connection string for migrations (session advisory lock, DDL): the server itself, not PgBouncer
 * DATABASE_POOL_MODE        session      session (a direct connection or a session-pooling PgBouncer) | transaction (behind a transaction-pooling PgBouncer: no named prepared statements; decision 105)
 * METRICS_PORT              (unset)      Prometheus metrics (GET /metrics) on this port, on its own listener; off when unset
 * METRICS_HOST              127.0.0.1    interface of the metrics listener (keep it private; scrape through the host or a private network)
 * METRICS_TOKEN             (unset)      when set (16+ characters), GET /metrics answers only `Authorization: Bearer <token>` (a metrics port reachable beyond the host)
 * OTEL_EXPORTER_OTLP_ENDPOINT (unset)    OpenTelemetry tracing (HTTP, PostgreSQL, Fastify) exported over OTLP/HTTP to this collector, with trace_id in log lines; when unset tracing code is not even loaded (read by main.ts and the OpenTelemetry SDK, not here)
 * OTEL_SERVICE_NAME         sen          the service name on the traces (the SDK reads every other OTEL_* variable itself)
 * DATA_DIR                  <repo>/data  directory of the embedded PGlite database; `memory://` keeps it in memory
 * APP_CODE                  senh5        app code every request must carry in its default params and signing
 * PRODUCT_NAME              Sen          brand name used in SMS texts
 * SIGN_SECRET               (generated)  request-signing secret; when unset one is generated once and kept in app_settings; required in production
 * SMS_PROVIDER              dev          dev (prints codes locally, refused in production) | esms (eSMS.vn HTTP API)
 * ESMS_BASE_URL             https://rest.esms.vn  base URL of the eSMS.vn API (required with SMS_PROVIDER=esms)
 * ESMS_API_KEY              (unset)      eSMS ApiKey (required with SMS_PROVIDER=esms)
 * ESMS_SECRET_KEY           (unset)      eSMS SecretKey (required with SMS_PROVIDER=esms)
 * ESMS_BRANDNAME            (unset)      registered eSMS sender brand name (required with SMS_PROVIDER=esms)
 * ESMS_TIMEOUT_MS           10000        how long to wait for eSMS before answering SMS_UNAVAILABLE
 * OTP_TTL_SECONDS           300          how long a login OTP is accepted
 * OTP_LIMIT_PER_PHONE_HOUR  5            OTP sends allowed per phone number per rolling hour
 * OTP_LIMIT_PER_IP_HOUR     20           OTP sends allowed per client IP per rolling hour
 * OTP_LIMIT_PER_DEVICE_HOUR 10           OTP sends allowed per device-id header per rolling hour
 * SESSION_TTL_DAYS          30           lifetime of a login session
 * SESSION_IDLE_MINUTES      10080        a session unused this long (7 days) ends before its lifetime; last use is recorded at most once a minute
 * LOGIN_FAILURES_BEFORE_LOCK 5           wrong passwords per phone within LOGIN_FAILURE_WINDOW_MINUTES that lock password sign-in
 * LOGIN_FAILURE_WINDOW_MINUTES 15        the window of LOGIN_FAILURES_BEFORE_LOCK
 * LOGIN_LOCK_SECONDS        60           the first lock; each further lock doubles, up to LOGIN_MAX_LOCK_SECONDS
 * LOGIN_MAX_LOCK_SECONDS    3600         the longest lock
 * LOGIN_FAILURES_BEFORE_CODE 20          wrong passwords since the last sign-in after which only a login code signs in (OTP login or reset by code)
 * LOGIN_RATE_LIMIT_PER_MINUTE 30         requests per client IP per minute to login, login/sms and password/update (besides RATE_LIMIT_PER_MINUTE)
 * BOT_CHECK                 altcha       altcha (self-hosted proof of work, no third party) | hosted (a siteverify service, see BOT_CHECK_VERIFY_URL) | off
 * BOT_CHECK_FROM_SEND       3            the send (per phone, IP or device within the hour) from which login/sms needs a solved challenge: near the limits, so a borrower's first code and one resend (and the family's native apps, which cannot solve it) need none
 * BOT_CHECK_MAX_NUMBER      50000        ALTCHA difficulty: the largest secret number (a phone solves ~half of it on average)
 * BOT_CHECK_TTL_SECONDS     300          how long an ALTCHA challenge may be solved and redeemed
 * BOT_CHECK_HMAC_KEY        (derived)    key signing ALTCHA challenges; when unset derived from the OTP pepper
 * BOT_CHECK_VERIFY_URL      (unset)      with BOT_CHECK=hosted: the provider's siteverify URL (form post of secret and response)
 * BOT_CHECK_SECRET          (unset)      with BOT_CHECK=hosted: the provider's secret key
 * AUTH_CONFIG               KYC,ID,TELECOM,BANK  certification steps the app requires, in order (authConfig endpoint; BANK is asked at the first loan)
 * OPERATOR_PROVIDER         sms          operator check: sms (codes of 4 then 6 digits through SMS_PROVIDER under the login code's limits; decision 044)
 * WEB_DIST_DIR              <repo>/apps/web/dist  built web app served as static files with SPA fallback
 * ADMIN_DIST_DIR            <repo>/apps/admin/dist  built back office served under /admin with its own SPA fallback
 * SEED_DEMO                 true on PGlite, false on PostgreSQL  create the demo user 0912345678 (password sen123) and the demo admin admin@sen.local (README) at start
 * RATE_LIMIT_PER_MINUTE     600          API requests allowed per client IP per minute
 * TRUST_PROXY               false        true when behind a load balancer that sets X-Forwarded-For (client IPs for limits)
 * BODY_LIMIT_BYTES          262144       largest JSON body accepted (multipart uploads have their own limits)
 * FIELD_ENCRYPTION_KEY      (generated)  AES-256-GCM key (64 hex characters) for ID and account numbers at rest; when unset one is generated once and kept in app_settings; required in production
 * OTP_PEPPER                (generated)  HMAC key of stored OTP hashes (at least 32 characters); when unset one is generated once and kept in app_settings; required in production, where the database never holds it
 * REDIS_URL                 (unset)      redis://host:port of a Redis shared by every instance (rate-limit counters)
 * RATE_LIMIT_STORE          auto         where per-IP counts live: auto (redis with REDIS_URL, else memory) | memory (per instance) | redis (shared); never the database (decision 084)
 * SMS_DAILY_BUDGET          5000         OTP SMS the whole service may send per day (Vietnam time), against SMS pumping
 * REQUEST_TIMEOUT_MS        30000        longest a request (headers and body) may take to arrive; slower clients get 408
 * CONNECTION_TIMEOUT_MS     60000        an idle socket is closed after this long
 * KEEP_ALIVE_TIMEOUT_MS     72000        how long a kept-alive connection waits for its next request (above the load balancer's idle timeout)
 * MAX_HEADER_SIZE_BYTES     16384        largest request header block; larger ones get a 431 envelope
 * DB_POOL_MAX               10           PostgreSQL connections per instance
 * DB_CONNECT_TIMEOUT_MS     5000         how long to wait for a PostgreSQL connection before answering 503
 * DB_STATEMENT_TIMEOUT_MS   15000        longest a PostgreSQL statement may run
 * DB_IDLE_TIMEOUT_MS        30000        idle PostgreSQL connections are closed after this long
 * MIN_APP_VERSION           (unset)      lowest app version served; an older one (app-version header, else `version`) gets code 300 (update)
 * APP_ID                    1            the lender's app id, answered in every login session (appId)
 * CHANNEL_ID                1            the distribution channel id answered in login sessions (channelId)
 * MAX_LOAN_AMOUNT_VND       10000000     largest loan, shown on the visitor home (common/index maxAmount)
 * LOAN_TERM_DAYS            180          longest loan term in days (common/index loanTerm)
 * ANNUAL_INTEREST_RATE_PERCENT 14.6      nominal annual rate shown to visitors, in percent
 * SUPPORT_PHONE             1900 6868    customer-service hotline (contact dialog: call)
 * SUPPORT_EMAIL             hotro@sen.vn customer-service e-mail (contact dialog: copy)
 * SUPPORT_ZALO              (unset)      Zalo id or number of customer service (contact dialog: copy), shown when set
 * JOBS_ENABLED              true (false when NODE_ENV=test)  run the scheduled sweeps (clean-up ...) in this process
 * ADMIN_SESSION_IDLE_MINUTES 30          back office: an operator session unused this long ends (sliding)
 * ADMIN_SESSION_MAX_HOURS   12           back office: an operator session ends this long after sign-in, used or not
 * ADMIN_FAILURES_BEFORE_LOCK 5           back office: failed passwords or codes in a row that lock an operator's sign-in
 * ADMIN_LOCK_MINUTES        15           back office: how long that lock lasts
 * ADMIN_INVITATION_HOURS    72           back office: how long an invitation (enrolment link) can be used
 * PROPOSAL_EXPIRY_DAYS      7            back office: a four-eyes proposal nobody decided in this many days expires
 * ADMIN_REVEAL_LINK_MINUTES 5            back office: how long a revealed ID image's link works (1..30; only for the session that revealed it)
 * LENDER_LICENCE            non-credit-institution  non-credit-institution (Civil Code art. 468: 20 %/year) | credit-institution (RATE_CAP_ANNUAL_PERCENT required)
 * RATE_CAP_ANNUAL_PERCENT   20 (non-credit-institution)  highest nominal annual interest of any product; overdue charges at most 150 % of it
 * CREDIT_MIN_AGE            18           credit engine: youngest borrower approved
 * CREDIT_MAX_AGE            60           credit engine: oldest borrower approved
 * CREDIT_MAX_LIMIT_VND      100000000    credit engine: largest credit limit of one borrower
 * CREDIT_PERSONAL_INFO_BOOST_VND 2000000 credit engine: limit added once the supplementary information (WORK) is done
 * CREDIT_RETRY_AFTER_DAYS   30           after a rejection, days until the borrower may be reviewed again
 * CREDIT_CALM_DAYS          7            length of a calm (cooling-off) period
 * CREDIT_REVIEW_INTERVAL_SECONDS 20      how often the credit review job looks for pending reviews (with JOBS_ENABLED)
 * CREDIT_REVIEW_FAILED_RULES (none)      manual review band's starting point (decision 095): engine rules whose failure alone sends a case to a person, comma-separated (e.g. operatorVerified,incomeBand)
 * CREDIT_REVIEW_MAX_FAILED_RULES 1      ... the most failed rules such a case may have
 * CREDIT_REVIEW_APPROVALS_FROM_VND (none) ... approvals of at least this limit go to a person
 * CREDIT_RAISE_ON_TIME_PERCENT 10        a loan settled on time (no instalment paid after its due date) raises the borrower's limit by this percentage, rounded down to 100,000 VND, up to CREDIT_MAX_LIMIT_VND; 0 turns it off
 * JOBS_INTERVAL_SECONDS     1            how often the job runner looks for due jobs (each job has its own schedule)
 * ACCOUNT_RETENTION_DAYS    30           days after an account closes before the erasure sweep erases its personal data (loan records the law requires are kept)
 * COMPANY_LEGAL_NAME        Công ty TNHH Sen Tài Chính  the lender's legal name (About us)
 * COMPANY_LICENCE           (unset)      the lender's business registration / licence number (About us), shown when set
 * COMPANY_ADDRESS           (unset)      the lender's registered address (About us), shown when set
 * STORAGE_DRIVER            local        where uploaded files (ID photos, selfies) live: local (a directory) | s3 (an S3-compatible bucket)
 * STORAGE_DIR               <DATA_DIR>/uploads  directory of STORAGE_DRIVER=local (a temporary directory when DATA_DIR is memory://)
 * S3_ENDPOINT               (unset)      base URL of an S3-compatible service (MinIO, R2, ...); AWS S3 when unset
 * S3_REGION                 us-east-1    region of the bucket (signing)
 * S3_BUCKET                 (unset)      bucket name (required with STORAGE_DRIVER=s3); must not be public
 * S3_ACCESS_KEY_ID          (unset)      access key (required with STORAGE_DRIVER=s3)
 * S3_SECRET_ACCESS_KEY      (unset)      secret key (required with STORAGE_DRIVER=s3)
 * S3_FORCE_PATH_STYLE       true         endpoint/bucket/key URLs (most S3-compatible services) instead of bucket.endpoint/key
 * S3_KEY_PREFIX             (empty)      prefix of every object key, to share a bucket
 * S3_TIMEOUT_MS             15000        how long one S3 call may take
 * FILE_LINK_TTL_SECONDS     600          lifetime of the owner-only links to uploaded images (kyc/info URLs)
 * EKYC_PROVIDER             dev          dev (our own liveness page, no ID reading; refused in production) | fpt (FPT.AI-style eKYC API)
 * FPT_EKYC_BASE_URL         https://api.fpt.ai  base URL of the eKYC vendor (EKYC_PROVIDER=fpt)
 * FPT_EKYC_API_KEY          (unset)      the vendor's API key (required with EKYC_PROVIDER=fpt)
 * FPT_EKYC_CALLBACK_SECRET  (unset)      shared secret of the vendor's signed result callbacks (required with EKYC_PROVIDER=fpt)
 * FPT_EKYC_TIMEOUT_MS       15000        how long to wait for the vendor before answering EKYC_UNAVAILABLE
 * FPT_EKYC_FACE_MATCH_THRESHOLD 80       similarity (0-100) from which the face matches the ID photo
 * LIVENESS_TTL_SECONDS      600          how long a face-liveness session may be completed
 * PUBLIC_BASE_URL           (unset)      this server's public origin (https://app.example.vn) for verifyUrl and callbacks; from the request when unset
 * PAYOUT_PROVIDER           dev          dev (pays out after PAYOUT_DELAY_MS, refused in production) | napas (NAPAS 247 transfers through a payment partner's API)
 * PAYOUT_DELAY_MS           3000         how long the development payout takes to succeed or fail
 * PAYOUT_DEV_FAIL_ACCOUNTS  (unset)      comma-separated account numbers the development payout fails for (besides any ending in 0000)
 * PAYOUT_BASE_URL           (unset)      the payment partner's API base URL (required with PAYOUT_PROVIDER=napas)
 * PAYOUT_CLIENT_ID          (unset)      our merchant/client id at the partner (required with PAYOUT_PROVIDER=napas)
 * PAYOUT_SECRET_KEY         (unset)      HMAC-SHA256 key that signs our requests and the partner's answers (required with PAYOUT_PROVIDER=napas)
 * PAYOUT_TIMEOUT_MS         15000        how long to wait for the partner before the attempt counts as unknown (and is reconciled by reference)
 * PAYOUT_POLL_SECONDS       5            how often the payout job sends new payouts and asks the partner about pending ones (with JOBS_ENABLED)
 * PAYOUT_CONCURRENCY        8            attempts the payout job sends or asks about side by side (a run goes on batch after batch while a batch is full)
 * PAYOUT_MAX_ATTEMPTS       3            transfers tried for one loan when the bank refuses for reasons not the borrower's account, before the order is given up and the limit restored
 * PAYOUT_RETRY_SECONDS      300          wait before the next attempt after such a refusal
 * COLLECTION_BANK_BIN       970422       the lender's collection account: NAPAS bank BIN (6 digits; 970422 = MB)
 * COLLECTION_ACCOUNT_NUMBER 0000123456789 the lender's collection account number (VietQR transfers of repayments)
 * COLLECTION_ACCOUNT_NAME   CONG TY SEN   the collection account holder as the bank shows it
 * COLLECTION_BANK_NAME      MB Bank      the collection bank's short name shown to borrowers
 * COLLECTION_BRANCH_NAME    Hội sở chính the collection account's branch (bank/repay/list branchName)
 * SEPAY_WEBHOOK_KEY         (development default)  the API key SePay sends as `Authorization: Apikey <key>` on the collection account's transfer webhook (at least 16 characters); outside production a development key applies when unset; in production unset means the webhook refuses every call
 * REPAYMENT_REQUEST_TTL_MINUTES 30       how long a repayment request's quoted amount stands (a transfer after it is still applied)
 * TICKER_MIN_LOANS          5            the home ticker shows recent real payouts only when there are at least this many (else it hides)
 * OUTBOX_DRAIN_SECONDS      5            how often undelivered domain events are delivered and failed handlers retried (decision 079)
 * LOAN_JOBS_INTERVAL_SECONDS 60          how often the loan jobs run (with JOBS_ENABLED): daily accrual catch-up and repayment reminders
 * REMINDER_DAYS_BEFORE      3,1          days before a due date on which the borrower is reminded (comma-separated)
 * REMINDER_MAX_PER_DAY      1            repayment reminders per borrower and day, across their loans (Circular 18/2019)
 * REMINDER_HOURS            7-21         Vietnam hours [from-until) in which reminders may be sent: within 7-21 (the contact governor's hours, decision 108); 6-21 or 7-22 refuses to start
 * TRACKING_RETENTION_DAYS   180          tracking events, attributions and client logs older than this are deleted by the daily tracking-retention sweep
 * TRACKING_EVENTS_PER_DEVICE_MINUTE 300  tracking events (and client-log records) one device id may send per minute; more get 429
 * TRACKING_LOG_PATH         /api/log/track  path of the client-log ingest (survey format); the web app's default log endpoint
 * CSP_CONNECT_SOURCES       (unset)      extra origins the web app may call (CSP connect-src), space- or comma-separated; with VITE_ADJUST_APP_TOKEN: https://*.adjust.com https://*.adjust.world
 * WRITE_OFF_DAYS_PAST_DUE   180          the daily write-off job writes off a loan whose oldest unpaid instalment is this many days past due (decision 100)
 */

export { REPO_ROOT };

/** The SePay webhook key outside production when SEPAY_WEBHOOK_KEY is unset (public: development only). */
export const DEV_SEPAY_WEBHOOK_KEY = 'sen-dev-sepay-webhook-key';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_DIRECT_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  DATA_DIR: optionalText,
  APP_CODE: z.string().trim().min(1).default(DEFAULT_APP_CODE),
  PRODUCT_NAME: z.string().trim().min(1).default(DEFAULT_PRODUCT_NAME),
  SIGN_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  SMS_PROVIDER: z.enum(['dev', 'esms']).default('dev'),
  ESMS_BASE_URL: z.url().default('https://rest.esms.vn'),
  ESMS_API_KEY: optionalText,
  ESMS_SECRET_KEY: optionalText,
  ESMS_BRANDNAME: optionalText,
  ESMS_TIMEOUT_MS: positiveInt(10_000),
  OTP_TTL_SECONDS: positiveInt(300),
  OTP_LIMIT_PER_PHONE_HOUR: positiveInt(5),
  OTP_LIMIT_PER_IP_HOUR: positiveInt(20),
  OTP_LIMIT_PER_DEVICE_HOUR: positiveInt(10),
  SESSION_TTL_DAYS: positiveInt(30),
  SESSION_IDLE_MINUTES: positiveInt(7 * 24 * 60),
  LOGIN_FAILURES_BEFORE_LOCK: positiveInt(5),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt(15),
  LOGIN_LOCK_SECONDS: positiveInt(60),
  LOGIN_MAX_LOCK_SECONDS: positiveInt(3600),
  LOGIN_FAILURES_BEFORE_CODE: positiveInt(20),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  BOT_CHECK: z.enum(['altcha', 'hosted', 'off']).default('altcha'),
  BOT_CHECK_FROM_SEND: positiveInt(3),
  BOT_CHECK_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
  BOT_CHECK_TTL_SECONDS: positiveInt(300),
  BOT_CHECK_HMAC_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  BOT_CHECK_VERIFY_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  BOT_CHECK_SECRET: optionalText,
  AUTH_CONFIG: z
    .string()
    .trim()
    .regex(/^(ID|WORK|BANK|KYC|TELECOM)(,(ID|WORK|BANK|KYC|TELECOM))*$/, 'must be a comma-separated list of ID, WORK, BANK, KYC, TELECOM')
    .default('KYC,ID,TELECOM,BANK'),
  OPERATOR_PROVIDER: z.enum(['sms']).default('sms'),
  WEB_DIST_DIR: optionalText,
  ADMIN_DIST_DIR: optionalText,
  SEED_DEMO: booleanText.optional(),
  RATE_LIMIT_PER_MINUTE: positiveInt(600),
  TRUST_PROXY: booleanText.default(false),
  BODY_LIMIT_BYTES: positiveInt(256 * 1024),
  OTP_PEPPER: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  FIELD_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  RATE_LIMIT_STORE: z.enum(['auto', 'memory', 'redis']).default('auto'),
  // Products and credit (issue 10).
  ADMIN_SESSION_IDLE_MINUTES: positiveInt(30),
  ADMIN_SESSION_MAX_HOURS: positiveInt(12),
  ADMIN_FAILURES_BEFORE_LOCK: positiveInt(5),
  ADMIN_LOCK_MINUTES: positiveInt(15),
  ADMIN_INVITATION_HOURS: positiveInt(72),
  PROPOSAL_EXPIRY_DAYS: positiveInt(7),
  ADMIN_REVEAL_LINK_MINUTES: positiveInt(5).pipe(z.number().max(30, { error: 'ADMIN_REVEAL_LINK_MINUTES is at most 30: revealed ID images are short-lived' })),
  LENDER_LICENCE: z.enum(['non-credit-institution', 'credit-institution']).default('non-credit-institution'),
  RATE_CAP_ANNUAL_PERCENT: z.coerce.number().positive().max(1000).optional(),
  CREDIT_MIN_AGE: z.coerce.number().int().min(18).max(100).default(18),
  CREDIT_MAX_AGE: z.coerce.number().int().min(18).max(120).default(60),
  CREDIT_MAX_LIMIT_VND: positiveInt(100_000_000),
  CREDIT_PERSONAL_INFO_BOOST_VND: z.coerce.number().int().min(0).default(2_000_000),
  CREDIT_RETRY_AFTER_DAYS: positiveInt(30),
  CREDIT_CALM_DAYS: positiveInt(7),
  CREDIT_REVIEW_INTERVAL_SECONDS: positiveInt(20),
  CREDIT_RAISE_ON_TIME_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
  CREDIT_REVIEW_FAILED_RULES: z
    .string()
    .default('')
    .transform((text) => text.split(',').map((rule) => rule.trim()).filter(Boolean))
    .pipe(z.array(z.enum(CREDIT_RULE_NAMES))),
  CREDIT_REVIEW_MAX_FAILED_RULES: z.coerce.number().int().min(1).max(CREDIT_RULE_NAMES.length).default(1),
  CREDIT_REVIEW_APPROVALS_FROM_VND: z.coerce.number().int().positive().optional(),
  SMS_DAILY_BUDGET: positiveInt(5000),
  REQUEST_TIMEOUT_MS: positiveInt(30_000),
  CONNECTION_TIMEOUT_MS: positiveInt(60_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt(72_000),
  MAX_HEADER_SIZE_BYTES: z.coerce.number().int().min(4096).max(65_536).default(16_384),
  DB_POOL_MAX: positiveInt(10),
  DB_CONNECT_TIMEOUT_MS: positiveInt(5000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt(15_000),
  DB_IDLE_TIMEOUT_MS: positiveInt(30_000),
  MIN_APP_VERSION: optionalText.pipe(z.string().regex(/^\d+(\.\d+)*$/, 'must be a dotted version such as 1.2.0').optional()),
  APP_ID: positiveInt(1),
  CHANNEL_ID: positiveInt(1),
  MAX_LOAN_AMOUNT_VND: positiveInt(10_000_000),
  LOAN_TERM_DAYS: positiveInt(180),
  ANNUAL_INTEREST_RATE_PERCENT: z.coerce.number().positive().max(100).default(14.6),
  SUPPORT_PHONE: z.string().trim().min(1).max(32).default('1900 6868'),
  SUPPORT_EMAIL: z.email().default('hotro@sen.vn'),
  SUPPORT_ZALO: optionalText,
  JOBS_ENABLED: booleanText.optional(),
  JOBS_INTERVAL_SECONDS: positiveInt(1),
  ACCOUNT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  COMPANY_LEGAL_NAME: z.string().trim().min(1).max(200).default('Công ty TNHH Sen Tài Chính'),
  COMPANY_LICENCE: optionalText.pipe(z.string().max(200).optional()),
  COMPANY_ADDRESS: optionalText.pipe(z.string().max(300).optional()),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanText.default(true),
  S3_KEY_PREFIX: z.string().trim().regex(/^([a-z0-9][a-z0-9_-]*\/)*$/, 'must be empty or lower-case folders ending in /').default(''),
  S3_TIMEOUT_MS: positiveInt(15_000),
  FILE_LINK_TTL_SECONDS: positiveInt(600),
  EKYC_PROVIDER: z.enum(['dev', 'fpt']).default('dev'),
  FPT_EKYC_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.fpt.ai'),
  FPT_EKYC_API_KEY: optionalText,
  FPT_EKYC_CALLBACK_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  FPT_EKYC_TIMEOUT_MS: positiveInt(15_000),
  FPT_EKYC_FACE_MATCH_THRESHOLD: z.coerce.number().min(0).max(100).default(80),
  LIVENESS_TTL_SECONDS: positiveInt(600),
  PUBLIC_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Ledger, payout and collection (issues 11 and 12).
  PAYOUT_PROVIDER: z.enum(['dev', 'napas']).default('dev'),
  PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  PAYOUT_DEV_FAIL_ACCOUNTS: z
    .string()
    .trim()
    .regex(/^(\d{6,19}(,\d{6,19})*)?$/, 'must be a comma-separated list of account numbers')
    .default(''),
  PAYOUT_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PAYOUT_CLIENT_ID: optionalText,
  PAYOUT_SECRET_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  PAYOUT_TIMEOUT_MS: positiveInt(15_000),
  PAYOUT_POLL_SECONDS: positiveInt(5),
  PAYOUT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(8),
  PAYOUT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  PAYOUT_RETRY_SECONDS: positiveInt(300),
  COLLECTION_BANK_BIN: z.string().trim().regex(/^\d{6}$/, 'must be a 6-digit NAPAS bank BIN').default('970422'),
  COLLECTION_ACCOUNT_NUMBER: z.string().trim().regex(/^[0-9A-Za-z]{6,19}$/, 'must be 6-19 letters or digits').default('0000123456789'),
  COLLECTION_ACCOUNT_NAME: z.string().trim().min(1).max(50).default('CONG TY SEN'),
  COLLECTION_BANK_NAME: z.string().trim().min(1).max(50).default('MB Bank'),
  COLLECTION_BRANCH_NAME: z.string().trim().min(1).max(100).default('Hội sở chính'),
  SEPAY_WEBHOOK_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  REPAYMENT_REQUEST_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  LOAN_JOBS_INTERVAL_SECONDS: positiveInt(60),
  OUTBOX_DRAIN_SECONDS: positiveInt(5),
  TICKER_MIN_LOANS: positiveInt(5),
  REMINDER_DAYS_BEFORE: z
    .string()
    .trim()
    .regex(/^\d{1,2}(,\d{1,2})*$/, 'must be comma-separated whole days, e.g. 3,1')
    .default('3,1')
    .transform((text) => [...new Set(text.split(',').map(Number))].filter((days) => days > 0)),
  REMINDER_MAX_PER_DAY: z.coerce.number().int().min(0).max(5).default(1),
  REMINDER_HOURS: z
    .string()
    .trim()
    .regex(/^\d{1,2}-\d{1,2}$/, 'must be from-until in hours, e.g. 7-21')
    .default('7-21')
    .transform((text) => text.split('-').map(Number) as [number, number])
    .refine(([from, until]) => from < until && from >= CONTACT_RULES.fromHour && until <= CONTACT_RULES.untilHour, 'must be from-until within 7-21 (reminders go only from 07:00 until 21:00 Vietnam time), from before until'),
  TRACKING_RETENTION_DAYS: positiveInt(180),
  WRITE_OFF_DAYS_PAST_DUE: z.coerce.number().int().min(30).max(3650).default(180),
  TRACKING_EVENTS_PER_DEVICE_MINUTE: positiveInt(300),
  TRACKING_LOG_PATH: z.string().trim().regex(/^\/[A-Za-z0-9/_.-]*$/, 'must be a path such as /api/log/track').default('/api/log/track'),
  CSP_CONNECT_SOURCES: z
    .string()
    .trim()
    .default('')
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i, 'each must be an https origin such as https://*.adjust.com'))),
});

export type RateLimitStoreKind = 'memory' | 'redis';

export interface DbPoolConfig {
  max: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleTimeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'test' | 'production';
  logLevel: string;
  /** PostgreSQL when set; otherwise PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Migrations' connection (a session advisory lock and DDL): PostgreSQL itself when DATABASE_URL is a transaction pooler. */
  databaseDirectUrl: string | undefined;
  /** transaction: DATABASE_URL is a transaction-pooling PgBouncer (no named prepared statements; decision 105). */
  databasePoolMode: 'session' | 'transaction';
  /** Prometheus metrics on their own listener; undefined: off. */
  metrics: { port: number; host: string; token?: string } | undefined;
  dataDir: string;
  appCode: string;
  productName: string;
  signSecret: string | undefined;
  sms: {
    provider: 'dev' | 'esms';
    esms: { baseUrl: string; apiKey: string; secretKey: string; brandname: string; timeoutMs: number };
  };
  otp: { ttlSeconds: number; limitPerPhoneHour: number; limitPerIpHour: number; limitPerDeviceHour: number };
  sessionTtlDays: number;
  sessionIdleMinutes: number;
  /** The per-phone brake on password guessing and the login routes' own per-IP limit. */
  loginBrake: {
    failuresBeforeLock: number;
    windowMinutes: number;
    lockSeconds: number;
    maxLockSeconds: number;
    failuresBeforeCode: number;
    routeLimitPerMinute: number;
  };
  /** The back office's operators: sessions, lockout, invitations, proposals (docs/decisions/089, 091). */
  admin: {
    sessionIdleMinutes: number;
    sessionMaxHours: number;
    failuresBeforeLock: number;
    lockMinutes: number;
    invitationHours: number;
    proposalExpiryDays: number;
    /** Minutes a revealed ID image's link works (decision 097). */
    revealLinkMinutes: number;
  };
  /** The legal cap on product rates for the lender's licence (docs/decisions/050). */
  rateCap: { licence: 'non-credit-institution' | 'credit-institution'; annualPercent: number; overdueMultiple: number };
  /** Thresholds of the credit engine's default policy (docs/decisions/051). */
  credit: {
    minAge: number;
    maxAge: number;
    maxLimitVnd: number;
    personalInfoBoostVnd: number;
    retryAfterDays: number;
    calmDays: number;
    reviewIntervalSeconds: number;
    /** A loan settled on time raises the limit by this percentage (0: never). */
    raiseOnTimePercent: number;
    /** The manual review band until operators approve a version of their own (decision 095). */
    manualReview: ManualReviewBand;
  };
  /** Proof of work (or a hosted check) before sending codes once a phone, IP or device nears its limits. */
  botCheck: {
    kind: 'altcha' | 'hosted' | 'off';
    fromSend: number;
    maxNumber: number;
    ttlSeconds: number;
    hmacKey: string | undefined;
    verifyUrl: string | undefined;
    secret: string | undefined;
  };
  authConfig: string;
  operatorProvider: 'sms';
  webDistDir: string;
  adminDistDir: string;
  seedDemo: boolean;
  rateLimitPerMinute: number;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** Apps below this version are asked to update (code 300); undefined serves every version. */
  minAppVersion: string | undefined;
  /** HMAC key of OTP hashes; undefined outside production means "generate and keep in app_settings". */
  otpPepper: string | undefined;
  /** AES-256-GCM key (hex) of personal numbers at rest; generated and kept in app_settings when unset (not in production). */
  fieldEncryptionKey: string | undefined;
  redisUrl: string | undefined;
  rateLimitStore: RateLimitStoreKind;
  smsDailyBudget: number;
  http: { requestTimeoutMs: number; connectionTimeoutMs: number; keepAliveTimeoutMs: number; maxHeaderSizeBytes: number };
  dbPool: DbPoolConfig;
  appId: number;
  channelId: number;
  /** What the visitor home shows (common/index): product figures and support contacts. */
  product: { maxLoanAmountVnd: number; loanTermDays: number; annualInterestRatePercent: number };
  support: { phone: string; email: string; zalo: string | undefined };
  /** The job runner (jobs/job-runner.ts): on unless in tests; its tick in seconds. */
  jobs: { enabled: boolean; intervalSeconds: number };
  /** Days between closing an account and erasing its personal data (docs/decisions/060). */
  accountRetentionDays: number;
  /** The lender as About us shows it. */
  company: { legalName: string; licence: string | undefined; address: string | undefined };
  /** Uploaded files (shared/uploads): a local directory or an S3-compatible bucket. */
  storage: {
    driver: 'local' | 's3';
    dir: string;
    s3: { endpoint: string | undefined; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; prefix: string; timeoutMs: number };
    linkTtlSeconds: number;
  };
  /** eKYC (providers/ekyc): ID reading, face match and the face-liveness frame. */
  ekyc: {
    provider: 'dev' | 'fpt';
    fpt: { baseUrl: string; apiKey: string; callbackSecret: string; timeoutMs: number; faceMatchThreshold: number };
    livenessTtlSeconds: number;
    /** This server's public origin without a trailing slash; undefined: taken from each request. */
    publicBaseUrl: string | undefined;
  };
  /** Payouts to borrowers (providers/payout). */
  payout: {
    provider: 'dev' | 'napas';
    devDelayMs: number;
    devFailAccounts: string[];
    napas: { baseUrl: string; clientId: string; secretKey: string; timeoutMs: number };
    /** The payout job (modules/loan/payout.service.ts, decision 073). */
    pollSeconds: number;
    concurrency: number;
    maxAttempts: number;
    retrySeconds: number;
  };
  /** The lender's collection account borrowers transfer repayments to (VietQR). */
  collection: { bankBin: string; accountNumber: string; accountName: string; bankName: string; branchName: string };
  /** Repayments (modules/repayment): the bank's transfer webhook key and how long a quote stands. */
  repayment: {
    /** SePay's `Authorization: Apikey <key>`; undefined (production without SEPAY_WEBHOOK_KEY): every call refused. */
    webhookKey: string | undefined;
    requestTtlMinutes: number;
  };
  /** Borrowing (modules/loan). */
  loan: { tickerMinLoans: number };
  /** The loan jobs (jobs/loan-*.ts): accrual and reminders, decisions 074 and 075. */
  /** How often the outbox job delivers what commits left undelivered (decision 079). */
  outboxDrainSeconds: number;
  loanJobs: { intervalSeconds: number; reminderDaysBefore: number[]; reminderMaxPerDay: number; reminderFromHour: number; reminderUntilHour: number };
  /** Behaviour tracking, attribution and client logs (modules/tracking). */
  tracking: { retentionDays: number; eventsPerDeviceMinute: number; logPath: string };
  /** Extra CSP connect-src origins (the Adjust SDK's hosts when it is on). */
  cspConnectSources: string[];
  /** Servicing (decision 100): the automatic write-off's threshold in days past due. */
  servicing: { writeOffDaysPastDue: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.SIGN_SECRET) problems.push('SIGN_SECRET is required when NODE_ENV=production');
    if (e.BOT_CHECK === 'off') problems.push('BOT_CHECK=off is refused when NODE_ENV=production (use altcha or hosted)');
    if (e.SMS_PROVIDER === 'dev') problems.push('SMS_PROVIDER=dev is refused when NODE_ENV=production (use esms)');
    // The pepper beside the hashes it protects lets anyone who can read the database recover live codes.
    if (!e.FIELD_ENCRYPTION_KEY) problems.push('FIELD_ENCRYPTION_KEY is required when NODE_ENV=production (64 hex characters)');
    if (!e.OTP_PEPPER) problems.push('OTP_PEPPER is required when NODE_ENV=production (a random key of at least 32 characters)');
    if (e.SEED_DEMO === true) problems.push('SEED_DEMO=true is refused when NODE_ENV=production (the demo user has a public password)');
  }
  if (e.DATABASE_POOL_MODE === 'transaction' && (!e.DATABASE_URL || !e.DATABASE_DIRECT_URL)) {
    problems.push('DATABASE_POOL_MODE=transaction needs DATABASE_URL (the pooler) and DATABASE_DIRECT_URL (PostgreSQL itself, for migrations)');
  }
  if (e.RATE_LIMIT_STORE === 'redis' && !e.REDIS_URL) problems.push('RATE_LIMIT_STORE=redis needs REDIS_URL');
  if (e.SMS_PROVIDER === 'esms') {
    for (const name of ['ESMS_API_KEY', 'ESMS_SECRET_KEY', 'ESMS_BRANDNAME'] as const) {
      if (!e[name]) problems.push(`${name} is required when SMS_PROVIDER=esms`);
    }
  }
  if (e.BOT_CHECK === 'hosted' && (!e.BOT_CHECK_VERIFY_URL || !e.BOT_CHECK_SECRET)) {
    problems.push('BOT_CHECK_VERIFY_URL and BOT_CHECK_SECRET are required when BOT_CHECK=hosted');
  }
  if (e.NODE_ENV === 'production' && e.EKYC_PROVIDER === 'dev') problems.push('EKYC_PROVIDER=dev is refused when NODE_ENV=production (use fpt)');
  if (e.EKYC_PROVIDER === 'fpt') {
    for (const name of ['FPT_EKYC_API_KEY', 'FPT_EKYC_CALLBACK_SECRET'] as const) {
      if (!e[name]) problems.push(`${name} is required when EKYC_PROVIDER=fpt`);
    }
  }
  if (e.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name]) problems.push(`${name} is required when STORAGE_DRIVER=s3`);
    }
  }
  if (e.LENDER_LICENCE === 'credit-institution' && e.RATE_CAP_ANNUAL_PERCENT === undefined) {
    problems.push('RATE_CAP_ANNUAL_PERCENT is required when LENDER_LICENCE=credit-institution');
  }
  if (e.LENDER_LICENCE === 'non-credit-institution' && (e.RATE_CAP_ANNUAL_PERCENT ?? 20) > 20) {
    problems.push('RATE_CAP_ANNUAL_PERCENT may not exceed 20 for a non-credit-institution lender (Civil Code art. 468)');
  }
  if (e.CREDIT_MIN_AGE > e.CREDIT_MAX_AGE) problems.push('CREDIT_MIN_AGE must not exceed CREDIT_MAX_AGE');
  // The development key is public (.env.example): a production server copied from it would take anyone's transfers.
  if (e.NODE_ENV === 'production' && e.SEPAY_WEBHOOK_KEY === DEV_SEPAY_WEBHOOK_KEY) problems.push('SEPAY_WEBHOOK_KEY must not be the development key when NODE_ENV=production');
  if (e.NODE_ENV === 'production' && e.PAYOUT_PROVIDER === 'dev') problems.push('PAYOUT_PROVIDER=dev is refused when NODE_ENV=production (use napas)');
  if (e.PAYOUT_PROVIDER === 'napas') {
    for (const name of ['PAYOUT_BASE_URL', 'PAYOUT_CLIENT_ID', 'PAYOUT_SECRET_KEY'] as const) {
      if (!e[name]) problems.push(`${name} is required when PAYOUT_PROVIDER=napas`);
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databasePoolMode: e.DATABASE_POOL_MODE,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST, ...(e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : {}) },
    dataDir: e.DATA_DIR ?? path.join(REPO_ROOT, 'data'),
    appCode: e.APP_CODE,
    productName: e.PRODUCT_NAME,
    signSecret: e.SIGN_SECRET,
    sms: {
      provider: e.SMS_PROVIDER,
      esms: {
        baseUrl: e.ESMS_BASE_URL.replace(/\/+$/, ''),
        apiKey: e.ESMS_API_KEY ?? '',
        secretKey: e.ESMS_SECRET_KEY ?? '',
        brandname: e.ESMS_BRANDNAME ?? '',
        timeoutMs: e.ESMS_TIMEOUT_MS,
      },
    },
    otp: {
      ttlSeconds: e.OTP_TTL_SECONDS,
      limitPerPhoneHour: e.OTP_LIMIT_PER_PHONE_HOUR,
      limitPerIpHour: e.OTP_LIMIT_PER_IP_HOUR,
      limitPerDeviceHour: e.OTP_LIMIT_PER_DEVICE_HOUR,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    loginBrake: {
      failuresBeforeLock: e.LOGIN_FAILURES_BEFORE_LOCK,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
      lockSeconds: e.LOGIN_LOCK_SECONDS,
      maxLockSeconds: e.LOGIN_MAX_LOCK_SECONDS,
      failuresBeforeCode: e.LOGIN_FAILURES_BEFORE_CODE,
      routeLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    },
    botCheck: {
      kind: e.BOT_CHECK,
      fromSend: e.BOT_CHECK_FROM_SEND,
      maxNumber: e.BOT_CHECK_MAX_NUMBER,
      ttlSeconds: e.BOT_CHECK_TTL_SECONDS,
      hmacKey: e.BOT_CHECK_HMAC_KEY,
      verifyUrl: e.BOT_CHECK_VERIFY_URL,
      secret: e.BOT_CHECK_SECRET,
    },
    authConfig: e.AUTH_CONFIG,
    operatorProvider: e.OPERATOR_PROVIDER,
    webDistDir: e.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'),
    adminDistDir: e.ADMIN_DIST_DIR ?? path.join(REPO_ROOT, 'apps/admin/dist'),
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? !e.DATABASE_URL),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    minAppVersion: e.MIN_APP_VERSION,
    otpPepper: e.OTP_PEPPER,
    fieldEncryptionKey: e.FIELD_ENCRYPTION_KEY,
    redisUrl: e.REDIS_URL,
    rateLimitStore:
      e.RATE_LIMIT_STORE !== 'auto' ? e.RATE_LIMIT_STORE : e.REDIS_URL ? 'redis' : 'memory',
    smsDailyBudget: e.SMS_DAILY_BUDGET,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxHeaderSizeBytes: e.MAX_HEADER_SIZE_BYTES,
    },
    dbPool: {
      max: e.DB_POOL_MAX,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleTimeoutMs: e.DB_IDLE_TIMEOUT_MS,
    },
    appId: e.APP_ID,
    channelId: e.CHANNEL_ID,
    product: {
      maxLoanAmountVnd: e.MAX_LOAN_AMOUNT_VND,
      loanTermDays: e.LOAN_TERM_DAYS,
      annualInterestRatePercent: e.ANNUAL_INTEREST_RATE_PERCENT,
    },
    support: { phone: e.SUPPORT_PHONE, email: e.SUPPORT_EMAIL, zalo: e.SUPPORT_ZALO },
    jobs: { enabled: e.JOBS_ENABLED ?? e.NODE_ENV !== 'test', intervalSeconds: e.JOBS_INTERVAL_SECONDS },
    accountRetentionDays: e.ACCOUNT_RETENTION_DAYS,
    company: { legalName: e.COMPANY_LEGAL_NAME, licence: e.COMPANY_LICENCE, address: e.COMPANY_ADDRESS },
    admin: {
      sessionIdleMinutes: e.ADMIN_SESSION_IDLE_MINUTES,
      sessionMaxHours: e.ADMIN_SESSION_MAX_HOURS,
      failuresBeforeLock: e.ADMIN_FAILURES_BEFORE_LOCK,
      lockMinutes: e.ADMIN_LOCK_MINUTES,
      invitationHours: e.ADMIN_INVITATION_HOURS,
      proposalExpiryDays: e.PROPOSAL_EXPIRY_DAYS,
      revealLinkMinutes: e.ADMIN_REVEAL_LINK_MINUTES,
    },
    rateCap: { licence: e.LENDER_LICENCE, annualPercent: e.RATE_CAP_ANNUAL_PERCENT ?? 20, overdueMultiple: 1.5 },
    credit: {
      minAge: e.CREDIT_MIN_AGE,
      maxAge: e.CREDIT_MAX_AGE,
      maxLimitVnd: e.CREDIT_MAX_LIMIT_VND,
      personalInfoBoostVnd: e.CREDIT_PERSONAL_INFO_BOOST_VND,
      retryAfterDays: e.CREDIT_RETRY_AFTER_DAYS,
      calmDays: e.CREDIT_CALM_DAYS,
      reviewIntervalSeconds: e.CREDIT_REVIEW_INTERVAL_SECONDS,
      raiseOnTimePercent: e.CREDIT_RAISE_ON_TIME_PERCENT,
      manualReview: {
        failedRules: [...new Set(e.CREDIT_REVIEW_FAILED_RULES)],
        maxFailedRules: e.CREDIT_REVIEW_MAX_FAILED_RULES,
        approvalsFromVnd: e.CREDIT_REVIEW_APPROVALS_FROM_VND ?? null,
      },
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      dir:
        e.STORAGE_DIR ??
        (e.DATA_DIR === 'memory://' ? path.join(os.tmpdir(), `sen-uploads-${process.pid}`) : path.join(e.DATA_DIR ?? path.join(REPO_ROOT, 'data'), 'uploads')),
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET ?? '',
        accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        prefix: e.S3_KEY_PREFIX,
        timeoutMs: e.S3_TIMEOUT_MS,
      },
      linkTtlSeconds: e.FILE_LINK_TTL_SECONDS,
    },
    ekyc: {
      provider: e.EKYC_PROVIDER,
      fpt: {
        baseUrl: e.FPT_EKYC_BASE_URL.replace(/\/+$/, ''),
        apiKey: e.FPT_EKYC_API_KEY ?? '',
        callbackSecret: e.FPT_EKYC_CALLBACK_SECRET ?? '',
        timeoutMs: e.FPT_EKYC_TIMEOUT_MS,
        faceMatchThreshold: e.FPT_EKYC_FACE_MATCH_THRESHOLD,
      },
      livenessTtlSeconds: e.LIVENESS_TTL_SECONDS,
      publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    },
    payout: {
      provider: e.PAYOUT_PROVIDER,
      devDelayMs: e.PAYOUT_DELAY_MS,
      devFailAccounts: e.PAYOUT_DEV_FAIL_ACCOUNTS ? e.PAYOUT_DEV_FAIL_ACCOUNTS.split(',') : [],
      napas: {
        baseUrl: (e.PAYOUT_BASE_URL ?? '').replace(/\/+$/, ''),
        clientId: e.PAYOUT_CLIENT_ID ?? '',
        secretKey: e.PAYOUT_SECRET_KEY ?? '',
        timeoutMs: e.PAYOUT_TIMEOUT_MS,
      },
      pollSeconds: e.PAYOUT_POLL_SECONDS,
      concurrency: e.PAYOUT_CONCURRENCY,
      maxAttempts: e.PAYOUT_MAX_ATTEMPTS,
      retrySeconds: e.PAYOUT_RETRY_SECONDS,
    },
    collection: {
      bankBin: e.COLLECTION_BANK_BIN,
      accountNumber: e.COLLECTION_ACCOUNT_NUMBER,
      accountName: e.COLLECTION_ACCOUNT_NAME,
      bankName: e.COLLECTION_BANK_NAME,
      branchName: e.COLLECTION_BRANCH_NAME,
    },
    repayment: {
      // Outside production the development key lets `npm start` and the dev 'Pay now' work with no
      // setup; a production server only trusts the key it was given.
      webhookKey: e.SEPAY_WEBHOOK_KEY ?? (e.NODE_ENV === 'production' ? undefined : DEV_SEPAY_WEBHOOK_KEY),
      requestTtlMinutes: e.REPAYMENT_REQUEST_TTL_MINUTES,
    },
    loan: { tickerMinLoans: e.TICKER_MIN_LOANS },
    outboxDrainSeconds: e.OUTBOX_DRAIN_SECONDS,
    loanJobs: {
      intervalSeconds: e.LOAN_JOBS_INTERVAL_SECONDS,
      reminderDaysBefore: e.REMINDER_DAYS_BEFORE,
      reminderMaxPerDay: e.REMINDER_MAX_PER_DAY,
      reminderFromHour: e.REMINDER_HOURS[0],
      reminderUntilHour: e.REMINDER_HOURS[1],
    },
    servicing: { writeOffDaysPastDue: e.WRITE_OFF_DAYS_PAST_DUE },
    tracking: {
      retentionDays: e.TRACKING_RETENTION_DAYS,
      eventsPerDeviceMinute: e.TRACKING_EVENTS_PER_DEVICE_MINUTE,
      logPath: e.TRACKING_LOG_PATH,
    },
    cspConnectSources: e.CSP_CONNECT_SOURCES,
  };
}
