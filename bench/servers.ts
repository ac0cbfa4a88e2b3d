import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS, type Envelope, type SecretResponse } from '@sen/contract';
import pg from 'pg';
import { spawnServer, type ServerProcess } from './processes.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const SEN_BUILD_SCRIPT = path.join(REPO_ROOT, 'apps/server/build.mjs');
const SEN_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

/** The secrets every bench server runs with (startSen); a script that reads its data (the ledger check, account numbers) uses the same. */
export const BENCH_SECRETS = { SIGN_SECRET: 'bench-sign-secret-0123456789abcdef', FIELD_ENCRYPTION_KEY: 'b'.repeat(64) } as const;

/**
 * Builds the server bundle from the current sources (esbuild, a second or two), so the benchmark
 * runs what production runs: plain JavaScript, no tsx loader in the process.
 */
export function buildSen(): void {
  execFileSync(process.execPath, [SEN_BUILD_SCRIPT], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The app code the Sen servers of the benchmark run with (the default). */
export const BENCH_APP_CODE = 'senh5';
export const BASELINE_PATH = '/baseline';

export interface RunningSen extends ServerProcess {
  /** What the run is on, for the scenario names: 'PGlite' or 'PostgreSQL'. */
  databaseName: string;
  appCode: string;
  /** The signing secret, read the way the web client reads it (GET API_PATHS.secret). */
  signSecret: string;
}

export interface ProcessOptions {
  /** Directory for `node --cpu-prof` output; no profiling when undefined. */
  cpuProfileDir: string | undefined;
}

function nodeArgs(script: string, options: ProcessOptions, name: string, loader: string[] = []): string[] {
  // One directory per server: node names each thread's profile itself (the loader hooks of tsx run
  // on a thread of their own, so a fixed --cpu-prof-name would be overwritten by that thread's).
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(options.cpuProfileDir, name)}`] : [];
  return [...profile, ...loader, script];
}

/** Bare Fastify in its own process (baseline-server.ts). */
export function startBaseline(options: ProcessOptions): Promise<ServerProcess> {
  return spawnServer({
    name: 'baseline server',
    args: nodeArgs(path.join(BENCH_DIR, 'baseline-server.ts'), options, 'baseline', ['--import', 'tsx']),
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    readyLine: /listening at http:\/\/127\.0\.0\.1:(\d+)/,
  });
}

/**
 * The real Sen server (the bundle of apps/server/src/main.ts, every plugin and hook; buildSen first) in its own process, in
 * production mode as it would be deployed: logs off, a fixed signing secret, the demo user seeded,
 * the per-IP rate limit out of the way (all load comes from one IP). Production refuses the dev SMS
 * provider, so eSMS is configured against a closed local port: the scenarios sign in by password
 * and never send an SMS.
 */
export async function startSen(databaseUrl: string | undefined, options: ProcessOptions, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningSen> {
  const databaseName = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    // Development by default: production refuses the demo seed (and development providers) the scenarios sign in with.
    NODE_ENV: process.env.BENCH_NODE_ENV ?? 'development',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    APP_CODE: BENCH_APP_CODE,
    ...BENCH_SECRETS,
    SMS_PROVIDER: 'esms',
    ESMS_BASE_URL: 'http://127.0.0.1:9',
    ESMS_API_KEY: 'bench',
    ESMS_SECRET_KEY: 'bench',
    ESMS_BRANDNAME: 'bench',
    EKYC_PROVIDER: 'fpt',
    FPT_EKYC_BASE_URL: 'http://127.0.0.1:9',
    FPT_EKYC_API_KEY: 'bench',
    FPT_EKYC_CALLBACK_SECRET: 'bench-callback-secret-0123',
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: 'memory://' }),
    ...extraEnv,
  };
  const server = await spawnServer({
    name: `Sen on ${databaseName}`,
    args: nodeArgs(SEN_MAIN, options, `sen-${databaseName.toLowerCase()}`),
    cwd: REPO_ROOT,
    env,
    readyLine: /Sen is running at http:\/\/[^:]+:(\d+)/,
  });
  try {
    const response = await fetch(`${server.origin}${API_PATHS.secret}`);
    const envelope = (await response.json()) as Envelope<SecretResponse>;
    if (response.status !== 200 || envelope.code !== 200 || !envelope.data?.verifySignSecret) {
      throw new Error(`Sen on ${databaseName} did not hand out its signing secret: HTTP ${response.status} ${JSON.stringify(envelope)}`);
    }
    return { ...server, databaseName, appCode: BENCH_APP_CODE, signSecret: envelope.data.verifySignSecret };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A fresh PostgreSQL database for one run, dropped afterwards. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `sen_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
