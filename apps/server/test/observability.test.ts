import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createPrometheusMetrics, type PrometheusMetrics } from '../src/shared/prometheus-metrics.ts';
import { committedOrder, createBorrower } from './helpers/loans.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, randomIp, randomPhone, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';

/*
 * Probes and metrics (decision 105): /health/live and /health/ready answer the load balancer;
 * /health/ready is 503 once the database is gone; with metrics on, GET /metrics on its own
 * listener shows the named series, and their counts move with the traffic.
 */
let t: TestApp;
let metrics: PrometheusMetrics;
let metricsUrl: string;
let closeMetrics: () => void;

beforeAll(async () => {
  t = await createTestApp({
    config: (config) => ({ ...config, rateLimitPerMinute: 5 }),
    metrics: (database) => (metrics = createPrometheusMetrics(database)),
  });
  const server = await metrics.listen(0, '127.0.0.1');
  const address = server.address();
  metricsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
  closeMetrics = () => server.close();
});
afterAll(async () => {
  closeMetrics?.();
  await t?.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
}

/** The value of one sample line (exact label set as prom-client prints it), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('probes', () => {
  it('answers live and ready with the database checked', async () => {
    const live = await t.app.inject({ url: API_PATHS.healthLive });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
    const ready = await t.app.inject({ url: API_PATHS.healthReady });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 200, data: { status: 'ready', checks: { database: 'ok' } } });
    expect(ready.json().data.checks.redis).toBeUndefined();
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready (503, the failed check named) once its database is closed, while still live; /api/ready says the same', async () => {
    const lonely = await createTestDatabase();
    const app = (await buildApp({ config: t.config, database: lonely.database })).app;
    expect((await app.inject({ url: API_PATHS.healthReady })).statusCode).toBe(200);
    await lonely.close();
    for (const url of [API_PATHS.healthReady, API_PATHS.ready]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json(), url).toMatchObject({ code: 503, data: { failed: ['database'] } });
    }
    expect((await app.inject({ url: API_PATHS.healthLive })).statusCode).toBe(200);
    await app.close();
  });

  it('stays ready with Redis configured but unreachable, reporting it down (the limits let requests pass without it)', async () => {
    const app = (await buildApp({ config: { ...t.config, rateLimitStore: 'redis', redisUrl: 'redis://127.0.0.1:1' }, database: t.database })).app;
    try {
      for (const url of [API_PATHS.healthReady, API_PATHS.ready]) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toEqual({ code: 200, message: 'success', data: { status: 'ready', checks: { database: 'ok', redis: 'down' } } });
      }
    } finally {
      await app.close();
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')('stays ready while ordinary load holds every connection of the pool (the probe has its own)', async () => {
    const pool = t.database.pool!;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      expect(pool.totalCount - pool.idleCount).toBe(pool.options.max);
      const started = Date.now();
      const response = await t.app.inject({ url: API_PATHS.healthReady });
      expect(response.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('are never rate limited', async () => {
    const ip = randomIp();
    for (let call = 0; call < 8; call += 1) {
      expect((await t.app.inject({ url: API_PATHS.healthReady, remoteAddress: ip })).statusCode).toBe(200);
    }
  });
});

describe('metrics', () => {
  it('exposes every named series, and the counts follow requests, limits, OTP sends, webhooks and jobs', async () => {
    const before = await scrape();
    for (const name of [
      'sen_http_request_duration_seconds',
      'sen_rate_limit_refusals_total',
      'sen_job_runs_total',
      'sen_job_duration_seconds',
      'sen_job_lag_seconds',
      'sen_job_last_success_timestamp_seconds',
      'sen_payouts_total',
      'sen_webhooks_total',
      'sen_otp_sends_total',
      'sen_db_pool_connections',
      'sen_db_pool_waiting',
      'sen_outbox_depth',
      'sen_payouts_waiting',
      'sen_payout_lag_seconds',
      'sen_process_resident_memory_bytes',
    ]) {
      expect(before, name).toContain(`# TYPE ${name} `);
    }
    const live = 'sen_http_request_duration_seconds_count{method="GET",route="/health/live",status="200"}';
    const liveBefore = sample(before, live);
    for (let call = 0; call < 3; call += 1) await t.app.inject({ url: API_PATHS.healthLive });
    // A scan of a random path is one 'unmatched' series, never its raw URL.
    await t.app.inject({ url: '/api/no/such/thing-12345' });
    // Over the limit of 5 per minute from one address: refusals counted by route.
    const ip = randomIp();
    for (let call = 0; call < 7; call += 1) await t.post(API_PATHS.authConfig, { remoteAddress: ip });
    await t.loginWithOtp(randomPhone());
    await postSepay(t, sepayTransfer(t), 'wrong-key');
    await postSepay(t, sepayTransfer(t, { content: 'no order named here' }));
    await t.jobs.runNow(['outbox']);

    const after = await scrape();
    expect(sample(after, live)).toBe(liveBefore + 3);
    expect(after).not.toContain('thing-12345');
    expect(sample(after, 'sen_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, `sen_rate_limit_refusals_total{route="${API_PATHS.authConfig}"}`)).toBe(sample(before, `sen_rate_limit_refusals_total{route="${API_PATHS.authConfig}"}`) + 2);
    expect(sample(after, 'sen_otp_sends_total{result="sent"}')).toBe(sample(before, 'sen_otp_sends_total{result="sent"}') + 1);
    expect(sample(after, 'sen_webhooks_total{source="sepay",result="refused"}')).toBe(1);
    expect(sample(after, 'sen_webhooks_total{source="sepay",result="unmatched"}')).toBe(1);
    expect(sample(after, 'sen_job_runs_total{job_name="outbox",result="ran"}')).toBe(sample(before, 'sen_job_runs_total{job_name="outbox",result="ran"}') + 1);
    expect(sample(after, 'sen_outbox_depth')).toBeGreaterThanOrEqual(0);
    expect(after).toMatch(/^sen_job_last_success_timestamp_seconds\{job_name="outbox"\} \d/m);
    if (t.database.kind === 'postgres') {
      expect(after).toMatch(/^sen_db_pool_connections\{state="idle"\} \d/m);
      expect(after).toMatch(/^sen_db_pool_waiting \d/m);
    }
  });

  it('labels every unmatched request as one route, by a method from a fixed set ("other" for the rest), never by its raw text', async () => {
    const before = await scrape();
    const series = (method: string, route: string, status: number) => `sen_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`;
    const counted = (text: string, method: string, route: string, status: number) => sample(text, series(method, route, status));
    // The unmatched GET series exists already (the test above): a POST must not be counted into it.
    for (const url of ['/api/no/such/post-1', '/no/such/page-2']) expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(404);
    // Methods Node and Fastify accept; light-my-request's type lists only the common ones.
    for (const method of ['PROPFIND', 'MKCOL', 'PURGE']) {
      expect((await t.app.inject({ method: method as 'GET', url: `/api/scan-${method}` })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'HEAD', url: API_PATHS.healthLive })).statusCode).toBe(200);
    const after = await scrape();
    expect(counted(after, 'POST', 'unmatched', 404)).toBe(counted(before, 'POST', 'unmatched', 404) + 2);
    expect(counted(after, 'other', 'unmatched', 404)).toBe(counted(before, 'other', 'unmatched', 404) + 3);
    expect(counted(after, 'GET', 'unmatched', 404)).toBe(counted(before, 'GET', 'unmatched', 404));
    expect(counted(after, 'HEAD', API_PATHS.healthLive, 200)).toBe(counted(before, 'HEAD', API_PATHS.healthLive, 200) + 1);
    for (const raw of ['PROPFIND', 'MKCOL', 'PURGE', 'post-1', 'page-2']) expect(after).not.toContain(raw);
    // Every method label is one of the fixed set.
    const methods = new Set([...after.matchAll(/^sen_http_request_duration_seconds_count\{method="([^"]*)"/gm)].map((match) => match[1]));
    expect([...methods].filter((method) => !['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'other'].includes(method!))).toEqual([]);
  });

  it('counts the payouts waiting for the payout job, and how late the oldest due one is', async () => {
    const before = await scrape();
    const b = await createBorrower(t);
    await committedOrder(t, b);
    await committedOrder(t, b, 2_000_000n);
    const after = await scrape();
    expect(sample(after, 'sen_payouts_waiting')).toBe(sample(before, 'sen_payouts_waiting') + 2);
    expect(sample(after, 'sen_payout_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(after).toMatch(/^sen_payout_lag_seconds \d/m);
  });

  it('leaves the outbox depth out of a scrape when its query fails or hangs, and still answers every other series', { timeout: 15_000 }, async () => {
    const depths: Array<() => Promise<number>> = [
      async () => 5,
      async () => {
        throw new Error('connection terminated');
      },
      () => new Promise<number>(() => {}),
      async () => 3,
    ];
    let scrapeNumber = 0;
    const failures: string[] = [];
    const own = createPrometheusMetrics(t.database, {
      readOutboxDepth: () => depths[Math.min(scrapeNumber, depths.length - 1)]!(),
      onCollectError: (figure, error) => failures.push(`${figure}: ${error instanceof Error ? error.message : String(error)}`),
    });
    const server = await own.listen(0, '127.0.0.1');
    try {
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
      const scrapes: string[] = [];
      for (; scrapeNumber < depths.length; scrapeNumber += 1) {
        const started = Date.now();
        const response = await fetch(url);
        expect(response.status, `scrape ${scrapeNumber}`).toBe(200);
        scrapes.push(await response.text());
        expect(Date.now() - started, `scrape ${scrapeNumber}`).toBeLessThan(3000);
      }
      const depthLine = (text: string) => text.split('\n').find((line) => line.startsWith('sen_outbox_depth '));
      expect(scrapes.map(depthLine)).toEqual(['sen_outbox_depth 5', undefined, undefined, 'sen_outbox_depth 3']);
      for (const text of scrapes) expect(text).toContain('# TYPE sen_process_resident_memory_bytes gauge');
      expect(failures).toEqual(['outbox_depth: connection terminated', 'outbox_depth: no answer within 1000 ms']);
    } finally {
      server.close();
    }
  });

  it('answers 404 on the metrics port for anything but GET /metrics', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });

  it('with a token (METRICS_TOKEN), answers a scrape only with that bearer token', async () => {
    const token = 'scrape-token-0123456789';
    const server = await metrics.listen(0, '127.0.0.1', token);
    try {
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
      const withHeader = (authorization?: string) => fetch(url, authorization ? { headers: { authorization } } : {});
      for (const refused of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, token, `Basic ${token}`]) {
        const response = await withHeader(refused);
        expect(response.status, String(refused)).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
        expect(await response.text()).not.toContain('sen_');
      }
      const allowed = await withHeader(`Bearer ${token}`);
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('sen_http_request_duration_seconds');
    } finally {
      server.close();
    }
  });
});

describe('the alert rules and the dashboard (deploy/)', () => {
  const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy');
  const read = (file: string) => readFileSync(path.join(deploy, file), 'utf8');
  /** The series the ledger check writes for node_exporter's textfile collector (src/scripts/ledger-check.ts). */
  const ledgerCheckSeries = ['sen_ledger_check_ok', 'sen_ledger_check_violations', 'sen_ledger_check_timestamp_seconds'];

  it('name only series an instance exposes or the ledger check writes, and group jobs by their own label', async () => {
    const exposed = new Set([...(await scrape()).matchAll(/^# TYPE (sen_\w+) (\w+)$/gm)].flatMap(([, name, type]) => (type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!])));
    const ledgerCheckSource = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/scripts/ledger-check.ts'), 'utf8');
    for (const series of ledgerCheckSeries) expect(ledgerCheckSource).toContain(`${series} `);
    for (const file of ['prometheus-alerts.yml', 'grafana-dashboard.json']) {
      const named = new Set([...read(file).matchAll(/\bsen_\w+/g)].map(([name]) => name).filter((name) => name !== 'sen_instances' /* HAProxy's backend */));
      expect(named.size, file).toBeGreaterThan(5);
      for (const name of named) expect(exposed.has(name) || ledgerCheckSeries.includes(name), `${file}: ${name}`).toBe(true);
      // A scrape labels every series job="sen": Sen's own job label is job_name (a `job` label would arrive as exported_job).
      expect(read(file), file).not.toMatch(/by \(job[,)]|\{\{ ?\$?labels\.job ?\}\}|"\{\{job\}\}/);
    }
  });

  const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((candidate) => existsSync(candidate));
  it.skipIf(!promtool)('pass promtool: the rules load, and their unit tests (prometheus-alerts.test.yml) fire as written', () => {
    const run = (...args: string[]) => execFileSync(promtool!, args, { cwd: deploy, encoding: 'utf8' });
    expect(run('check', 'rules', 'prometheus-alerts.yml')).toMatch(/SUCCESS: \d+ rules found/);
    expect(run('test', 'rules', 'prometheus-alerts.test.yml')).toContain('SUCCESS');
  });
});
