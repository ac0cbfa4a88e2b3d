import type { AddressInfo } from 'node:net';
import { API_PATHS, type Envelope, type SecretResponse } from '@sen/contract';
import { buildApp } from '@sen/server/src/app.ts';
import { loadConfig, type Config } from '@sen/server/src/config.ts';
import { createDatabase } from '@sen/server/src/db/database.ts';
import { seedDemo } from '@sen/server/src/demo-seed.ts';
import Fastify, { type FastifyInstance } from 'fastify';

/** Every server of the benchmark binds the loopback interface only, on a port the OS picks. */
export const BENCH_HOST = '127.0.0.1';

export interface RunningServer {
  /** Origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  close(): Promise<void>;
}

export interface RunningSen extends RunningServer {
  config: Config;
  /** The signing secret, read the way the web client reads it (GET API_PATHS.secret). */
  signSecret: string;
}

/** The constant body of the baseline route: the shape of a Sen success envelope with no data. */
export const BASELINE_BODY = { code: 200, message: 'success', data: null } as const;
export const BASELINE_PATH = '/baseline';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: BENCH_HOST, port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://${BENCH_HOST}:${port}`;
}

/**
 * The floor every Sen figure is compared with: bare Fastify, logger off, one route answering a
 * constant JSON envelope. Same Node, same machine, same moment as the Sen scenarios.
 */
export async function startBaseline(): Promise<RunningServer> {
  const app = Fastify({ logger: false });
  app.get(BASELINE_PATH, async () => BASELINE_BODY);
  const origin = await listen(app);
  return { origin, close: () => app.close() };
}

/**
 * The real Sen server (buildApp, every plugin and hook) on an in-memory PGlite database with the
 * demo user seeded, logs off and the per-IP rate limit out of the way (all load comes from one IP).
 */
export async function startSen(): Promise<RunningSen> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
  });
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database });
    await app.ready();
    if (config.seedDemo) await seedDemo(app);
  } catch (error) {
    await database.close();
    throw error;
  }
  // The app first (it answers in-flight requests and closes its sockets), then the database.
  const close = async () => {
    try {
      await app.close();
    } finally {
      await database.close();
    }
  };
  try {
    const origin = await listen(app);
    const response = await fetch(`${origin}${API_PATHS.secret}`);
    const envelope = (await response.json()) as Envelope<SecretResponse>;
    if (response.status !== 200 || envelope.code !== 200 || !envelope.data?.verifySignSecret) {
      throw new Error(`Sen did not hand out its signing secret: HTTP ${response.status} ${JSON.stringify(envelope)}`);
    }
    return { origin, config, signSecret: envelope.data.verifySignSecret, close };
  } catch (error) {
    await close();
    throw error;
  }
}
