import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, type CommittedOrder, type RepayQuote } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { loanOrders } from '../src/db/schema.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { StatementLog } from '../src/db/statement-log.ts';
import { createBorrower, demoProducts } from './helpers/loans.ts';
import { postMultipart } from './helpers/multipart.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createEmptyPostgresDatabase } from './helpers/test-database.ts';

/*
 * Sen behind a real PgBouncer in transaction pooling mode, started by this test with the
 * committed deploy/pgbouncer.ini (only its port changed): sign in, commit a loan, pay it out and
 * repay it, and the ledger check passes (decision 105). With DATABASE_POOL_MODE=transaction the
 * statements are unnamed, so PgBouncer 1.18 (no max_prepared_statements) never sees one prepared
 * on another server connection; migrations go straight to PostgreSQL. PostgreSQL project only;
 * skipped, saying why, when the pgbouncer binary is missing.
 */
const hasPgbouncer = spawnSync('sh', ['-c', 'command -v pgbouncer'], { stdio: 'ignore' }).status === 0;
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
if (onPostgres && !hasPgbouncer) console.warn('pgbouncer.test.ts skipped: no pgbouncer binary (apt-get install -y pgbouncer)');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let t: TestApp;
let bouncer: ChildProcess | undefined;
let dir: string;
let bouncerLog = '';

async function startPgbouncer(): Promise<number> {
  dir = mkdtempSync(path.join(tmpdir(), 'sen-pgbouncer-'));
  const port = await freePort();
  const ini = readFileSync(path.join(REPO_ROOT, 'deploy/pgbouncer.ini'), 'utf8').replace(/^listen_port = \d+$/m, `listen_port = ${port}`);
  expect(ini).toMatch(/^pool_mode = transaction$/m);
  writeFileSync(path.join(dir, 'pgbouncer.ini'), ini);
  writeFileSync(path.join(dir, 'userlist.txt'), readFileSync(path.join(REPO_ROOT, 'deploy/userlist.txt')));
  spawnSync('chmod', ['755', dir]);
  const asRoot = process.getuid?.() === 0;
  bouncer = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  bouncer.stdout?.on('data', (chunk: Buffer) => (bouncerLog += chunk.toString()));
  bouncer.stderr?.on('data', (chunk: Buffer) => (bouncerLog += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!/listening on 127\.0\.0\.1:\d+/.test(bouncerLog)) {
    if (Date.now() > deadline || bouncer.exitCode !== null) throw new Error(`PgBouncer did not start:\n${bouncerLog}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return port;
}

describe.runIf(onPostgres && hasPgbouncer)('through PgBouncer in transaction pooling mode', () => {
  beforeAll(async () => {
    const port = await startPgbouncer();
    t = await createTestApp({
      config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 0 } }),
      testDatabase: async () => {
        const empty = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL!);
        const pooled = new URL(empty.url);
        pooled.port = String(port);
        const open = () => createDatabase({ databaseUrl: pooled.toString(), directUrl: empty.url, poolMode: 'transaction', dataDir: 'memory://', pool: { max: 4 } });
        const database = await open();
        return {
          database,
          statements: new StatementLog(),
          openAnother: open,
          close: async () => {
            await database.close();
            // PgBouncer holds server connections to the database: it goes before the drop.
            bouncer?.kill('SIGTERM');
            await new Promise((resolve) => bouncer?.once('exit', resolve));
            await empty.drop();
          },
        };
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (bouncer && bouncer.exitCode === null) bouncer.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('signs in, commits a loan, pays it out and repays it, with the ledger balanced', { timeout: 60_000 }, async () => {
    const quick = (await demoProducts(t)).get('sen-nhanh')!;
    // Sign in by OTP (sessions are looked up by the statement that is prepared by name elsewhere).
    const b = await createBorrower(t, 10_000_000n);
    for (let call = 0; call < 3; call += 1) expect((await t.post(API_PATHS.userInfo, { token: b.token })).envelope.code).toBe(200);
    const committed = await postMultipart<CommittedOrder>(t, API_PATHS.orderCommit, {
      token: b.token,
      fields: { payWay: 'CARD', ip: '', imei: 'device-1', coordinate: '0.0,0.0', auditKey: 'pgbouncer-commit', productId: String(quick.id), amount: '2000000' },
    });
    expect(committed.envelope.code).toBe(200);
    // The same auditKey again: the same order, not a second one (idempotency through the pooler).
    const again = await postMultipart<CommittedOrder>(t, API_PATHS.orderCommit, {
      token: b.token,
      fields: { payWay: 'CARD', ip: '', imei: 'device-1', coordinate: '0.0,0.0', auditKey: 'pgbouncer-commit', productId: String(quick.id), amount: '2000000' },
    });
    expect(again.envelope.data.orderId).toBe(committed.envelope.data.orderId);
    await t.jobs.runNow(['payout']);
    await t.jobs.runNow(['payout']);
    const quote = (await t.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: b.token, payload: { orderNoList: [committed.envelope.data.orderNo] } })).envelope.data;
    expect((await postSepay(t, sepayTransfer(t, { content: `${quote.transferContent} tra no`, transferAmount: quote.amount }))).statusCode).toBe(200);
    const orders = await t.database.db.select().from(loanOrders).where(eq(loanOrders.userId, b.userId));
    expect(orders.map((order) => order.state)).toEqual(['settled']);
    expect((await t.services.ledger.check()).violations).toEqual([]);
    // Named statements would have failed with 'prepared statement ... does not exist' or 'already exists'.
    expect(bouncerLog).not.toMatch(/prepared statement/i);
  });
});
