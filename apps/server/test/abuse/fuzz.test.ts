import { ADMIN_CSRF_HEADER, ADMIN_PATH_PREFIX, allEndpoints, APP_VERSION, HEADERS, type AnyEndpoint } from '@sen/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorSession } from '../helpers/operators.ts';
import { createTestApp, DEFAULT_PARAMS, randomDeviceId, randomIp, type TestApp } from '../helpers/test-app.ts';
import { fuzzCaseFor, type FuzzCase } from './fuzz-inputs.ts';
import { createLogCapture } from '../helpers/log-capture.ts';

/**
 * The abuse fuzz (issue 8, "How it is checked"): at least 10,000 generated requests spread over
 * every endpoint of the contract, with zero 5xx and zero stack traces or internals in any answer.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. FUZZ_REQUESTS and FUZZ_SEED change
 * the size and the generated cases (a failure prints its seed to replay).
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const CONCURRENCY = 8;

/** What must never reach a client: stack frames, file paths, driver and framework internals. */
// PostgreSQL's internals by name: a bare 'pg_' also occurs inside random base64url tokens (…npG_h1…).
const LEAK = /\bat [\w.<>$]+ \(|node_modules|\.ts:\d+|\/work\/|Error: |FST_ERR|SQLSTATE|syntax error at|violates|\bpg_(?:catalog|class|advisory|stat|terminate|namespace|attribute|type)|drizzle/i;

const { stream: capture, lines } = createLogCapture();

let t: TestApp;
let token: string;
/** Calls that end sessions (logout, password changes, closing the account) use this one, so the main session lives on. */
let sacrificial: string;
/** The main caller is also a signed-in admin (the back office's endpoints are fuzzed past their guard); logout uses the sacrificial one. */
let admin: OperatorSession;
let sacrificialAdmin: OperatorSession;
const ENDS_SESSIONS = new Set(['logout', 'setPassword', 'updatePassword', 'closeAccount', 'adminLogout']);
beforeAll(async () => {
  t = await createTestApp({
    logStream: capture,
    // Limits of their own are tested elsewhere; here every request should reach its handler.
    config: (config) => ({
      ...config,
      logLevel: 'warn',
      rateLimitPerMinute: 1_000_000,
      smsDailyBudget: 1_000_000,
      otp: { ...config.otp, limitPerIpHour: 1_000_000, limitPerDeviceHour: 1_000_000 },
    }),
  });
  token = (await t.loginWithOtp()).token;
  sacrificial = (await t.loginWithOtp()).token;
  admin = await t.operatorSession('admin');
  sacrificialAdmin = await t.operatorSession('admin');
});
afterAll(async () => t?.close());

function pathOf(endpoint: AnyEndpoint, variant: FuzzCase['pathVariant']): string {
  switch (variant) {
    case 'encoded':
      return endpoint.path.replace('/api/', '/%61pi/');
    case 'trailing':
      return `${endpoint.path}/`;
    case 'double-slash':
      return endpoint.path.replace('/api/', '/api//');
    case 'query-garbage':
      return `${endpoint.path}?%zz=1&a[]=&&=x`;
    default:
      return endpoint.path;
  }
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'null');

/** Builds and sends one generated request, signed the way a client would sign it. */
async function send(endpoint: AnyEndpoint, fuzz: FuzzCase): Promise<LightMyRequestResponse> {
  const payload: Record<string, unknown> = fuzz.dropDefaults ? { ...fuzz.fields } : { ...DEFAULT_PARAMS, ...fuzz.fields };
  const timestamp = t.clock.now().getTime() - (fuzz.signing === 'stale' ? 10 * 60_000 : 0);
  const headers: Record<string, string> = { [HEADERS.appVersion]: APP_VERSION, 'device-id': randomDeviceId() };
  if (fuzz.lang) headers.lang = fuzz.lang;
  if (fuzz.token === 'main') {
    headers.authorization = ENDS_SESSIONS.has(endpoint.id) ? sacrificial : token;
    // Sessions are bound to the device they were issued to.
    headers['device-id'] = t.deviceOfToken(headers.authorization) ?? headers['device-id']!;
  }
  if (fuzz.token === 'garbage') headers.authorization = 'Bearer x'.repeat(40);
  // The main caller is an operator too, so the back office's endpoints are fuzzed past their guard.
  if (endpoint.path.startsWith(ADMIN_PATH_PREFIX)) {
    headers[ADMIN_CSRF_HEADER] = '1';
    if (fuzz.token === 'main') {
      const operator = ENDS_SESSIONS.has(endpoint.id) ? sacrificialAdmin : admin;
      headers.cookie = [...operator.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      headers['user-agent'] = operator.browser.userAgent;
    }
  }
  let url = pathOf(endpoint, fuzz.pathVariant);
  let body: string | Buffer | undefined;
  let signed: unknown = payload;

  if (fuzz.method === 'GET') {
    const strings = Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, asText(value)]));
    const query = new URLSearchParams(strings).toString();
    url += (url.includes('?') ? '&' : '?') + query;
    signed = strings;
  } else if (fuzz.encoding === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  } else if (fuzz.encoding === 'multipart') {
    const boundary = 'fuzzBoundary7MA4YWxk';
    const strings = Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, asText(value)]));
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    body =
      Object.entries(strings)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    signed = strings;
  } else if (fuzz.encoding === 'urlencoded') {
    const strings = Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, asText(value)]));
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(strings).toString();
    signed = strings;
  } else {
    if (fuzz.raw?.contentType) headers['content-type'] = fuzz.raw.contentType;
    body = fuzz.raw?.body ?? Buffer.alloc(0);
    signed = {};
  }

  if (fuzz.signing !== 'none') {
    headers.timestamp = String(timestamp);
    headers.sign = fuzz.signing === 'bad' ? 'f'.repeat(32) : t.sign(signed, timestamp);
  }
  return t.app.inject({ method: fuzz.method, url, headers, remoteAddress: randomIp(), ...(body === undefined ? {} : { payload: body }) });
}

interface Outcome {
  endpoint: string;
  status: number;
  envelopeCode: number | null;
  problem: string | null;
  /** Past signing and validation: a success, a module's own refusal (2xxx–5xxx), or the page itself. */
  handled: boolean;
  /** The unbuilt web app's fallback answered a page path outside /api (tests only). */
  webFallback: boolean;
}

function judge(endpoint: AnyEndpoint, fuzz: FuzzCase, response: LightMyRequestResponse): Outcome {
  let envelopeCode: number | null = null;
  let problem: string | null = null;
  if (response.statusCode >= 500 && response.statusCode !== 503) problem = `status ${response.statusCode}`;
  if (LEAK.test(response.body)) problem = `leak: ${response.body.slice(0, 200)}`;
  // A page or a file (binaryResponse) answers in its own content type, and a page outside /api that a
  // request misses (another method, a trailing slash) is the web app's; anything else is an envelope.
  // (In tests the web app is not built: its fallback answers 503 'not built yet' there.)
  const outsideApi = !endpoint.path.startsWith('/api/') && (response.statusCode < 500 || response.statusCode === 503);
  const binary = endpoint.binaryResponse !== undefined && (outsideApi || (response.statusCode < 500 && String(response.headers['content-type'] ?? '').startsWith(endpoint.binaryResponse)));
  if (binary && response.statusCode === 503) problem = null;
  if (binary) {
    return {
      endpoint: endpoint.id,
      status: response.statusCode,
      envelopeCode: null,
      problem: problem ? `${endpoint.id} ${fuzz.method} ${fuzz.encoding}/${fuzz.pathVariant}: ${problem}` : null,
      handled: response.statusCode === 200 && String(response.headers['content-type'] ?? '').startsWith(endpoint.binaryResponse!),
      webFallback: response.statusCode === 503,
    };
  }
  try {
    const parsed = JSON.parse(response.body) as Record<string, unknown>;
    envelopeCode = typeof parsed.code === 'number' ? parsed.code : null;
    const keys = Object.keys(parsed).sort().join(',');
    if (keys !== 'code,data,message') problem ??= `not an envelope: ${response.body.slice(0, 200)}`;
  } catch {
    problem ??= `not JSON (${response.headers['content-type']}): ${response.body.slice(0, 120)}`;
  }
  // A 503 is only acceptable as the catalogued "try again" answers, never as a disguised crash.
  if (response.statusCode === 503 && envelopeCode !== 503 && envelopeCode !== 2006) problem ??= `unexpected 503: ${response.body.slice(0, 200)}`;
  if (problem) problem = `${endpoint.id} ${fuzz.method} ${fuzz.encoding}/${fuzz.pathVariant}: ${problem}`;
  const handled = envelopeCode === 200 || (envelopeCode !== null && envelopeCode >= 2000 && envelopeCode < 7000);
  return { endpoint: endpoint.id, status: response.statusCode, envelopeCode, problem, handled, webFallback: false };
}

describe('abuse fuzz over every endpoint', () => {
  it(
    `answers ${TOTAL} generated requests without a 5xx or a leaked internal`,
    async () => {
      const endpoints = allEndpoints;
      const perEndpoint = Math.ceil(TOTAL / endpoints.length);
      const cases: Array<{ endpoint: AnyEndpoint; fuzz: FuzzCase }> = [];
      endpoints.forEach((endpoint, index) => {
        for (const fuzz of fc.sample(fuzzCaseFor(endpoint), { numRuns: perEndpoint, seed: SEED + index })) cases.push({ endpoint, fuzz });
      });
      // Interleave endpoints, so a call that changes state (logout, password) does not come in a block.
      cases.sort((a, b) => (a.fuzz.lang.length * 7 + a.endpoint.id.length) % 13 - (b.fuzz.lang.length * 7 + b.endpoint.id.length) % 13);

      const started = performance.now();
      const outcomes: Outcome[] = [];
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const { endpoint, fuzz } = cases[next++] as { endpoint: AnyEndpoint; fuzz: FuzzCase };
          outcomes.push(judge(endpoint, fuzz, await send(endpoint, fuzz)));
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;

      const serverErrors = outcomes.filter((outcome) => outcome.status >= 500 && !outcome.webFallback);
      const problems = outcomes.filter((outcome) => outcome.problem).map((outcome) => outcome.problem);
      const reached = new Map<string, number>();
      for (const outcome of outcomes) if (outcome.handled) reached.set(outcome.endpoint, (reached.get(outcome.endpoint) ?? 0) + 1);
      const unhandled = lines.filter((line) => line.includes('unhandled error')).length;
      console.info(
        `abuse fuzz (${process.env.TEST_DB ?? 'pglite'}, seed ${SEED}): ${outcomes.length} requests over ${endpoints.length} endpoints in ${seconds.toFixed(1)} s; ` +
          `5xx: ${serverErrors.length}; problems: ${problems.length}; unhandled errors logged: ${unhandled}; ` +
          `handled per endpoint: ${JSON.stringify(Object.fromEntries(reached))}`,
      );
      expect(outcomes.length).toBeGreaterThanOrEqual(TOTAL);
      // Named, not counted: a failure shows the error the server logged (its message and stack).
      expect(lines.filter((line) => line.includes('unhandled error')).slice(0, 3)).toEqual([]);
      expect(problems.slice(0, 10)).toEqual([]);
      expect(serverErrors.length).toBe(0);
      // The generator must get most endpoints past signing and validation (to a success or a module's own answer), or it proves little.
      expect(reached.size).toBeGreaterThanOrEqual(Math.floor(endpoints.length * 0.6));
    },
    600_000,
  );
});
