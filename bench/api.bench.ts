/**
 * API load benchmark. Each server runs in a process of its own — bare Fastify (the baseline), Sen
 * on in-memory PGlite, Sen on a scratch PostgreSQL database — and autocannon fires from this
 * process, all on 127.0.0.1. Every Sen figure is printed as a ratio of the baseline measured in the
 * same run, so the numbers compare across machines better than raw req/s. See README.md.
 *
 * Env: BENCH_DURATION_SECONDS (default 8, 1..240) per scenario, BENCH_CONNECTIONS (default 64),
 * BENCH_WARMUP_SECONDS (default 1, 0 = none; not reported), BENCH_BASELINE_SECONDS (default 3: the
 * baseline measured again right before each Sen scenario, the reference of its ratios), BENCH_PG_ADMIN_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_PG_ADMIN_URL=off skips PostgreSQL),
 * BENCH_LOGIN (default 0; 1 adds the argon2id login scenario on PGlite, which saturates the CPU on purpose), BENCH_ONLY (a substring: run only
 * the scenarios whose name contains it, besides the baseline), BENCH_CPU_PROF_DIR (profile the
 * Sen servers with node --cpu-prof into that directory), BENCH_NODE_ENV (default development: production refuses the demo seed the scenarios sign in with),
 * BENCH_COMMIT_BORROWERS (default 64: the loan-commit scenario on PostgreSQL, one borrower per
 * concurrent loop; see commit-load.ts; target 1,500 commits/s).
 */
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import type { ServerProcess } from './processes.ts';
import { formatTable, problemsOf, type Measurement } from './report.ts';
import {
  authConfigScenario,
  baselineScenario,
  loginScenario,
  signIn,
  userInfoScenario,
  verifyOnce,
  type Scenario,
} from './scenarios.ts';
import { auditCommits, runCommitLoad, seedCommitBorrowers, type CommitAudit, type CommitRun } from './commit-load.ts';
import { captureCommit, runSqlBaseline, type SqlBaselineRun } from './commit-sql-baseline.ts';
import { buildSen, createScratchDatabase, startBaseline, startSen, type ProcessOptions, type ScratchDatabase } from './servers.ts';

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
const CONNECTIONS = intFromEnv('BENCH_CONNECTIONS', 64, 1, 1000);
const WARMUP_SECONDS = intFromEnv('BENCH_WARMUP_SECONDS', 1, 0, 60);
const BASELINE_SECONDS = intFromEnv('BENCH_BASELINE_SECONDS', 3, 1, 60);
const WITH_LOGIN = intFromEnv('BENCH_LOGIN', 0, 0, 1) === 1;
const ONLY = process.env.BENCH_ONLY?.trim() ?? '';
const COMMIT_BORROWERS = intFromEnv('BENCH_COMMIT_BORROWERS', 64, 1, 1000);
/** Commits per second the issue asks of this machine (issue 11). */
const COMMIT_TARGET_PER_SECOND = 1_500;
/** Issue 21: Sen's commits/s at least half of the same statements sent as plain SQL in the same run. */
const SQL_RATIO_TARGET = 0.5;
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const PROCESS_OPTIONS: ProcessOptions = { cpuProfileDir: process.env.BENCH_CPU_PROF_DIR?.trim() || undefined };

async function measure(scenario: Scenario, durationSeconds = DURATION_SECONDS, warmupSeconds = WARMUP_SECONDS): Promise<Measurement> {
  const request = scenario.request();
  await verifyOnce(scenario, request);
  process.stdout.write(`  ${scenario.name}: ${warmupSeconds > 0 ? `${warmupSeconds} s warm-up + ` : ''}${durationSeconds} s ... `);
  const options = {
    title: scenario.name,
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    connections: CONNECTIONS,
    timeout: 10,
  };
  // The warm-up is a run of its own, so the server's CPU time can be read around the measured one.
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  const cpuBefore = scenario.server.cpuMicros();
  const result: Result = await autocannon({ ...options, duration: durationSeconds });
  const cpuMicrosPerRequest = (scenario.server.cpuMicros() - cpuBefore) / Math.max(1, result.requests.total);
  process.stdout.write(`${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${Math.round(cpuMicrosPerRequest)} µs server CPU/req\n`);
  return { name: scenario.name, result, cpuMicrosPerRequest };
}

/** Stops a server process and clears it from the list, reporting (not throwing) a failure. */
async function stopAll(servers: ServerProcess[]): Promise<void> {
  const outcomes = await Promise.allSettled(servers.splice(0).map((server) => server.stop()));
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') {
      console.error('error while stopping a server:', outcome.reason);
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

const wanted = (scenario: Scenario) => ONLY === '' || scenario.name.includes(ONLY);
const COMMIT_SCENARIO = 'POST order/commit (multipart, signed, session) PostgreSQL';

function formatCommitReport(run: CommitRun, baselineRequestsPerSecond: number, audit: CommitAudit, plain: SqlBaselineRun): string {
  const ratio = run.commitsPerSecond / baselineRequestsPerSecond;
  const sqlRatio = run.commitsPerSecond / plain.commitsPerSecond;
  return [
    `── ${COMMIT_SCENARIO}, ${COMMIT_BORROWERS} borrowers at once ──`,
    `commits/s            ${run.commitsPerSecond.toFixed(0)}   target ${COMMIT_TARGET_PER_SECOND}   ${run.commitsPerSecond >= COMMIT_TARGET_PER_SECOND ? 'met' : 'NOT met'}`,
    `vs baseline          ${ratio.toFixed(3)}x of ${baselineRequestsPerSecond.toFixed(0)} req/s (bare Fastify, measured right before)`,
    `commits              ${run.commits} in ${run.seconds.toFixed(1)} s, p50 ${run.latencyP50Ms.toFixed(1)} ms, p99 ${run.latencyP99Ms.toFixed(1)} ms, ${run.failures} refused`,
    `vs plain SQL         ${sqlRatio.toFixed(3)}x of ${plain.commitsPerSecond.toFixed(0)} commits/s (the commit's own ${plain.statementsPerCommit} statements through bare pg, ${COMMIT_BORROWERS} loops, same run)   target ${SQL_RATIO_TARGET}x   ${sqlRatio >= SQL_RATIO_TARGET ? 'met' : 'NOT met'}`,
    `afterwards           ${audit.orders} orders, ${audit.creditMismatches} borrowers whose used credit is not the sum of their orders, ledger check ${audit.ledgerOk ? 'ok' : `FAILED:\n${audit.ledgerReport}`}`,
  ].join('\n');
}

async function main(): Promise<void> {
  console.log(`Sen API benchmark — Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${os.platform()}/${os.arch()}`);
  console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario, warm-up ${WARMUP_SECONDS} s, each server in its own process, 127.0.0.1 only\n`);

  const servers: ServerProcess[] = [];
  const measurements: Measurement[] = [];
  let baseline: Measurement | undefined;
  let scratch: ScratchDatabase | undefined;
  let commitReport: string | undefined;
  const commitProblems: string[] = [];
  // Signals stop the child servers and drop the scratch database too.
  const onSignal = () => {
    void stopAll(servers)
      .then(() => scratch?.drop())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  buildSen();
  try {
    // One server at a time, so an idle server never competes with the one under load.
    // The baseline server stays up (idle between its measurements); one Sen server at a time.
    const baselineServer = await startBaseline(PROCESS_OPTIONS);
    servers.push(baselineServer);
    const baselineRun = baselineScenario(baselineServer);
    baseline = await measure(baselineRun);
    // The machine's load drifts: each Sen scenario is compared with a baseline taken just before it.
    const measureAgainstBaseline = async (scenario: Scenario) => {
      const adjacent = await measure({ ...baselineRun, name: `  baseline before the next` }, BASELINE_SECONDS, 0);
      measurements.push({ ...(await measure(scenario)), baseline: adjacent.result });
    };

    const pglite = await startSen(undefined, PROCESS_OPTIONS);
    servers.push(pglite);
    const pgliteToken = await signIn(pglite);
    const onPglite = [authConfigScenario(pglite), userInfoScenario(pglite, pgliteToken), ...(WITH_LOGIN ? [loginScenario(pglite)] : [])];
    for (const scenario of onPglite.filter(wanted)) await measureAgainstBaseline(scenario);
    await pglite.stop();
    servers.splice(servers.indexOf(pglite), 1);

    if (PG_ADMIN_URL !== 'off') {
      scratch = await createScratchDatabase(PG_ADMIN_URL);
      // The API alone, as deployed beside a separate worker: no payout or loan job competes with the commits.
      const postgres = await startSen(scratch.url, PROCESS_OPTIONS, { JOBS_ENABLED: 'false' });
      servers.push(postgres);
      const postgresToken = await signIn(postgres);
      for (const scenario of [authConfigScenario(postgres), userInfoScenario(postgres, postgresToken)].filter(wanted)) {
        await measureAgainstBaseline(scenario);
      }
      if (ONLY === '' || COMMIT_SCENARIO.includes(ONLY)) {
        const seeded = await seedCommitBorrowers(scratch.url, COMMIT_BORROWERS + 1);
        // One borrower commits once, in process, so the statement counter records what a commit sends.
        const captureBorrower = seeded.borrowers.pop()!;
        const setup = seeded;
        const captured = await captureCommit(scratch.url, setup, captureBorrower);
        const adjacent = await measure({ ...baselineRun, name: `  baseline before the next` }, BASELINE_SECONDS, 0);
        process.stdout.write(`  ${COMMIT_SCENARIO}: ${WARMUP_SECONDS > 0 ? `${WARMUP_SECONDS} s warm-up + ` : ''}${DURATION_SECONDS} s ... `);
        const cpuBefore = postgres.cpuMicros();
        const run = await runCommitLoad(postgres, setup, DURATION_SECONDS, WARMUP_SECONDS);
        const cpuMicrosPerCommit = (postgres.cpuMicros() - cpuBefore) / Math.max(1, run.commits + run.failures);
        process.stdout.write(`${run.commitsPerSecond.toFixed(0)} commits/s, p99 ${run.latencyP99Ms.toFixed(1)} ms, ${Math.round(cpuMicrosPerCommit)} µs server CPU/commit (warm-up included)\n`);
        const audit = await auditCommits(scratch.url, setup);
        process.stdout.write(`  the same ${captured.statements.length} statements through bare pg, ${COMMIT_BORROWERS} loops: ${DURATION_SECONDS} s ... `);
        const plain = await runSqlBaseline(scratch.url, captured, setup, DURATION_SECONDS, WARMUP_SECONDS);
        process.stdout.write(`${plain.commitsPerSecond.toFixed(0)} commits/s\n`);
        if (plain.commits === 0 || plain.failures > 0) commitProblems.push(`plain-SQL baseline: ${plain.commits} commits, ${plain.failures} failed (first: ${plain.firstFailure ?? 'none'})`);
        commitReport = formatCommitReport(run, adjacent.result.requests.average, audit, plain);
        if (run.commits === 0 || run.failures > 0) commitProblems.push(`${COMMIT_SCENARIO}: ${run.commits} commits, ${run.failures} refused (first: ${run.firstFailure ?? 'none'})`);
        if (!audit.ledgerOk || audit.creditMismatches > 0) commitProblems.push(`${COMMIT_SCENARIO}: the ledger check or the credit totals failed after the load`);
        // Warm-up commits are orders too, so there are at least as many orders as counted commits.
        if (audit.orders < run.commits) commitProblems.push(`${COMMIT_SCENARIO}: ${run.commits} commits answered but only ${audit.orders} orders stored`);
      }
    }
    await stopAll(servers);
  } finally {
    await stopAll(servers);
    if (scratch) await scratch.drop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  console.log(`\n${formatTable(baseline, measurements)}\n`);
  if (commitReport) console.log(`${commitReport}\n`);
  const problems = [...[baseline, ...measurements].flatMap(problemsOf), ...commitProblems];
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
