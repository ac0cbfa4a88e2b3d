import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../db/database.ts';
import { OutboxRepository } from '../events/outbox.repository.ts';
import type { Metrics, PayoutCounts } from './metrics.ts';
import { withDeadline } from './with-deadline.ts';

/** Latency buckets of requests and jobs, in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

/** A request the router matched to no route (404s, scans): one label value, never the raw URL. */
const UNMATCHED = 'unmatched';

/**
 * The method label's values: these, else 'other'. Node accepts dozens of methods (PROPFIND,
 * MKCOL, ...) that a scan can send to any unknown path; each would otherwise be a series.
 */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const OTHER_METHOD = 'other';

/** How long a figure read from the database at scrape time (outbox depth, payout backlog) may take before it is left out of that scrape. */
const SCRAPE_QUERY_DEADLINE_MS = 1000;

/** The payout job's backlog (decision 124): attempts not answered yet, and how late the oldest due one is. */
interface PayoutBacklog {
  waiting: number;
  lagSeconds: number;
}

/** `Bearer <token>` compared in constant time (hashes first, so the lengths never differ). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

type HistogramChild = ReturnType<Histogram<'method' | 'route' | 'status'>['labels']>;

export interface PrometheusMetrics extends Metrics {
  readonly registry: Registry;
  /** The exposition text (what GET /metrics answers). */
  text(): Promise<string>;
  /**
   * Serves GET /metrics on its own listener (METRICS_PORT on METRICS_HOST); resolves once
   * listening. With a token (METRICS_TOKEN) a scrape must send `Authorization: Bearer <token>`.
   */
  listen(port: number, host: string, token?: string): Promise<Server>;
}

/**
 * Prometheus series of one Sen instance (decision 105). The request path costs one histogram
 * observe: the labelled child is looked up by route and status in maps kept per route, so no
 * label object is built per request once a route and status were seen. Pool, outbox and process
 * figures are read when Prometheus scrapes, not kept up to date on every change.
 */
export interface PrometheusMetricsOptions {
  /** A figure read at scrape time could not be read (it is left out of that scrape); default console.warn. */
  onCollectError?: (figure: string, error: unknown) => void;
  /** Where the outbox depth comes from; default the outbox table (a test passes one that fails or hangs). */
  readOutboxDepth?: () => Promise<number>;
}

/** The payout attempts of decision 073 not answered yet; the lag is 0 when none is due. */
async function payoutBacklogOf(database: Database): Promise<PayoutBacklog> {
  const [row] = await executeRows<{ waiting: number; lag: number | null }>(
    database.uow.db,
    sql`select count(*)::int as waiting, extract(epoch from now() - min(next_check_at) filter (where next_check_at <= now()))::float8 as lag
          from payout_attempts where state in ('created', 'submitting', 'pending')`,
  );
  return { waiting: row?.waiting ?? 0, lagSeconds: Math.max(0, row?.lag ?? 0) };
}

export function createPrometheusMetrics(database: Database, options: PrometheusMetricsOptions = {}): PrometheusMetrics {
  const onCollectError =
    options.onCollectError ?? ((figure: string, error: unknown) => console.warn(`metrics: ${figure} not read: ${error instanceof Error ? error.message : String(error)}`));
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sen_' });

  const httpDuration = new Histogram({
    name: 'sen_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: latency (the _count is the request rate)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'sen_rate_limit_refusals_total',
    help: 'Requests refused with 429 (generic per-IP limit, login limits, OTP send limits) by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  // The job's label is `job_name`, not `job`: Prometheus gives every scraped series the target's
  // `job` ("sen") and renames a clashing label to `exported_job`, which the rules would miss.
  const jobRuns = new Counter({
    name: 'sen_job_runs_total',
    help: 'Job runner (decision 085) runs by job and result (ran, failed, skipped: another instance holds it or the period is done)',
    labelNames: ['job_name', 'result'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'sen_job_duration_seconds',
    help: 'Duration of job runs that did work or failed, by job',
    labelNames: ['job_name', 'result'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobLag = new Gauge({
    name: 'sen_job_lag_seconds',
    help: 'How late the last run of each job on this instance started after its period began',
    labelNames: ['job_name'] as const,
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: 'sen_job_last_success_timestamp_seconds',
    help: 'When each job last ran successfully on this instance (max over instances: across the cluster)',
    labelNames: ['job_name'] as const,
    registers: [registry],
  });
  const payouts = new Counter({
    name: 'sen_payouts_total',
    help: 'Payout attempts by result (submitted, succeeded, failed, retried, pending, rejected, unknown)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'sen_webhooks_total',
    help: 'Webhook calls by source and outcome',
    labelNames: ['source', 'result'] as const,
    registers: [registry],
  });
  const otpSends = new Counter({
    name: 'sen_otp_sends_total',
    help: 'OTP texts handed to the SMS provider (sent) or refused by it (failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const pool = database.pool;
  const outbox = new OutboxRepository(database.uow);
  const readOutboxDepth = options.readOutboxDepth ?? (() => outbox.pendingCount());
  new Gauge({
    name: 'sen_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance by state (in_use, idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'sen_db_pool_waiting',
    help: 'Queries of this instance waiting for a PostgreSQL pool connection',
    registers: [registry],
    collect() {
      if (pool) this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'sen_outbox_depth',
    help: 'Domain events recorded but not yet delivered (decision 079)',
    registers: [registry],
    // A database that is slow or away must not hang or fail the whole scrape: the figure is left
    // out (absent, not a stale or made-up value) and every other series is still answered.
    async collect() {
      try {
        this.set(await withDeadline(readOutboxDepth(), SCRAPE_QUERY_DEADLINE_MS));
      } catch (error) {
        this.remove();
        onCollectError('outbox_depth', error);
      }
    },
  });

  // Both payout figures come from one query per scrape: the first gauge reads (a scrape starts the
  // collects in registration order), the second takes that read when it is fresh.
  let backlogRead: { at: number; figures: Promise<PayoutBacklog> } | null = null;
  const readBacklog = () => {
    backlogRead = { at: Date.now(), figures: withDeadline(payoutBacklogOf(database), SCRAPE_QUERY_DEADLINE_MS) };
    return backlogRead.figures;
  };
  new Gauge({
    name: 'sen_payouts_waiting',
    help: 'Payout attempts not answered yet: new, being sent, or pending at the partner (decision 124)',
    registers: [registry],
    async collect() {
      try {
        this.set((await readBacklog()).waiting);
      } catch (error) {
        this.remove();
        onCollectError('payouts_waiting', error);
      }
    },
  });
  new Gauge({
    name: 'sen_payout_lag_seconds',
    help: 'How long the oldest payout attempt that is due has waited for the payout job (0 when none is due)',
    registers: [registry],
    async collect() {
      try {
        this.set((await (backlogRead && Date.now() - backlogRead.at < 1000 ? backlogRead.figures : readBacklog())).lagSeconds);
      } catch {
        // Reported once, by sen_payouts_waiting's collect.
        this.remove();
      }
    },
  });

  // route config object (one per route; one object for every unmatched request) → method and status → labelled child
  const children = new WeakMap<object, Map<number, HistogramChild>>();
  const unmatchedKey = {};

  return {
    enabled: true,
    registry,
    request(request: FastifyRequest, reply: FastifyReply) {
      const options = request.routeOptions;
      const config = options.config as object | undefined;
      // Only a route the router matched names itself; anything else is one 'unmatched' route.
      const route = options.url !== undefined && config ? options.url : UNMATCHED;
      const key = route === UNMATCHED ? unmatchedKey : config!;
      let byMethodAndStatus = children.get(key);
      if (!byMethodAndStatus) {
        byMethodAndStatus = new Map();
        children.set(key, byMethodAndStatus);
      }
      // The method is part of the key: a GET route's config also serves its HEAD, and unmatched
      // requests come with any method.
      const methodIndex = (METHODS as readonly string[]).indexOf(request.method);
      const status = reply.statusCode;
      const childKey = status * 16 + (methodIndex === -1 ? METHODS.length : methodIndex);
      let child = byMethodAndStatus.get(childKey);
      if (!child) {
        child = httpDuration.labels({ method: methodIndex === -1 ? OTHER_METHOD : request.method, route, status: String(status) });
        byMethodAndStatus.set(childKey, child);
      }
      child.observe(reply.elapsedTime / 1000);
      if (status === 429) rateLimited.inc({ route });
    },
    jobRun(job, result, seconds, lagSeconds) {
      jobRuns.inc({ job_name: job, result });
      if (result === 'skipped') return;
      jobDuration.observe({ job_name: job, result }, seconds);
      if (lagSeconds !== null) jobLag.set({ job_name: job }, lagSeconds);
      if (result === 'ran') jobLastSuccess.set({ job_name: job }, Date.now() / 1000);
    },
    payouts(counts: PayoutCounts) {
      for (const [result, count] of Object.entries(counts)) if (result !== 'claimed' && count > 0) payouts.inc({ result }, count);
    },
    webhook(source, result) {
      webhooks.inc({ source, result });
    },
    otpSend(result) {
      otpSends.inc({ result });
    },
    text: () => registry.metrics(),
    listen(port, host, token) {
      const server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
          response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
          return;
        }
        registry.metrics().then(
          (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
          (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}\n`),
        );
      });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      });
    },
  };
}
