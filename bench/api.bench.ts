/**
 * API load benchmark: bare Fastify (the baseline) and the real Sen server, measured in one run on
 * 127.0.0.1 with autocannon; every Sen figure is printed as a ratio of the baseline measured in the
 * same run, so the numbers compare across machines better than raw req/s. See README.md.
 *
 * Env: BENCH_DURATION_SECONDS (default 8, 1..240) per scenario, BENCH_CONNECTIONS (default 10),
 * BENCH_WARMUP_SECONDS (default 1, 0 = none; not reported).
 */
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { formatTable, problemsOf, type Measurement } from './report.ts';
import { buildScenarios, verifyOnce, type Scenario } from './scenarios.ts';
import { startBaseline, startSen, type RunningServer } from './servers.ts';

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${text}")`);
  }
  return value;
}

// A signature is made once per scenario and must stay inside the server's ±5 minute window.
const DURATION_SECONDS = intFromEnv('BENCH_DURATION_SECONDS', 8, 1, 240);
const CONNECTIONS = intFromEnv('BENCH_CONNECTIONS', 10, 1, 1000);
const WARMUP_SECONDS = intFromEnv('BENCH_WARMUP_SECONDS', 1, 0, 60);

async function measure(scenario: Scenario): Promise<Measurement> {
  const request = scenario.request();
  await verifyOnce(scenario, request);
  process.stdout.write(`  ${scenario.name}: ${WARMUP_SECONDS > 0 ? `${WARMUP_SECONDS} s warm-up + ` : ''}${DURATION_SECONDS} s ... `);
  const result: Result = await autocannon({
    title: scenario.name,
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    timeout: 10,
    // The load generator runs on its own thread, so it does not share the servers' event loop.
    workers: 1,
    ...(WARMUP_SECONDS > 0 ? { warmup: { duration: WARMUP_SECONDS, connections: CONNECTIONS } } : {}),
  });
  process.stdout.write(`${Math.round(result.requests.average)} req/s\n`);
  return { name: scenario.name, result };
}

async function closeAll(servers: RunningServer[]): Promise<void> {
  const outcomes = await Promise.allSettled(servers.map((server) => server.close()));
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') {
      console.error('error while closing a server:', outcome.reason);
      process.exitCode = 1;
    }
  }
}

/** Fails loudly instead of hanging when something still holds the event loop after the run. */
function watchForHangingHandles(): void {
  const timer = setTimeout(() => {
    console.error('bench: the process did not exit 5 s after closing; still open:', process.getActiveResourcesInfo());
    process.exit(1);
  }, 5_000);
  timer.unref();
}

async function main(): Promise<void> {
  console.log(`Sen API benchmark — Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${os.platform()}/${os.arch()}`);
  console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario, warm-up ${WARMUP_SECONDS} s, 127.0.0.1 only\n`);

  const servers: RunningServer[] = [];
  let measurements: Measurement[] = [];
  let baseline: Measurement | undefined;
  try {
    const baselineServer = await startBaseline();
    servers.push(baselineServer);
    const sen = await startSen();
    servers.push(sen);
    const scenarios = buildScenarios(baselineServer, sen);

    baseline = await measure(scenarios.baseline);
    measurements = [];
    for (const scenario of scenarios.sen) measurements.push(await measure(scenario));
  } finally {
    await closeAll(servers);
  }

  console.log(`\n${formatTable(baseline, measurements)}\n`);
  const problems = [baseline, ...measurements].flatMap(problemsOf);
  if (problems.length > 0) {
    console.error(`FAILED — these figures are not clean:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('OK — no errors, no non-2xx responses.');
  }
}

main()
  .catch((error: unknown) => {
    console.error('bench failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(watchForHangingHandles);
