import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page, Request } from '@playwright/test';

/*
 * One server per Playwright worker (decision 082): the built web app served by a real server on
 * 127.0.0.1, on a port of its own, with a fresh in-memory database and the development SMS
 * provider. A worker's journeys run one after another against it, so journeys in two workers
 * never share a database, a business clock or the demo borrower.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

/** The server's environment (the journeys' settings; the port is added per worker). */
export const SERVER_ENV: Record<string, string> = {
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

/** A port nobody listens on now (the OS picks it), so parallel runs on one machine do not collide. */
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

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the e2e server did not answer ${url} within 120 s:\n${output()}`);
}

export const test = base.extend<object, { server: { baseURL: string } }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
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
      const baseURL = `http://127.0.0.1:${port}`;
      try {
        await waitUntilHealthy(`${baseURL}/api/health`, child, () => output);
        await use({ baseURL });
      } finally {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
          if (child.exitCode === null) child.kill('SIGKILL');
        }
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});
