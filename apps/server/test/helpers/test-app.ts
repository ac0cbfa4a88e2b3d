import { randomInt } from 'node:crypto';
import path from 'node:path';
import {
  API_PATHS,
  APP_VERSION,
  DEFAULT_APP_CODE,
  HEADERS,
  LANG_HEADER,
  MOBILE_TYPE,
  ERRORS,
  computeSign,
  type ChallengeResponse,
  type Envelope,
  type Language,
  type LoginSession,
} from '@sen/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { solveChallenge } from 'altcha-lib/v1';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import type { Composition } from '../../src/compose.ts';
import type { DomainEventType } from '../../src/events/domain-events.ts';
import { users } from '../../src/db/schema.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import type { Metrics } from '../../src/shared/metrics.ts';
import { DevSmsProvider } from '../../src/providers/sms/dev-sms-provider.ts';
import type { SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import type { EkycProvider } from '../../src/providers/ekyc/ekyc-provider.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { MovableClock } from '../../src/shared/clock.ts';
import { AdminBrowser, signInNewOperator } from './operators.ts';
import type { OperatorRole } from '@sen/contract';

export interface TestAppOptions {
  /** Changes to the test configuration (limits, dist folder, ...). */
  config?: (config: Config) => Config;
  smsProvider?: SmsProvider;
  /** An eKYC provider (e.g. the FPT-style adapter against a local fake); the configured one otherwise. */
  ekycProvider?: EkycProvider;
  logStream?: DestinationStream;
  /** A movable business clock over the test clock (the development clock endpoints; decision 074). */
  devClock?: boolean;
  /** The database to run on (default: createTestDatabase, an isolated migrated one); closed with the app. */
  testDatabase?: () => Promise<TestDatabase>;
  /** Operational metrics over the test database (e.g. createPrometheusMetrics); none otherwise. */
  metrics?: (database: Database) => Metrics;
  /** Runs before the app is ready: add extra routes (or guards on the composition's services) for a test here. */
  extend?: (app: FastifyInstance, composition: Composition) => void;
}

export interface CallOptions {
  /** JSON body (POST) or query (GET), without the default params (added unless skipDefaultParams). */
  payload?: Record<string, unknown>;
  token?: string;
  lang?: Language;
  skipDefaultParams?: boolean;
  /** false: send no sign/timestamp headers; a string: send that sign. */
  sign?: false | string;
  /** Timestamp header to send (default: the test clock's now). */
  timestamp?: number | string;
  remoteAddress?: string;
  deviceId?: string | null;
  headers?: Record<string, string>;
}

export type ApiResponse<T = unknown> = LightMyRequestResponse & { envelope: Envelope<T> };

export const DEFAULT_PARAMS = { appCode: DEFAULT_APP_CODE, version: APP_VERSION, mobileType: MOBILE_TYPE.ANDROID };

/** A valid, random 10-digit phone number. */
export function randomPhone(): string {
  return `09${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export function randomDeviceId(): string {
  return `device-${randomInt(0, 1_000_000_000)}`;
}

/**
 * The app on an isolated database, with a movable clock, the development SMS outbox and helpers
 * that sign requests the way the web client does.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const testDb = await (options.testDatabase ?? createTestDatabase)();
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    // Proof of work as in production, made cheap: tests solve challenges in a few milliseconds.
    BOT_CHECK_MAX_NUMBER: '1000',
    WEB_DIST_DIR: path.join(import.meta.dirname, 'no-web-build'),
    ADMIN_DIST_DIR: path.join(import.meta.dirname, 'no-admin-build'),
  });
  const changed = options.config ? options.config(base) : base;
  // Production takes its secrets from the environment only (issue 8): a production test app gets
  // test values unless the test sets its own.
  const config =
    changed.nodeEnv === 'production'
      ? { ...changed, signSecret: changed.signSecret ?? 's'.repeat(32), otpPepper: changed.otpPepper ?? 'p'.repeat(32), fieldEncryptionKey: changed.fieldEncryptionKey ?? 'f'.repeat(64) }
      : changed;

  let offsetMs = 0;
  let frozenAtMs: number | null = null;
  const clock = {
    now: () => new Date(frozenAtMs ?? Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
      if (frozenAtMs !== null) frozenAtMs += ms;
    },
    /** Stops the clock where it is (until `advance`): time-based caches and touches then act the same on every run. */
    freeze: () => {
      frozenAtMs = Date.now() + offsetMs;
    },
  };
  const sms = new DevSmsProvider(clock.now, false);
  const sen = await buildApp({
    config,
    database: testDb.database,
    clock: clock.now,
    smsProvider: options.smsProvider ?? sms,
    ...(options.ekycProvider ? { ekycProvider: options.ekycProvider } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.devClock ? { devClock: new MovableClock(clock.now) } : {}),
    ...(options.metrics ? { metrics: options.metrics(testDb.database) } : {}),
  });
  const { app, infra, services, jobs } = sen;
  options.extend?.(app, sen);
  await app.ready();

  const secretResponse = await app.inject({ method: 'GET', url: API_PATHS.secret });
  const signSecret = (secretResponse.json() as Envelope<{ verifySignSecret: string }>).data.verifySignSecret;

  function sign(payload: unknown, timestamp: number | string): string {
    return computeSign({ appCode: config.appCode, secret: signSecret, payload, timestamp });
  }

  /** The device each session token was issued to: later calls with the token come from it (sessions are device-bound). */
  const tokenDevices = new Map<string, string | null>();

  async function call<T = unknown>(method: 'GET' | 'POST', url: string, call: CallOptions = {}): Promise<ApiResponse<T>> {
    const merged = { ...(call.skipDefaultParams ? {} : DEFAULT_PARAMS), ...call.payload };
    // GET parameters reach the server as strings, so they are signed as strings (see request-checks.ts).
    const payload = method === 'GET' ? Object.fromEntries(Object.entries(merged).map(([key, value]) => [key, String(value)])) : merged;
    const timestamp = call.timestamp ?? clock.now().getTime();
    const headers: Record<string, string> = { [HEADERS.appVersion]: APP_VERSION, ...call.headers };
    if (call.sign !== false) {
      headers.timestamp = String(timestamp);
      headers.sign = typeof call.sign === 'string' ? call.sign : sign(payload, timestamp);
    }
    if (call.token) headers.authorization = call.token;
    if (call.lang) headers.lang = LANG_HEADER[call.lang];
    const rawToken = call.token?.replace(/^Bearer\s+/i, '');
    const deviceId = call.deviceId !== undefined ? call.deviceId : rawToken && tokenDevices.has(rawToken) ? tokenDevices.get(rawToken)! : randomDeviceId();
    if (deviceId) headers['device-id'] = deviceId;
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress: call.remoteAddress ?? randomIp(),
      ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }),
    });
    let envelope = null as unknown as Envelope<T>;
    try {
      envelope = response.json() as Envelope<T>;
    } catch {
      // not JSON (static pages); envelope stays null
    }
    const issued = (envelope?.data as { token?: unknown } | null | undefined)?.token;
    if (typeof issued === 'string') tokenDevices.set(issued, deviceId);
    return Object.assign(response, { envelope });
  }

  /** The last code the development provider "sent" to `phone`. */
  function lastOtp(phone: string): string {
    const message = sms.messages(phone)[0];
    if (!message) throw new Error('no OTP was sent to this phone');
    return message.code;
  }

  /** A solved bot-check challenge (the `altcha` field of login/sms), as the web app makes it. */
  async function solvedChallenge(): Promise<string> {
    const challenge = await call<ChallengeResponse>('GET', API_PATHS.challenge);
    const altcha = challenge.envelope.data.altcha;
    if (!altcha) throw new Error(`no ALTCHA challenge: ${challenge.body}`);
    const solution = await solveChallenge(altcha.challenge, altcha.salt, altcha.algorithm, altcha.maxnumber).promise;
    if (!solution) throw new Error('challenge not solved');
    const payload = { algorithm: altcha.algorithm, challenge: altcha.challenge, number: solution.number, salt: altcha.salt, signature: altcha.signature };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }

  /** Sends a login code, solving the bot check when the server asks for it (as the web app does). */
  async function sendCode<T = unknown>(options: CallOptions & { payload: { phone: string }; solveFirst?: boolean }): Promise<ApiResponse<T>> {
    if (options.solveFirst) return call<T>('POST', API_PATHS.loginSms, { ...options, payload: { ...options.payload, altcha: await solvedChallenge() } });
    const first = await call<T>('POST', API_PATHS.loginSms, options);
    if (first.envelope?.code !== ERRORS.CHALLENGE_REQUIRED.code) return first;
    return call<T>('POST', API_PATHS.loginSms, { ...options, payload: { ...options.payload, altcha: await solvedChallenge() } });
  }

  /** Sends an OTP and logs in with it; a new phone each time unless given. */
  async function loginWithOtp(phone = randomPhone(), options: CallOptions = {}): Promise<LoginSession> {
    const sent = await sendCode({ ...options, payload: { phone } });
    if (sent.envelope.code !== 200) throw new Error(`sendOtp failed: ${sent.body}`);
    const login = await call<LoginSession>('POST', API_PATHS.login, { ...options, payload: { phone, smsCode: lastOtp(phone) } });
    if (login.envelope.code !== 200) throw new Error(`loginSms failed: ${login.body}`);
    return login.envelope.data;
  }

  /** The internal id (uuid) of the user whose public number is `publicId`. */
  async function internalUserId(publicId: number): Promise<string> {
    const [row] = await testDb.database.db.select({ id: users.id }).from(users).where(eq(users.publicId, publicId)).limit(1);
    if (!row) throw new Error(`no user with public id ${publicId}`);
    return row.id;
  }

  return {
    app,
    /** The composition's infrastructure (config, clocks, providers, secrets). */
    infra,
    /** Every service of the composition (compose.ts): what tests arrange data and assert through. */
    services,
    /** The job runner (not started in tests): `jobs.runNow([...])` runs jobs at once. */
    jobs,
    internalUserId,
    database: testDb.database as Database,
    /** The statements the app's database driver sent since the last `take()` (budget tests). */
    statements: testDb.statements,
    /** On PostgreSQL, a second instance's pool on the same database (the caller closes it); null on PGlite. */
    openAnother: () => testDb.openAnother(),
    config,
    clock,
    sms,
    signSecret,
    sign,
    get: <T = unknown>(url: string, options?: CallOptions) => call<T>('GET', url, options),
    post: <T = unknown>(url: string, options?: CallOptions) => call<T>('POST', url, options),
    lastOtp,
    loginWithOtp,
    /** The device id a token was issued to (sessions are bound to it). */
    deviceOfToken: (rawToken: string) => tokenDevices.get(rawToken) ?? null,
    sendCode,
    solvedChallenge,
    /** A new operator of `role`, signed in to the back office through the API (invitation, TOTP enrolment, code). */
    operatorSession: (role: OperatorRole, email?: string) => signInNewOperator({ app, services, clock }, role, email),
    /** A fresh back-office browser with no session (cookies, user agent, the CSRF header). */
    adminBrowser: () => new AdminBrowser({ app, services, clock }),
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Makes recording a domain event throw while `when(payload, type)` says so: the change that raises
 * it is in the same transaction, so it rolls back whole (what "saved whole or not at all" means).
 */
export function failEventsOf(t: Pick<TestApp, 'services'>, when: (payload: { userId?: string }, type: DomainEventType) => boolean, message: string): void {
  const events = t.services.events;
  const record = events.record.bind(events);
  events.record = async (type, payload) => {
    if (when(payload as { userId?: string }, type)) throw new Error(message);
    return record(type, payload);
  };
}
