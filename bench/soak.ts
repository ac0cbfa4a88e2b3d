import { mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error -- a plain JavaScript script without type declarations
import { CLUSTER, signal, stop } from '../scripts/cluster.mjs';
import { auditCluster, commitOnce, freshCluster, type ClusterClient } from './cluster.ts';
import { percentile } from './commit-load.ts';

/*
 * `npm run bench:soak -- --duration 1800 --rate 15`: holds a fixed commit rate (open loop: a
 * commit is started every 1/rate s whatever the answers do) through the cluster for the duration
 * and reports, per window: commits, errors, p50/p99, and each instance's RSS and V8 heap in use
 * (from its metrics port); at the end memory growth per instance, the p99 trend, errors, and the
 * audit (acknowledged commits present, none paid twice, ledger check).
 * Goal (issue 24): RSS growth ≤ 10 %, p99 flat, 0 errors. Set --rate to half of the capacity
 * bench:cluster measured. On a shared machine run it short (--duration 60).
 *
 * Growth is measured after --warmup seconds at the full rate (V8 sizes its heap and the pools fill
 * during the first minutes: a start taken after 5 s read that as growth), and as the median of the
 * first three windows against the median of the last three (RSS swings 50–80 MB from one window to
 * the next with the garbage collector; two single readings measured the swing, not a trend).
 * --snapshots writes a heap snapshot of every instance after the warm-up and at the end
 * (node --heapsnapshot-signal; files in the repository's root) to compare what grew.
 */

interface Memory {
  rss: number;
  heapUsed: number;
  /** The payout job's backlog as the instance reports it (sen_payouts_waiting; the same figure on every instance). */
  payoutsWaiting: number;
}

async function memoryOf(metricsPort: number): Promise<Memory> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(3000) })).text();
  const value = (name: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : Number.NaN;
  };
  return { rss: value('sen_process_resident_memory_bytes'), heapUsed: value('sen_nodejs_heap_size_used_bytes'), payoutsWaiting: value('sen_payouts_waiting') };
}

async function memoryAll(): Promise<Memory[]> {
  return Promise.all(CLUSTER.instances.map((instance: { metricsPort: number }) => memoryOf(instance.metricsPort).catch(() => ({ rss: Number.NaN, heapUsed: Number.NaN, payoutsWaiting: Number.NaN }))));
}

/** The backlog from the first instance that answered its scrape. */
const payoutsWaitingOf = (memory: Memory[]) => memory.map((entry) => entry.payoutsWaiting).find((value) => Number.isFinite(value)) ?? Number.NaN;

const median = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Where --snapshots has the instances write their heap snapshots. */
const SNAPSHOT_DIR = path.join(tmpdir(), 'sen-soak-heap-snapshots');

/** Asks every instance for a heap snapshot (SIGUSR2, see --heapsnapshot-signal) and gives it time to be written. */
async function snapshotAll(label: string): Promise<void> {
  for (const instance of CLUSTER.instances as Array<{ name: string }>) {
    console.log(`  heap snapshot (${label}) of ${instance.name}: ${signal(instance.name, 'SIGUSR2') ? `in ${SNAPSHOT_DIR}` : 'not running'}`);
    await new Promise((resolve) => setTimeout(resolve, 8000));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      rate: { type: 'string', default: '10' },
      window: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '60' },
      borrowers: { type: 'string', default: '32' },
      snapshots: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const warmupSeconds = Number(values.warmup);
  if (values.snapshots) {
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    // The instances take their environment from SEN_CLUSTER_ENV_* (scripts/cluster.mjs).
    process.env.SEN_CLUSTER_ENV_NODE_OPTIONS = `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${SNAPSHOT_DIR}`;
  }
  const seconds = Number(values.duration);
  const rate = Number(values.rate);
  const windowSeconds = Number(values.window);
  const client: ClusterClient = await freshCluster(Number(values.borrowers));
  const startMemory = await memoryAll();
  console.log(
    `soak: ${rate} commits/s for ${seconds} s through ${CLUSTER.balancer} (the first ${warmupSeconds} s a warm-up); RSS at start ${startMemory.map((memory) => mb(memory.rss)).join(' / ')} MB; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`,
  );

  const acks: { orderId: number; at: number }[] = [];
  const windows: { commits: number; errors: number; latencies: number[] }[] = [];
  /** Each instance's memory at the end of each window (index as `windows`). */
  const memoryAt: Memory[][] = [];
  let snapshotted = !values.snapshots;
  const errors: string[] = [];
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  // Every window: the one before it (its answers are in), with each instance's RSS now.
  const reporter = setInterval(() => {
    const index = Math.floor((Date.now() - started) / (windowSeconds * 1000)) - 1;
    const previous = windows[index];
    if (!previous) return;
    void memoryAll().then((memory) => {
      memoryAt[index] = memory;
      console.log(
        `  ${String((index + 1) * windowSeconds).padStart(5)} s  ${previous.commits} commits  ${previous.errors} errors  p50 ${percentile(previous.latencies, 50)} ms  p99 ${percentile(previous.latencies, 99)} ms  RSS ${memory.map((m) => mb(m.rss)).join(' / ')} MB  heap ${memory.map((m) => mb(m.heapUsed)).join(' / ')} MB  payouts waiting ${payoutsWaitingOf(memory)}${(index + 1) * windowSeconds <= warmupSeconds ? '  (warm-up)' : ''}`,
      );
      if (!snapshotted && (index + 1) * windowSeconds >= warmupSeconds) {
        snapshotted = true;
        void snapshotAll('after warm-up');
      }
    });
  }, windowSeconds * 1000);
  const busy = new Set<number>();
  while (Date.now() - started < seconds * 1000) {
    const due = started + (sent * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Each borrower has one commit in flight at a time (its commits are serialised by design).
    const index = client.setup.borrowers.findIndex((_, candidate) => !busy.has(candidate));
    sent += 1;
    const windowIndex = Math.floor((Date.now() - started) / (windowSeconds * 1000));
    windows[windowIndex] ??= { commits: 0, errors: 0, latencies: [] };
    const window = windows[windowIndex]!;
    if (index < 0) {
      window.errors += 1;
      errors.push('no borrower free: the cluster is behind the rate');
      continue;
    }
    busy.add(index);
    const begun = Date.now();
    const request = commitOnce(client, CLUSTER.balancer, client.setup.borrowers[index]!).then((result) => {
      busy.delete(index);
      window.latencies.push(Date.now() - begun);
      if ('orderId' in result) {
        window.commits += 1;
        acks.push({ orderId: result.orderId, at: Date.now() - started });
      } else {
        window.errors += 1;
        errors.push(result.failure);
      }
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  clearInterval(reporter);
  await Promise.all(inFlight);
  memoryAt[windows.length - 1] ??= await memoryAll();
  if (values.snapshots) await snapshotAll('end');
  // Growth: the median of the first three measured windows after the warm-up against the last three's.
  const measured = memoryAt.map((memory, index) => ({ memory, index })).filter(({ memory, index }) => memory && (index + 1) * windowSeconds > warmupSeconds);
  const first = measured.slice(0, 3);
  const last = measured.slice(-3);
  const growthOf = (pick: (memory: Memory) => number) =>
    CLUSTER.instances.map((_: unknown, instance: number) => {
      const start = median(first.map(({ memory }) => pick(memory[instance]!)));
      const end = median(last.map(({ memory }) => pick(memory[instance]!)));
      return { start, end, percent: ((end - start) / start) * 100 };
    });
  const rssGrowth = growthOf((memory) => memory.rss);
  const heapGrowth = growthOf((memory) => memory.heapUsed);
  const growth = rssGrowth.map((entry: { percent: number }) => entry.percent);
  const measuredWindows = windows.map((window, index) => ({ window, index })).filter(({ window, index }) => window && (index + 1) * windowSeconds > warmupSeconds);
  const p99s = measuredWindows.map(({ window }) => percentile(window.latencies, 99));
  console.log(`payouts waiting when the load stopped: ${payoutsWaitingOf(await memoryAll())}`);
  const audit = await auditCluster(acks);
  const describe = (entries: Array<{ start: number; end: number; percent: number }>) =>
    entries.map((entry, index) => `${CLUSTER.instances[index].name} ${mb(entry.start)} → ${mb(entry.end)} (${entry.percent >= 0 ? '+' : ''}${entry.percent.toFixed(1)} %)`).join(', ');
  console.log(`RSS after warm-up → end, medians of 3 windows (MB): ${describe(rssGrowth)}`);
  console.log(`V8 heap in use, the same (MB): ${describe(heapGrowth)}`);
  console.log(`p99 per ${windowSeconds} s window after the warm-up (ms): ${p99s.join(' ')}`);
  console.log(`load average at the end: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.log(`commits ${acks.length}, errors ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`);
  console.log(`audit: ${audit.missing} acknowledged commits missing, ${audit.paidTwice} paid twice, ${audit.unpaid} not paid out yet, ledger check ${audit.ledgerOk ? 'ok' : 'FAILED'}`);
  const half = Math.max(1, Math.floor(p99s.length / 2));
  const firstHalf = percentile(p99s.slice(0, half), 50);
  // One window only: nothing to compare it with (percentile of no values is NaN).
  const secondHalf = p99s.length > half ? percentile(p99s.slice(half), 50) : firstHalf;
  const ok = growth.every((value: number) => value <= 10) && errors.length === 0 && audit.missing === 0 && audit.paidTwice === 0 && audit.ledgerOk && secondHalf <= firstHalf * 1.5 + 20;
  console.log(`p99 median first half ${firstHalf} ms, second half ${secondHalf} ms`);
  if (!values.keep) await stop();
  console.log(ok ? 'Soak passed (RSS growth ≤ 10 %, p99 flat, 0 errors, audit clean).' : 'Soak FAILED its goals (see above).');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error('soak could not run:', error instanceof Error ? error.message : error);
  process.exit(2);
});
