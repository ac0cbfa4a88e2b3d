import {
  API_PATHS,
  APP_VERSION,
  HEADERS,
  LANG_HEADER,
  MOBILE_TYPE,
  computeSign,
  transformPassword,
  type Envelope,
} from '@sen/contract';
import { DEMO_USER } from '@sen/server/src/demo-seed.ts';
import { BASELINE_PATH, type RunningSen, type RunningServer } from './servers.ts';

/** One HTTP request, fixed for the whole measurement (autocannon replays it as is). */
export interface BenchRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Scenario {
  name: string;
  /** Builds the request just before the scenario runs, so a signature is at most one run old. */
  request(): BenchRequest;
}

const DEVICE_ID = 'bench-device-0001';

/**
 * Signed call headers, as the web client sends them. The timestamp is taken once: the server
 * accepts ±5 minutes (SIGN_TIMESTAMP_WINDOW_MS), far longer than one scenario runs.
 */
function signedHeaders(sen: RunningSen, payload: unknown): Record<string, string> {
  const timestamp = String(Date.now());
  return {
    [HEADERS.appVersion]: APP_VERSION,
    [HEADERS.timestamp]: timestamp,
    [HEADERS.sign]: computeSign({ appCode: sen.config.appCode, secret: sen.signSecret, payload, timestamp }),
    [HEADERS.lang]: LANG_HEADER.vn,
    [HEADERS.deviceId]: DEVICE_ID,
  };
}

/** A signed GET: the default params go in the query and are signed in their string form. */
function signedGet(sen: RunningSen, path: string): BenchRequest {
  const query = { appCode: sen.config.appCode, version: APP_VERSION, mobileType: String(MOBILE_TYPE.ANDROID) };
  return { method: 'GET', url: `${sen.origin}${path}?${new URLSearchParams(query)}`, headers: signedHeaders(sen, query) };
}

/** A signed JSON POST: the default params go in the body, which is what gets signed. */
function signedPost(sen: RunningSen, path: string, fields: Record<string, unknown>): BenchRequest {
  const body = { appCode: sen.config.appCode, version: APP_VERSION, mobileType: MOBILE_TYPE.ANDROID, ...fields };
  return {
    method: 'POST',
    url: `${sen.origin}${path}`,
    headers: { ...signedHeaders(sen, body), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

export function buildScenarios(baseline: RunningServer, sen: RunningSen): { baseline: Scenario; sen: Scenario[] } {
  return {
    baseline: {
      name: 'baseline (bare Fastify)',
      request: () => ({ method: 'GET', url: `${baseline.origin}${BASELINE_PATH}`, headers: {} }),
    },
    sen: [
      {
        name: 'GET secret (unsigned)',
        request: () => ({ method: 'GET', url: `${sen.origin}${API_PATHS.secret}`, headers: { [HEADERS.deviceId]: DEVICE_ID } }),
      },
      { name: 'GET authConfig (signed)', request: () => signedGet(sen, API_PATHS.authConfig) },
      {
        name: 'POST login password (argon2id)',
        request: () =>
          signedPost(sen, API_PATHS.login, { phone: DEMO_USER.phone, loginType: 2, passwd: transformPassword(DEMO_USER.password) }),
      },
    ],
  };
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
