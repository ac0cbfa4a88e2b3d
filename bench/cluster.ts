import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { API_PATHS, type Envelope, type SecretResponse } from '@sen/contract';
import { sql } from 'drizzle-orm';
import { createDatabase, executeRows } from '../apps/server/src/db/database.ts';
// @ts-expect-error -- a plain JavaScript script without type declarations
import { CLUSTER, balancerView, kill, restart, start, stop } from '../scripts/cluster.mjs';
import { commitRequest, giveRealAccountNumbers, ledgerCheck, percentile, seedCommitBorrowers, waitForPayouts, type CommitBorrower, type CommitSetup } from './commit-load.ts';
import type { RunningSen } from './servers.ts';

/*
 * `npm run bench:cluster -- --duration 60`: load and faults through the production shape
 * (scripts/cluster.mjs: PgBouncer, 3 instances, HAProxy), on a fresh cluster database:
 *   1. commit throughput through the balancer (3 instances) against one instance directly;
 *   2. kill -9 of one instance under commit load: every acknowledged commit is an order, no order
 *      is paid out twice, the ledger check passes, the balancer marks the instance DOWN and routes
 *      around it (failures only while it notices), the instance comes back;
 *   3. PgBouncer restarted under commit load: the instances recover unattended;
 *   4. the jobs ran once per period across the three (job_runs by holder).
 * A benchmark, not a test: on a shared 2-core machine run it short (--duration 20); the figures
 * of a full run belong on a quiet machine.
 */

const { host, port, user } = CLUSTER.postgres;
export const directUrl = `postgres://${user}@${host}:${port}/${CLUSTER.database}`;

interface Ack {
  orderId: number;
  at: number;
}

export interface LoadTally {
  acks: Ack[];
  failures: { at: number; reason: string }[];
  latenciesMs: { at: number; ms: number }[];
}

/** A client of the cluster: the signing secret and the bench borrowers (fresh database, seeded directly). */
export interface ClusterClient {
  sen: Pick<RunningSen, 'appCode' | 'signSecret' | 'origin'>;
  setup: CommitSetup;
}

/** Drops and recreates the cluster database, starts the cluster, seeds `borrowers` borrowers able to be paid out. */
export async function freshCluster(borrowers: number): Promise<ClusterClient> {
  await stop();
  execFileSync('psql', ['-h', host, '-p', String(port), '-U', user, '-d', 'postgres', '-qc', `drop database if exists ${CLUSTER.database} with (force)`]);
  await start();
  const setup = await seedCommitBorrowers(directUrl, borrowers);
  // The cluster's instances generated their field key (kept in app_settings).
  await giveRealAccountNumbers(directUrl, setup);
  const secret = (await (await fetch(`${CLUSTER.balancer}${API_PATHS.secret}`)).json()) as Envelope<SecretResponse>;
  return { sen: { appCode: 'senh5', signSecret: secret.data.verifySignSecret, origin: CLUSTER.balancer }, setup };
}

/** One signed commit to `origin`; the order id when acknowledged. */
export async function commitOnce(client: ClusterClient, origin: string, borrower: CommitBorrower): Promise<{ orderId: number } | { failure: string }> {
  const { headers, body } = commitRequest(client.sen as RunningSen, client.setup, borrower);
  try {
    const response = await fetch(`${origin}${API_PATHS.orderCommit}`, { method: 'POST', headers, body, signal: AbortSignal.timeout(15_000) });
    const envelope = (await response.json()) as Envelope<{ orderId: number }>;
    return envelope.code === 200 ? { orderId: envelope.data.orderId } : { failure: `HTTP ${response.status} code ${envelope.code}` };
  } catch (error) {
    return { failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** One closed loop per borrower against `origin` for `seconds`; `during(elapsedMs)` is called every 250 ms (faults). */
export async function commitLoad(client: ClusterClient, origin: string, seconds: number, during?: (elapsedMs: number) => Promise<void> | void): Promise<LoadTally> {
  const tally: LoadTally = { acks: [], failures: [], latenciesMs: [] };
  const started = Date.now();
  const end = started + seconds * 1000;
  const loops = client.setup.borrowers.map(async (borrower) => {
    while (Date.now() < end) {
      const sent = Date.now();
      const result = await commitOnce(client, origin, borrower);
      const now = Date.now();
      tally.latenciesMs.push({ at: now - started, ms: now - sent });
      if ('orderId' in result) tally.acks.push({ orderId: result.orderId, at: now - started });
      else {
        tally.failures.push({ at: now - started, reason: result.failure });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  let faults = Promise.resolve();
  const ticker = during
    ? setInterval(() => {
        faults = faults.then(() => during(Date.now() - started));
      }, 250)
    : null;
  await Promise.all(loops);
  if (ticker) clearInterval(ticker);
  await faults;
  return tally;
}

/** What the load left in the database: acknowledged orders missing, orders paid twice, the ledger check. */
export async function auditCluster(acks: Ack[], waitForPayoutsMs = 60_000): Promise<{ missing: number; paidTwice: number; unpaid: number; ledgerOk: boolean; jobs: string }> {
  const database = await createDatabase({ databaseUrl: directUrl, dataDir: 'memory://', pool: { max: 1 } });
  try {
    const ids = acks.map((ack) => ack.orderId);
    const [found] = await executeRows<{ count: number }>(database.db, sql`select count(*)::int as count from loan_orders where id = any(${`{${ids.join(',') || '0'}}`}::bigint[])`);
    const unpaid = await waitForPayouts(database.db, waitForPayoutsMs, 1000);
    const [twice] = await executeRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from (select order_id from payout_attempts where state = 'succeeded' group by order_id having count(*) > 1) paid`,
    );
    const jobs = await executeRows<{ job: string; runs: number; holders: number; periods: number }>(
      database.db,
      sql`select job, count(*)::int as runs, count(distinct split_part(holder, ':', 2))::int as holders, count(distinct period)::int as periods from job_runs group by job order by job`,
    );
    // The cluster's instances run with no FIELD_ENCRYPTION_KEY or SIGN_SECRET of ours: none added.
    const ledger = ledgerCheck(directUrl);
    if (!ledger.ok) console.error(ledger.report);
    return {
      missing: ids.length - found!.count,
      paidTwice: twice!.count,
      unpaid,
      ledgerOk: ledger.ok,
      jobs: jobs.map((row) => `${row.job} ${row.runs} runs/${row.periods} periods by ${row.holders} processes`).join('; '),
    };
  } finally {
    await database.close();
  }
}

function summary(name: string, tally: LoadTally, seconds: number): string {
  const ms = tally.latenciesMs.map((entry) => entry.ms);
  return `${name}: ${tally.acks.length} commits in ${seconds} s = ${(tally.acks.length / seconds).toFixed(1)}/s, p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms, ${tally.failures.length} failures`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: '20' }, borrowers: { type: 'string', default: '16' }, keep: { type: 'boolean', default: false } } });
  const seconds = Number(values.duration);
  const client = await freshCluster(Number(values.borrowers));
  const report: string[] = [];
  let failed = false;

  // 1. Throughput: one instance directly, then the balancer in front of three.
  const one = await commitLoad(client, `http://127.0.0.1:${CLUSTER.instances[0].port}`, seconds);
  const three = await commitLoad(client, CLUSTER.balancer, seconds);
  report.push(summary('1 instance (direct)', one, seconds), summary('3 instances (HAProxy)', three, seconds), `  ratio 3/1: ${(three.acks.length / Math.max(1, one.acks.length)).toFixed(2)}`);

  // 2. kill -9 of sen2 a third of the way in; the balancer must route around it; restarted at two thirds.
  const views: string[] = [];
  let killedAt = 0;
  let restarted = false;
  const killed = await commitLoad(client, CLUSTER.balancer, seconds, async (elapsed) => {
    if (!killedAt && elapsed > (seconds * 1000) / 3) {
      await kill('sen2');
      killedAt = elapsed;
    }
    if (killedAt && !restarted && elapsed > killedAt + 3000) views.push(JSON.stringify(await balancerView().catch(() => ({}))));
    if (killedAt && !restarted && elapsed > (seconds * 2000) / 3) {
      restarted = true;
      await start();
    }
  });
  const failuresAfterNoticed = killed.failures.filter((failure) => failure.at > killedAt + 3000).length;
  report.push(summary('kill -9 sen2 under commit load', killed, seconds));
  report.push(`  killed at ${(killedAt / 1000).toFixed(1)} s; failures ${killed.failures.length} (${failuresAfterNoticed} more than 3 s after the kill); balancer saw ${views[0] ?? '(no view)'}`);
  report.push(`  first failures: ${[...new Set(killed.failures.map((failure) => failure.reason))].slice(0, 3).join(' | ') || 'none'}`);
  if (!views[0]?.includes('"sen2":"DOWN"') || failuresAfterNoticed > 0) failed = true;

  // 3. PgBouncer restarted under load.
  let bounced = 0;
  const bounce = await commitLoad(client, CLUSTER.balancer, seconds, async (elapsed) => {
    if (!bounced && elapsed > (seconds * 1000) / 3) {
      bounced = elapsed;
      await restart('pgbouncer');
    }
  });
  const recoveredAfter = bounce.acks.filter((ack) => ack.at > bounced + 1000).length;
  const lastFailure = Math.max(0, ...bounce.failures.map((failure) => failure.at));
  report.push(summary('PgBouncer restarted under commit load', bounce, seconds));
  report.push(`  restarted at ${(bounced / 1000).toFixed(1)} s; last failure at ${(lastFailure / 1000).toFixed(1)} s; ${recoveredAfter} commits after the restart`);
  if (recoveredAfter === 0) failed = true;

  // 4. The audit: acknowledged commits present, none paid twice, the ledger, the jobs.
  const audit = await auditCluster([...one.acks, ...three.acks, ...killed.acks, ...bounce.acks]);
  report.push(`audit: ${audit.missing} acknowledged commits missing, ${audit.paidTwice} orders paid twice, ${audit.unpaid} not paid out yet, ledger check ${audit.ledgerOk ? 'ok' : 'FAILED'}`);
  report.push(`jobs: ${audit.jobs}`);
  if (audit.missing > 0 || audit.paidTwice > 0 || !audit.ledgerOk) failed = true;

  console.log(report.join('\n'));
  if (!values.keep) await stop();
  console.log(failed ? 'Cluster bench FAILED.' : 'Cluster bench passed.');
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch(async (error: unknown) => {
    console.error('cluster bench could not run:', error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
