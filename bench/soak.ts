import { parseArgs } from 'node:util';
// @ts-expect-error -- a plain JavaScript script without type declarations
import { CLUSTER, stop } from '../scripts/cluster.mjs';
import { auditCluster, commitOnce, freshCluster, type ClusterClient } from './cluster.ts';
import { percentile } from './commit-load.ts';

/*
 * `npm run bench:soak -- --duration 1800 --rate 15`: holds a fixed commit rate (open loop: a
 * commit is started every 1/rate s whatever the answers do) through the cluster for the duration
 * and reports, per window: commits, errors, p50/p99, and each instance's RSS (from its metrics
 * port, sen_process_resident_memory_bytes); at the end RSS growth start → end per instance, the
 * p99 trend, errors, and the audit (acknowledged commits present, none paid twice, ledger check).
 * Goal (issue 24): RSS growth ≤ 10 %, p99 flat, 0 errors. Set --rate to half of the capacity
 * bench:cluster measured. On a shared machine run it short (--duration 60).
 */

async function rssOf(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(3000) })).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith('sen_process_resident_memory_bytes '));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}

async function rssAll(): Promise<number[]> {
  return Promise.all(CLUSTER.instances.map((instance: { metricsPort: number }) => rssOf(instance.metricsPort).catch(() => Number.NaN)));
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '60' }, rate: { type: 'string', default: '10' }, window: { type: 'string', default: '10' }, borrowers: { type: 'string', default: '32' }, keep: { type: 'boolean', default: false } },
  });
  const seconds = Number(values.duration);
  const rate = Number(values.rate);
  const windowSeconds = Number(values.window);
  const client: ClusterClient = await freshCluster(Number(values.borrowers));
  // A short warm-up so the first window's RSS is the instances' working size, not their start.
  const warmEnd = Date.now() + 5000;
  while (Date.now() < warmEnd) await commitOnce(client, CLUSTER.balancer, client.setup.borrowers[0]!);
  const startRss = await rssAll();
  console.log(`soak: ${rate} commits/s for ${seconds} s through ${CLUSTER.balancer}; RSS at start ${startRss.map(mb).join(' / ')} MB`);

  const acks: { orderId: number; at: number }[] = [];
  const windows: { commits: number; errors: number; latencies: number[] }[] = [];
  const errors: string[] = [];
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  // Every window: the one before it (its answers are in), with each instance's RSS now.
  const reporter = setInterval(() => {
    const index = Math.floor((Date.now() - started) / (windowSeconds * 1000)) - 1;
    const previous = windows[index];
    if (!previous) return;
    void rssAll().then((rss) =>
      console.log(
        `  ${String((index + 1) * windowSeconds).padStart(5)} s  ${previous.commits} commits  ${previous.errors} errors  p50 ${percentile(previous.latencies, 50)} ms  p99 ${percentile(previous.latencies, 99)} ms  RSS ${rss.map(mb).join(' / ')} MB`,
      ),
    );
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
  const endRss = await rssAll();
  const growth = endRss.map((end, index) => ((end - startRss[index]!) / startRss[index]!) * 100);
  const p99s = windows.filter(Boolean).map((window) => percentile(window.latencies, 99));
  const audit = await auditCluster(acks);
  console.log(`RSS start → end (MB): ${startRss.map((start, index) => `${CLUSTER.instances[index].name} ${mb(start)} → ${mb(endRss[index]!)} (${growth[index]! >= 0 ? '+' : ''}${growth[index]!.toFixed(1)} %)`).join(', ')}`);
  console.log(`p99 per ${windowSeconds} s window (ms): ${p99s.join(' ')}`);
  console.log(`commits ${acks.length}, errors ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`);
  console.log(`audit: ${audit.missing} acknowledged commits missing, ${audit.paidTwice} paid twice, ${audit.unpaid} not paid out yet, ledger check ${audit.ledgerOk ? 'ok' : 'FAILED'}`);
  const half = Math.max(1, Math.floor(p99s.length / 2));
  const firstHalf = percentile(p99s.slice(0, half), 50);
  // One window only: nothing to compare it with (percentile of no values is NaN).
  const secondHalf = p99s.length > half ? percentile(p99s.slice(half), 50) : firstHalf;
  const ok = growth.every((value) => value <= 10) && errors.length === 0 && audit.missing === 0 && audit.paidTwice === 0 && audit.ledgerOk && secondHalf <= firstHalf * 1.5 + 20;
  console.log(`p99 median first half ${firstHalf} ms, second half ${secondHalf} ms`);
  if (!values.keep) await stop();
  console.log(ok ? 'Soak passed (RSS growth ≤ 10 %, p99 flat, 0 errors, audit clean).' : 'Soak FAILED its goals (see above).');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error('soak could not run:', error instanceof Error ? error.message : error);
  process.exit(2);
});
