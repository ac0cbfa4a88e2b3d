import {
  API_PATHS,
  APP_VERSION,
  HEADERS,
  LANG_HEADER,
  MOBILE_TYPE,
  computeSign,
  transformPassword,
  type Envelope,
  type LoginSession,
} from '@sen/contract';
import type { ServerProcess } from './processes.ts';
import { BASELINE_PATH, type RunningSen } from './servers.ts';

/** One HTTP request, fixed for the whole measurement (autocannon replays it as is). */
export interface BenchRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Scenario {
  name: string;
  /** The server under load, whose CPU time per request is reported. */
  server: ServerProcess;
  /** Builds the request just before the scenario runs, so a signature is at most one run old. */
  request(): BenchRequest;
}

const DEVICE_ID = 'bench-device-0001';

/**
 * The demo user SEED_DEMO creates (apps/server/src/demo-seed.ts, README). Not imported from the
 * server: the benchmark talks to the server over HTTP only.
 */
const DEMO_USER = { phone: '0912345678', password: 'sen123' } as const;

/**
 * Signed call headers, as the web client sends them. The timestamp is taken once: the server
 * accepts ±5 minutes (SIGN_TIMESTAMP_WINDOW_MS), far longer than one scenario runs.
 */
function signedHeaders(sen: RunningSen, payload: unknown): Record<string, string> {
  const timestamp = String(Date.now());
  return {
    [HEADERS.appVersion]: APP_VERSION,
    [HEADERS.timestamp]: timestamp,
    [HEADERS.sign]: computeSign({ appCode: sen.appCode, secret: sen.signSecret, payload, timestamp }),
    [HEADERS.lang]: LANG_HEADER.vn,
    [HEADERS.deviceId]: DEVICE_ID,
  };
}

/** A signed GET: the default params go in the query and are signed in their string form. */
function signedGet(sen: RunningSen, path: string): BenchRequest {
  const query = { appCode: sen.appCode, version: APP_VERSION, mobileType: String(MOBILE_TYPE.ANDROID) };
  return { method: 'GET', url: `${sen.origin}${path}?${new URLSearchParams(query)}`, headers: signedHeaders(sen, query) };
}

/** A signed JSON POST: the default params go in the body, which is what gets signed. */
function signedPost(sen: RunningSen, path: string, fields: Record<string, unknown>, token?: string): BenchRequest {
  const body = { appCode: sen.appCode, version: APP_VERSION, mobileType: MOBILE_TYPE.ANDROID, ...fields };
  return {
    method: 'POST',
    url: `${sen.origin}${path}`,
    headers: {
      ...signedHeaders(sen, body),
      'content-type': 'application/json',
      ...(token === undefined ? {} : { [HEADERS.authorization]: token }),
    },
    body: JSON.stringify(body),
  };
}

function passwordLogin(sen: RunningSen): BenchRequest {
  return signedPost(sen, API_PATHS.login, { phone: DEMO_USER.phone, loginType: 2, passwd: transformPassword(DEMO_USER.password) });
}

/** Signs the demo user in by password, as the app does, and returns its session token. */
export async function signIn(sen: RunningSen): Promise<string> {
  const request = passwordLogin(sen);
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body ?? '' });
  const envelope = (await response.json()) as Envelope<LoginSession>;
  if (response.status !== 200 || envelope.code !== 200 || !envelope.data?.token) {
    throw new Error(`password login on ${sen.databaseName} failed: HTTP ${response.status} code ${envelope.code} ${envelope.message}`);
  }
  return envelope.data.token;
}

export function baselineScenario(baseline: ServerProcess): Scenario {
  return {
    name: 'baseline (bare Fastify)',
    server: baseline,
    request: () => ({ method: 'GET', url: `${baseline.origin}${BASELINE_PATH}`, headers: {} }),
  };
}

/** The signed call that reads no table. */
export function authConfigScenario(sen: RunningSen): Scenario {
  return { name: `GET authConfig (signed) ${sen.databaseName}`, server: sen, request: () => signedGet(sen, API_PATHS.authConfig) };
}

/** The signed, authenticated call: session lookup and user read. */
export function userInfoScenario(sen: RunningSen, token: string): Scenario {
  return { name: `POST user/info (signed, session) ${sen.databaseName}`, server: sen, request: () => signedPost(sen, API_PATHS.userInfo, {}, token) };
}

/** argon2id on every request, on purpose: CPU-bound by design. */
export function loginScenario(sen: RunningSen): Scenario {
  return { name: `POST login password (argon2id) ${sen.databaseName}`, server: sen, request: () => passwordLogin(sen) };
}

/** Sends the request once and fails loudly unless it answers HTTP 200 with envelope code 200. */
export async function verifyOnce(scenario: Scenario, request: BenchRequest): Promise<void> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const text = await response.text();
  let envelope: Envelope | undefined;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    envelope = undefined;
  }
  if (response.status !== 200 || envelope?.code !== 200) {
    throw new Error(`${scenario.name}: the check request failed before the measurement: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
}
