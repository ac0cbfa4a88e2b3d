import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_SEPAY_WEBHOOK_KEY, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      appCode: 'senh5',
      productName: 'Sen',
      databaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, 'data'),
      webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
      adminDistDir: path.join(REPO_ROOT, 'apps/admin/dist'),
      seedDemo: true,
      sessionTtlDays: 30,
      otp: { ttlSeconds: 300, limitPerPhoneHour: 5, limitPerIpHour: 20, limitPerDeviceHour: 10 },
      sms: { provider: 'dev' },
    });
  });

  it('does not seed demo data on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('runs the background jobs except in tests, unless asked, the runner looking every second', () => {
    expect(loadConfig({}).jobs).toEqual({ enabled: true, intervalSeconds: 1 });
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JOBS_ENABLED: 'true', JOBS_INTERVAL_SECONDS: '5' }).jobs).toEqual({ enabled: true, intervalSeconds: 5 });
    expect(() => loadConfig({ JOBS_INTERVAL_SECONDS: '0' })).toThrow(/JOBS_INTERVAL_SECONDS/);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ OTP_LIMIT_PER_IP_HOUR: '0' })).toThrow(/OTP_LIMIT_PER_IP_HOUR/);
    expect(() => loadConfig({ AUTH_CONFIG: 'ID,FOO' })).toThrow(ConfigError);
  });

  it('keeps reminder hours within the contact governor’s 07:00–21:00 (decision 108)', () => {
    expect(loadConfig({}).loanJobs).toMatchObject({ reminderFromHour: 7, reminderUntilHour: 21 });
    expect(loadConfig({ REMINDER_HOURS: '8-20' }).loanJobs).toMatchObject({ reminderFromHour: 8, reminderUntilHour: 20 });
    for (const hours of ['0-24', '6-21', '7-22', '20-7', '9-9']) expect(() => loadConfig({ REMINDER_HOURS: hours }), hours).toThrow(/REMINDER_HOURS.*within 7-21/);
  });

  it('is strict in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SIGN_SECRET is required[\s\S]*SMS_PROVIDER=dev is refused/);
    expect(() => loadConfig({ NODE_ENV: 'production', SIGN_SECRET: 'a'.repeat(32), SMS_PROVIDER: 'esms' })).toThrow(/ESMS_API_KEY/);
    const config = loadConfig({
      NODE_ENV: 'production',
      SIGN_SECRET: 'a'.repeat(32),
      SMS_PROVIDER: 'esms',
      ESMS_API_KEY: 'k',
      ESMS_SECRET_KEY: 's',
      ESMS_BRANDNAME: 'Sen',
      OTP_PEPPER: 'p'.repeat(32),
      FIELD_ENCRYPTION_KEY: 'f'.repeat(64),
      EKYC_PROVIDER: 'fpt',
      FPT_EKYC_API_KEY: 'k',
      FPT_EKYC_CALLBACK_SECRET: 'c'.repeat(32),
      PAYOUT_PROVIDER: 'napas',
      PAYOUT_BASE_URL: 'https://payout.partner.example/v1',
      PAYOUT_CLIENT_ID: 'sen',
      PAYOUT_SECRET_KEY: 'payout-secret-0123456789',
    });
    expect(config.sms.esms).toMatchObject({ baseUrl: 'https://rest.esms.vn', brandname: 'Sen' });
    expect(config.otpPepper).toBe('p'.repeat(32));
  });
});

const PRODUCTION = {
  NODE_ENV: 'production',
  SIGN_SECRET: 'a'.repeat(32),
  SMS_PROVIDER: 'esms',
  ESMS_API_KEY: 'k',
  ESMS_SECRET_KEY: 's',
  ESMS_BRANDNAME: 'Sen',
  OTP_PEPPER: 'p'.repeat(32),
  FIELD_ENCRYPTION_KEY: 'f'.repeat(64),
  EKYC_PROVIDER: 'fpt',
  FPT_EKYC_API_KEY: 'k',
  FPT_EKYC_CALLBACK_SECRET: 'c'.repeat(32),
  PAYOUT_PROVIDER: 'napas',
  PAYOUT_BASE_URL: 'https://payout.partner.example/v1',
  PAYOUT_CLIENT_ID: 'sen',
  PAYOUT_SECRET_KEY: 'payout-secret-0123456789',
};

describe('hardening settings (issue 8)', () => {
  it('finding 8: production never seeds demo data and refuses SEED_DEMO=true', () => {
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=true is refused when NODE_ENV=production/);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('finding 11: production refuses to start without the OTP pepper (HMAC key) from the environment', () => {
    const { OTP_PEPPER: _pepper, ...withoutPepper } = PRODUCTION;
    expect(() => loadConfig(withoutPepper)).toThrow(/OTP_PEPPER is required when NODE_ENV=production/);
    expect(() => loadConfig({ ...PRODUCTION, OTP_PEPPER: 'short' })).toThrow(/OTP_PEPPER/);
  });

  it('finding 9: request, connection and keep-alive timeouts have safe defaults', () => {
    expect(loadConfig({}).http).toEqual({ requestTimeoutMs: 30_000, connectionTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000, maxHeaderSizeBytes: 16_384 });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).http.requestTimeoutMs).toBe(5000);
  });

  it('picks the rate-limit store: Redis with REDIS_URL, else memory, never the database (decision 084)', () => {
    expect(loadConfig({}).rateLimitStore).toBe('memory');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).rateLimitStore).toBe('memory');
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', RATE_LIMIT_STORE: 'postgres' })).toThrow(/RATE_LIMIT_STORE/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimitStore).toBe('redis');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });

  it('reads the sign-in protections, refuses BOT_CHECK=off in production and a hosted check without URL and secret', () => {
    const config = loadConfig({});
    expect(config.sessionIdleMinutes).toBe(7 * 24 * 60);
    expect(config.loginBrake).toEqual({ failuresBeforeLock: 5, windowMinutes: 15, lockSeconds: 60, maxLockSeconds: 3600, failuresBeforeCode: 20, routeLimitPerMinute: 30 });
    expect(config.botCheck).toMatchObject({ kind: 'altcha', fromSend: 3, maxNumber: 50_000, ttlSeconds: 300 });
    const production = { NODE_ENV: 'production', SIGN_SECRET: 'a'.repeat(32), SMS_PROVIDER: 'esms', ESMS_API_KEY: 'k', ESMS_SECRET_KEY: 's', ESMS_BRANDNAME: 'Sen' };
    expect(() => loadConfig({ ...production, BOT_CHECK: 'off' })).toThrow(/BOT_CHECK=off is refused/);
    expect(() => loadConfig({ BOT_CHECK: 'hosted' })).toThrow(/BOT_CHECK_VERIFY_URL and BOT_CHECK_SECRET are required/);
    expect(loadConfig({ BOT_CHECK: 'hosted', BOT_CHECK_VERIFY_URL: 'https://cap.example/siteverify', BOT_CHECK_SECRET: 's' }).botCheck.kind).toBe('hosted');
  });

  it('reads MIN_APP_VERSION (unset by default) and refuses a malformed one', () => {
    expect(loadConfig({}).minAppVersion).toBeUndefined();
    expect(loadConfig({ MIN_APP_VERSION: '1.2.0' }).minAppVersion).toBe('1.2.0');
    expect(() => loadConfig({ MIN_APP_VERSION: 'latest' })).toThrow(/MIN_APP_VERSION/);
  });
});

describe('ledger, payout and collection settings (issues 11 and 12)', () => {
  it('defaults to development payouts and the demo collection account', () => {
    const config = loadConfig({});
    expect(config.payout).toMatchObject({ provider: 'dev', devDelayMs: 3000, devFailAccounts: [] });
    expect(config.collection).toEqual({ bankBin: '970422', accountNumber: '0000123456789', accountName: 'CONG TY SEN', bankName: 'MB Bank', branchName: 'Hội sở chính' });
  });

  it('repayments: the SePay key (a development default outside production only), the quote lifetime, the on-time raise', () => {
    const development = loadConfig({});
    expect(development.repayment).toEqual({ webhookKey: DEV_SEPAY_WEBHOOK_KEY, requestTtlMinutes: 30 });
    expect(development.credit.raiseOnTimePercent).toBe(10);
    // Production trusts only the key it is given: none set, none accepted.
    expect(loadConfig(PRODUCTION).repayment.webhookKey).toBeUndefined();
    expect(loadConfig({ ...PRODUCTION, SEPAY_WEBHOOK_KEY: 'k'.repeat(32) }).repayment.webhookKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ SEPAY_WEBHOOK_KEY: 'short' })).toThrow(/SEPAY_WEBHOOK_KEY: must be at least 16 characters/);
    expect(() => loadConfig({ ...PRODUCTION, SEPAY_WEBHOOK_KEY: DEV_SEPAY_WEBHOOK_KEY })).toThrow(/SEPAY_WEBHOOK_KEY must not be the development key/);
    expect(loadConfig({ REPAYMENT_REQUEST_TTL_MINUTES: '60', CREDIT_RAISE_ON_TIME_PERCENT: '0', COLLECTION_BRANCH_NAME: 'Chi nhánh Hà Nội' })).toMatchObject({
      repayment: { requestTtlMinutes: 60 },
      credit: { raiseOnTimePercent: 0 },
      collection: { branchName: 'Chi nhánh Hà Nội' },
    });
    expect(() => loadConfig({ REPAYMENT_REQUEST_TTL_MINUTES: '2' })).toThrow(/REPAYMENT_REQUEST_TTL_MINUTES/);
    expect(() => loadConfig({ CREDIT_RAISE_ON_TIME_PERCENT: '150' })).toThrow(/CREDIT_RAISE_ON_TIME_PERCENT/);
  });

  it('reads the failing accounts and the partner, and refuses bad ones', () => {
    expect(loadConfig({ PAYOUT_DEV_FAIL_ACCOUNTS: '0123456789,9876543210' }).payout.devFailAccounts).toEqual(['0123456789', '9876543210']);
    expect(() => loadConfig({ PAYOUT_DEV_FAIL_ACCOUNTS: '12,ab' })).toThrow(/PAYOUT_DEV_FAIL_ACCOUNTS/);
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'napas' })).toThrow(/PAYOUT_BASE_URL is required[\s\S]*PAYOUT_SECRET_KEY is required/);
    expect(loadConfig({ PAYOUT_PROVIDER: 'napas', PAYOUT_BASE_URL: 'https://p.example/v1/', PAYOUT_CLIENT_ID: 'c', PAYOUT_SECRET_KEY: 's'.repeat(16) }).payout.napas.baseUrl).toBe('https://p.example/v1');
    expect(() => loadConfig({ COLLECTION_BANK_BIN: '97042' })).toThrow(/COLLECTION_BANK_BIN/);
  });

  it('refuses the development payout in production', () => {
    const { PAYOUT_PROVIDER: _napas, ...withoutPartner } = PRODUCTION;
    expect(() => loadConfig(withoutPartner)).toThrow(/PAYOUT_PROVIDER=dev is refused when NODE_ENV=production/);
  });
});

describe('back-office settings (issue 22; decisions 089, 091)', () => {
  it('defaults to 30 idle minutes, 12 hours, 5 failures locking 15 minutes, 72-hour invitations, 7-day proposals and 5-minute ID image links', () => {
    expect(loadConfig({}).admin).toEqual({ sessionIdleMinutes: 30, sessionMaxHours: 12, failuresBeforeLock: 5, lockMinutes: 15, invitationHours: 72, proposalExpiryDays: 7, revealLinkMinutes: 5 });
  });

  it('keeps revealed ID image links short-lived: at most 30 minutes (decision 097)', () => {
    expect(loadConfig({ ADMIN_REVEAL_LINK_MINUTES: '30' }).admin.revealLinkMinutes).toBe(30);
    expect(() => loadConfig({ ADMIN_REVEAL_LINK_MINUTES: '31' })).toThrow(/ADMIN_REVEAL_LINK_MINUTES is at most 30/);
  });

  it('refuses non-positive values', () => {
    expect(() => loadConfig({ ADMIN_SESSION_IDLE_MINUTES: '0' })).toThrow(/ADMIN_SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ PROPOSAL_EXPIRY_DAYS: 'soon' })).toThrow(/PROPOSAL_EXPIRY_DAYS/);
  });

  it('no longer reads a shared operator token: operators sign in', () => {
    expect(loadConfig({ OPERATOR_TOKEN: 't'.repeat(24) })).not.toHaveProperty('operatorToken');
  });
});
