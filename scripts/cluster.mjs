// `npm run cluster -- start|stop|status|kill <name>|restart <name>`: the production shape on this
// machine (docs/operations.md): PgBouncer (deploy/pgbouncer.ini, transaction pooling) in front of
// the local PostgreSQL, three Sen instances (the built server, each its own port and metrics port,
// PostgreSQL through PgBouncer, migrations over a direct connection), and HAProxy
// (deploy/haproxy.cfg) health-checking /health/ready. The files in deploy/ are used as they are.
// State (pids, logs) lives in .cluster/. `start` starts whatever is not running, so it also brings
// back an instance killed by a fault test.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverEntry } from './server-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const deployDir = path.join(root, 'deploy');
const stateDir = path.join(root, '.cluster');

export const CLUSTER = {
  database: process.env.CLUSTER_DATABASE ?? 'sen_cluster',
  postgres: { host: '127.0.0.1', port: 5432, user: 'postgres' },
  pgbouncerPort: 6432,
  balancer: 'http://127.0.0.1:8100',
  haproxyStats: 'http://127.0.0.1:8404/stats;csv',
  instances: [1, 2, 3].map((index) => ({ name: `sen${index}`, port: 8100 + index, metricsPort: 9100 + index })),
};

const pidFile = (name) => path.join(stateDir, `${name}.pid`);
const logFile = (name) => path.join(stateDir, `${name}.log`);

function pidOf(name) {
  try {
    const pid = Number(readFileSync(pidFile(name), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s (see ${stateDir})`);
}

async function ready(url) {
  const response = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2000) });
  return response.status === 200;
}

function launch(name, command, args, options = {}) {
  mkdirSync(stateDir, { recursive: true });
  const out = openSync(logFile(name), 'a');
  const child = spawn(command, args, { detached: true, stdio: ['ignore', out, out], ...options });
  writeFileSync(pidFile(name), String(child.pid));
  child.unref();
  return child.pid;
}

export function instanceEnv(instance) {
  const { host, port, user } = CLUSTER.postgres;
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: process.env.CLUSTER_NODE_ENV ?? 'development',
    HOST: '127.0.0.1',
    PORT: String(instance.port),
    METRICS_PORT: String(instance.metricsPort),
    DATABASE_URL: `postgres://${user}@${host}:${CLUSTER.pgbouncerPort}/${CLUSTER.database}`,
    DATABASE_DIRECT_URL: `postgres://${user}@${host}:${port}/${CLUSTER.database}`,
    DATABASE_POOL_MODE: 'transaction',
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    // The first instance seeds the demo user and products (idempotent); it starts before the others.
    SEED_DEMO: instance.name === 'sen1' ? 'true' : 'false',
    DATA_DIR: path.join(stateDir, 'data'),
    STORAGE_DIR: path.join(stateDir, 'uploads'),
    RATE_LIMIT_PER_MINUTE: process.env.CLUSTER_RATE_LIMIT_PER_MINUTE ?? '1000000',
    // The development payout partner answers at once, and the payout job looks every second.
    PAYOUT_DELAY_MS: '20',
    PAYOUT_POLL_SECONDS: '1',
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('SEN_CLUSTER_ENV_')).map(([key, value]) => [key.slice('SEN_CLUSTER_ENV_'.length), value])),
  };
}

function ensureDatabase() {
  const { host, port, user } = CLUSTER.postgres;
  const exists = execFileSync('psql', ['-h', host, '-p', String(port), '-U', user, '-d', 'postgres', '-tAc', `select 1 from pg_database where datname = '${CLUSTER.database}'`], { encoding: 'utf8' }).trim();
  if (exists !== '1') execFileSync('psql', ['-h', host, '-p', String(port), '-U', user, '-d', 'postgres', '-qc', `create database ${CLUSTER.database}`]);
}

async function startPgbouncer() {
  if (pidOf('pgbouncer')) return;
  // PgBouncer refuses to run as root: as root it switches to the postgres user.
  const asRoot = process.getuid?.() === 0;
  launch('pgbouncer', 'pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), path.join(deployDir, 'pgbouncer.ini')], { cwd: deployDir });
  await waitFor('PgBouncer', () => portOpen(CLUSTER.pgbouncerPort), 15_000);
}

async function startInstance(instance) {
  if (pidOf(instance.name)) return;
  launch(instance.name, process.execPath, [serverEntry], { cwd: root, env: instanceEnv(instance) });
  await waitFor(instance.name, () => ready(`http://127.0.0.1:${instance.port}`));
}

async function startHaproxy() {
  if (pidOf('haproxy')) return;
  launch('haproxy', 'haproxy', ['-db', '-f', path.join(deployDir, 'haproxy.cfg')], { cwd: deployDir });
  await waitFor('HAProxy', () => ready(CLUSTER.balancer), 15_000);
}

export async function start() {
  for (const binary of ['pgbouncer', 'haproxy', 'psql']) {
    try {
      execFileSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' });
    } catch {
      throw new Error(`${binary} is not installed (apt-get install -y haproxy pgbouncer postgresql-client)`);
    }
  }
  await ensureServerBuild();
  ensureDatabase();
  await startPgbouncer();
  // The first migrates and seeds; the others then start together.
  await startInstance(CLUSTER.instances[0]);
  await Promise.all(CLUSTER.instances.slice(1).map(startInstance));
  await startHaproxy();
}

async function stopOne(name, signal = 'SIGTERM') {
  const pid = pidOf(name);
  if (!pid) {
    rmSync(pidFile(name), { force: true });
    return;
  }
  process.kill(pid, signal);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(pidFile(name), { force: true });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(pid, 'SIGKILL');
  rmSync(pidFile(name), { force: true });
}

export async function stop() {
  await stopOne('haproxy');
  await Promise.all(CLUSTER.instances.map((instance) => stopOne(instance.name)));
  await stopOne('pgbouncer');
}

/** kill -9 of one process (a fault test); `start` brings it back. */
export async function kill(name) {
  const pid = pidOf(name);
  if (pid) process.kill(pid, 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 100));
  rmSync(pidFile(name), { force: true });
}

/** Sends `signal` to one process of the cluster (SIGUSR2: a heap snapshot, when started with --heapsnapshot-signal); false when it is not running. */
export function signal(name, signalName) {
  const pid = pidOf(name);
  if (!pid) return false;
  process.kill(pid, signalName);
  return true;
}

export async function restart(name) {
  await stopOne(name);
  await start();
}

/** The balancer's view of its servers (HAProxy's stats CSV): name → UP / DOWN / ... */
export async function balancerView() {
  const csv = await (await fetch(CLUSTER.haproxyStats, { signal: AbortSignal.timeout(2000) })).text();
  const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = header.split(',');
  const status = columns.indexOf('status');
  return Object.fromEntries(rows.map((row) => row.split(',')).filter((cells) => cells[0] === 'sen_instances' && cells[1].startsWith('sen')).map((cells) => [cells[1], cells[status]]));
}

export async function status() {
  const lines = [];
  const pgbouncer = pidOf('pgbouncer');
  lines.push(`pgbouncer  ${pgbouncer ? `pid ${pgbouncer}` : 'stopped'}  127.0.0.1:${CLUSTER.pgbouncerPort}  ${(await portOpen(CLUSTER.pgbouncerPort)) ? 'accepting' : 'closed'}`);
  for (const instance of CLUSTER.instances) {
    const pid = pidOf(instance.name);
    const isReady = await ready(`http://127.0.0.1:${instance.port}`).catch(() => false);
    lines.push(`${instance.name.padEnd(10)} ${pid ? `pid ${pid}` : 'stopped'}  127.0.0.1:${instance.port} ${isReady ? 'ready' : 'not ready'}  metrics 127.0.0.1:${instance.metricsPort}`);
  }
  const haproxy = pidOf('haproxy');
  let view = {};
  if (haproxy) view = await balancerView().catch(() => ({}));
  lines.push(`haproxy    ${haproxy ? `pid ${haproxy}` : 'stopped'}  ${CLUSTER.balancer}  ${Object.entries(view).map(([name, state]) => `${name} ${state}`).join(', ')}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, name] = process.argv.slice(2);
  const run = {
    start: async () => {
      await start();
      console.log(await status());
      console.log(`Sen behind HAProxy: ${CLUSTER.balancer} (logs and pids in .cluster/)`);
    },
    stop: async () => {
      await stop();
      console.log('cluster stopped');
    },
    status: async () => console.log(await status()),
    kill: () => kill(name),
    restart: () => restart(name),
  }[command ?? ''];
  if (!run || ((command === 'kill' || command === 'restart') && !name)) {
    console.error('usage: npm run cluster -- start | stop | status | kill <pgbouncer|sen1|sen2|sen3|haproxy> | restart <name>');
    process.exit(2);
  }
  run().catch((error) => {
    console.error(`cluster: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
