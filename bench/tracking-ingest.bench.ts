/**
 * Tracking ingest benchmark (issue 14): 100,000 behaviour events posted to
 * /api/user/app/burying/event/send in batches of 100 (what the web app's beacon sends), against Sen
 * on in-memory PGlite and on a scratch PostgreSQL database, each in its own process, with the same
 * batches posted to a bare Fastify route that parses and drops them measured right before each
 * as the baseline. Prints events/s, time, p99 per batch, server CPU per event and the ratios.
 *
 * Env: BENCH_TRACKING_EVENTS (default 100000, a multiple of 100), BENCH_CONNECTIONS (default 8),
 * BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres; off skips PostgreSQL).
 * `npm run bench:tracking` from the repo root.
 */
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { API_PATHS, TRACKING_LIMITS } from '@sen/contract';
import pg from 'pg';
import type { ServerProcess } from './processes.ts';
import { BASELINE_PATH, buildSen, createScratchDatabase, startBaseline, startSen, type ScratchDatabase } from './servers.ts';

const BATCH = TRACKING_LIMITS.maxEventsPerBatch;
const EVENTS = Number(process.env.BENCH_TRACKING_EVENTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
if (!Number.isInteger(EVENTS) || EVENTS <= 0 || EVENTS % BATCH !== 0) throw new Error(`BENCH_TRACKING_EVENTS must be a positive multiple of ${BATCH}`);
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 256) throw new Error('BENCH_CONNECTIONS must be 1..256');

/** One batch as the web app sends it: 100 events of 100 devices, every field of SPEC §3 filled. */
function batchBody(): string {
  const now = Date.now();
  const events = Array.from({ length: BATCH }, (_, index) => ({
    environment: 'prod',
    version: 1,
    timestamp: now + index,
    phone: '',
    page: index % 3 === 0 ? 'home_no_auth' : index % 3 === 1 ? 'login' : '/mine/settings',
    previousPage: 'home',
    firstPage: 'home',
    previousAct: 'page_view',
    lastAct: 'in_app',
    deviceId: `bench-device-${index}`,
    source: 'facebook',
    referer: 'https://example.com/landing?utm_source=facebook',
    type: 'html',
    code: 'Android',
    act: index % 10 === 0 ? 'in_app' : 'page_view',
    result: 'success',
    counter: index + 1,
  }));
  return JSON.stringify({ appCode: 'senh5', version: '1.0.0', mobileType: 2, events });
}

interface IngestFigures {
  name: string;
  seconds: number;
  eventsPerSecond: number;
  p99Ms: number;
  cpuMicrosPerEvent: number;
  result: Result;
}

async function ingest(name: string, server: ServerProcess, url: string, body: string): Promise<IngestFigures> {
  // Two warm-up batches, not counted (and not stored in the measured figures' time).
  const check = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (check.status !== 200) throw new Error(`${name}: check request answered HTTP ${check.status}: ${await check.text()}`);
  process.stdout.write(`  ${name}: ${EVENTS.toLocaleString('en')} events in batches of ${BATCH}, ${CONNECTIONS} connections ... `);
  const cpuBefore = server.cpuMicros();
  const started = process.hrtime.bigint();
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    amount: EVENTS / BATCH,
    timeout: 30,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuMicrosPerEvent = (server.cpuMicros() - cpuBefore) / EVENTS;
  const figures = { name, seconds, eventsPerSecond: EVENTS / seconds, p99Ms: result.latency.p99, cpuMicrosPerEvent, result };
  process.stdout.write(`${seconds.toFixed(2)} s, ${Math.round(figures.eventsPerSecond).toLocaleString('en')} events/s, p99 ${result.latency.p99} ms/batch\n`);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors (${JSON.stringify(result.statusCodeStats)})`);
  return figures;
}

function table(rows: Array<{ figures: IngestFigures; baseline: IngestFigures }>): string {
  const header = ['scenario', 'seconds', 'events/s', 'base events/s', 'vs base', 'p99 ms/batch', 'CPU µs/event', 'base CPU µs/event'];
  const lines = rows.map(({ figures, baseline }) => [
    figures.name,
    figures.seconds.toFixed(2),
    Math.round(figures.eventsPerSecond).toLocaleString('en'),
    Math.round(baseline.eventsPerSecond).toLocaleString('en'),
    `${(figures.eventsPerSecond / baseline.eventsPerSecond).toFixed(2)}x`,
    String(figures.p99Ms),
    figures.cpuMicrosPerEvent.toFixed(1),
    baseline.cpuMicrosPerEvent.toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join('\n');
}

async function main(): Promise<void> {
  console.log(`Sen tracking ingest benchmark — Node ${process.version}, ${os.cpus().length} CPUs, ${os.platform()}/${os.arch()}`);
  const body = batchBody();
  console.log(`batch body ${(Buffer.byteLength(body) / 1024).toFixed(1)} KB; each server in its own process, 127.0.0.1 only\n`);
  buildSen();
  const servers: ServerProcess[] = [];
  let scratch: ScratchDatabase | undefined;
  const rows: Array<{ figures: IngestFigures; baseline: IngestFigures }> = [];
  // The limits of a production deployment are far below a benchmark's single device set and IP.
  // Production refuses a seeded demo user and wants its own pepper; the ingest needs neither a user nor a code.
  const env = { TRACKING_EVENTS_PER_DEVICE_MINUTE: String(1_000_000_000), JOBS_ENABLED: 'false', SEED_DEMO: 'false', OTP_PEPPER: 'bench-otp-pepper-0123456789abcdef0123' };
  try {
    const baselineServer = await startBaseline({ cpuProfileDir: undefined });
    servers.push(baselineServer);
    const baselineUrl = `${baselineServer.origin}${BASELINE_PATH}`;

    const pglite = await startSen(undefined, { cpuProfileDir: undefined }, env);
    servers.push(pglite);
    rows.push({
      baseline: await ingest('baseline (parse and drop)', baselineServer, baselineUrl, body),
      figures: await ingest('Sen on PGlite', pglite, `${pglite.origin}${API_PATHS.trackingSend}`, body),
    });
    await pglite.stop();
    servers.splice(servers.indexOf(pglite), 1);

    if (PG_ADMIN_URL !== 'off') {
      scratch = await createScratchDatabase(PG_ADMIN_URL);
      const postgres = await startSen(scratch.url, { cpuProfileDir: undefined }, env);
      servers.push(postgres);
      rows.push({
        baseline: await ingest('baseline (parse and drop)', baselineServer, baselineUrl, body),
        figures: await ingest('Sen on PostgreSQL', postgres, `${postgres.origin}${API_PATHS.trackingSend}`, body),
      });
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const { rows: counted } = await client.query<{ count: string }>('select count(*) from tracking_events');
      await client.end();
      const stored = Number(counted[0]?.count ?? 0);
      // The check batch plus every measured batch.
      console.log(`  PostgreSQL holds ${stored.toLocaleString('en')} events (expected ${(EVENTS + BATCH).toLocaleString('en')})`);
      if (stored !== EVENTS + BATCH) process.exitCode = 1;
    }
    console.log(`\n${table(rows)}\n`);
    console.log('vs base: Sen events/s over the baseline measured right before it in this run (1.00x = as fast as parsing and dropping).');
  } finally {
    await Promise.allSettled(servers.map((server) => server.stop()));
    await scratch?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
