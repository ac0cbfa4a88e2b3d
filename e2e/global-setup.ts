import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';

/*
 * Starts one server per Playwright worker (decision 082): the built web app served by a real
 * server on 127.0.0.1, on a port the OS picked (parallel runs on one machine do not collide), with
 * a fresh in-memory database and the development SMS provider. The servers start side by side;
 * their addresses reach the workers in E2E_SERVER_URLS (fixtures.ts picks one per worker slot).
 */

const root = fileURLToPath(new URL('..', import.meta.url));

/** The server's environment (the journeys' settings; the port is added per server). */
const SERVER_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  SMS_PROVIDER: 'dev',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  OTP_LIMIT_PER_PHONE_HOUR: '1000',
  OTP_LIMIT_PER_IP_HOUR: '1000',
  OTP_LIMIT_PER_DEVICE_HOUR: '1000',
  // Payouts answer at once; the journeys run the loan jobs themselves (/api/dev/loans/run-jobs).
  PAYOUT_DELAY_MS: '0',
  TICKER_MIN_LOANS: '1',
};

/** How long a server may take to answer /api/health (a loaded machine compiles and seeds slowly). */
const START_TIMEOUT_MS = 300_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Started {
  url: string;
  child: ChildProcess;
}

async function startServer(): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the e2e server did not answer ${url}/api/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

async function stop({ child }: Started): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const results = await Promise.allSettled(Array.from({ length: Math.max(1, config.workers) }, () => startServer()));
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(started.map(stop));
    throw failure.reason;
  }
  process.env.E2E_SERVER_URLS = started.map((server) => server.url).join(',');
  return async () => {
    await Promise.all(started.map(stop));
  };
}
