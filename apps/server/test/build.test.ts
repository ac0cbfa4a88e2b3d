import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript build script without type declarations
import { buildServer } from '../build.mjs';

/** The bundle must sit directly in apps/server, like dist/ (see build.mjs). */
const outdir = path.join(import.meta.dirname, '..', `dist-test-${randomBytes(4).toString('hex')}`);

interface Run {
  code: number | null;
  output: string;
}

/** Runs a built entry point; `until` ends it with SIGTERM once the output matches. */
function runBuilt(entry: string, env: Record<string, string>, until?: RegExp, onMatch?: (output: string) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(outdir, entry)], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let matched = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until && !matched && until.test(output)) {
        matched = true;
        (onMatch ? onMatch(output) : Promise.resolve()).then(
          () => child.kill('SIGTERM'),
          (error: unknown) => {
            child.kill('SIGKILL');
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const production = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: 'memory://',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  SMS_PROVIDER: 'esms',
  ESMS_API_KEY: 'key',
  ESMS_SECRET_KEY: 'secret',
  ESMS_BRANDNAME: 'Sen',
  EKYC_PROVIDER: 'fpt',
  FPT_EKYC_API_KEY: 'key',
  FPT_EKYC_CALLBACK_SECRET: 'callback-secret-0123456789',
  // Payouts by a partner (production refuses the development payout); never called in this test.
  PAYOUT_PROVIDER: 'napas',
  PAYOUT_BASE_URL: 'https://payout.partner.example/v1',
  PAYOUT_CLIENT_ID: 'sen',
  PAYOUT_SECRET_KEY: 'payout-secret-0123456789',
};

describe.runIf(process.env.TEST_DB !== 'postgres')('compiled server', () => {
  beforeAll(async () => {
    await buildServer({ outdir });
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('refuses to start in production without its secrets', async () => {
    const { SIGN_SECRET: _omitted, ...env } = { ...production, SIGN_SECRET: undefined };
    const run = await runBuilt('main.js', env);
    expect(run.code).toBe(1);
    expect(run.output).toContain('SIGN_SECRET is required when NODE_ENV=production');
  });

  it('starts in production as plain JavaScript, migrates, answers and stops on SIGTERM', { timeout: 90_000 }, async () => {
    let health: unknown;
    const run = await runBuilt('main.js', { ...production, SIGN_SECRET: 'a-production-secret-0123456789', OTP_PEPPER: 'a-production-otp-pepper-0123456789abcdef', FIELD_ENCRYPTION_KEY: 'e'.repeat(64) }, /Sen is running at http:\/\/localhost:(\d+)/, async (output) => {
      const port = /localhost:(\d+)/.exec(output)?.[1];
      health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    });
    expect(run.code).toBe(0);
    expect(health).toMatchObject({ code: 200 });
  });

  it('applies migrations with the compiled migrate command', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sen-migrate-'));
    try {
      const run = await runBuilt('migrate-main.js', { DATA_DIR: dataDir });
      expect(run.output).toContain('Migrations applied (pglite).');
      expect(run.code).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
