import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, type CommittedOrder, type RepayQuote } from '@sen/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
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
 * committed deploy/pgbouncer.ini (only its port changed, and one database entry added): sign in,
 * commit a loan, pay it out and repay it, and the ledger check passes (decision 105). With
 * DATABASE_POOL_MODE=transaction the statements are unnamed, so PgBouncer 1.18 (no
 * max_prepared_statements) never sees one prepared on another server connection; migrations go
 * straight to PostgreSQL. PostgreSQL project only; skipped, saying why, when the pgbouncer binary
 * is missing.
 *
 * Sen reaches the database through an added entry, `sen_one`: the same settings as the committed
 * wildcard entry, but at most one server connection. Every transaction of Sen's four client
 * connections then runs on that one PostgreSQL session, the strictest case of transaction pooling:
 * a named statement one client prepared would collide with (or be missing for) another, and it
 * would stay in that session. pg_prepared_statements lists only its own session's statements, so
 * the check asks through the same entry, which can only be that same session (its backend pid is
 * compared with the one recorded before Sen connected).
 */
const hasPgbouncer = spawnSync('sh', ['-c', 'command -v pgbouncer'], { stdio: 'ignore' }).status === 0;
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
if (onPostgres && !hasPgbouncer) console.warn('pgbouncer.test.ts skipped: no pgbouncer binary (apt-get install -y pgbouncer)');

/** The PgBouncer database entry that allows one server connection (added to the committed file by this test). */
const SINGLE = 'sen_one';

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

/** Starts PgBouncer with the committed file, on a free port, with the `sen_one` entry for `database`. */
async function startPgbouncer(database: string): Promise<number> {
  dir = mkdtempSync(path.join(tmpdir(), 'sen-pgbouncer-'));
  const port = await freePort();
  const committed = readFileSync(path.join(REPO_ROOT, 'deploy/pgbouncer.ini'), 'utf8');
  expect(committed).toMatch(/^pool_mode = transaction$/m);
  const wildcard = /^\* = (.*)$/m.exec(committed)?.[1];
  expect(wildcard, 'the wildcard database entry').toBeDefined();
  const single = `${SINGLE} = ${wildcard} dbname=${database} pool_size=1 min_pool_size=0 reserve_pool=0 max_db_connections=1`;
  const ini = committed.replace(/^listen_port = \d+$/m, `listen_port = ${port}`).replace(/^\* = .*$/m, (line) => `${line}\n${single}`);
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

/** The backend pid of the one server connection behind `sen_one`, and the statements prepared in its session. */
async function singleSession(): Promise<{ pid: number; prepared: string[] }> {
  const client = new pg.Client({ connectionString: singleUrl });
  await client.connect();
  try {
    // A simple-protocol query: it prepares nothing itself.
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const prepared = (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((row) => row.name);
    return { pid, prepared };
  } finally {
    await client.end();
  }
}

let singleUrl = '';
let firstPid = 0;

describe.runIf(onPostgres && hasPgbouncer)('through PgBouncer in transaction pooling mode', () => {
  beforeAll(async () => {
    t = await createTestApp({
      config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 0 } }),
      testDatabase: async () => {
        const empty = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL!);
        const port = await startPgbouncer(new URL(empty.url).pathname.slice(1));
        const pooled = new URL(empty.url);
        pooled.port = String(port);
        pooled.pathname = `/${SINGLE}`;
        singleUrl = pooled.toString();
        firstPid = (await singleSession()).pid;
        const open = () => createDatabase({ databaseUrl: singleUrl, directUrl: empty.url, poolMode: 'transaction', dataDir: 'memory://', pool: { max: 4 } });
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
    // Named statements would have failed with 'prepared statement ... does not exist' or 'already exists',
    // or, one after another on one Sen connection, stayed in the server's session.
    expect(bouncerLog).not.toMatch(/prepared statement/i);
    expect((await singleSession()).prepared).toEqual([]);
  });

  it('multiplexes a burst of concurrent requests onto the one server connection and leaves no prepared statement in its session', { timeout: 60_000 }, async () => {
    const borrowers = await Promise.all([createBorrower(t), createBorrower(t), createBorrower(t)]);
    // Several at once, so Sen's pool opens all its client connections and they take turns on the server's one.
    const calls = borrowers.flatMap((b) => [
      ...Array.from({ length: 4 }, () => t.post(API_PATHS.userInfo, { token: b.token })),
      t.post(API_PATHS.homeIndex, { token: b.token }),
      t.post(API_PATHS.bankMyCard, { token: b.token }),
    ]);
    const codes = (await Promise.all(calls)).map((response) => response.envelope.code);
    expect(t.database.pool!.totalCount).toBeGreaterThan(1);
    const session = await singleSession();
    // The same PostgreSQL session served everything since before Sen connected.
    expect(session.pid).toBe(firstPid);
    expect(session.prepared).toEqual([]);
    expect(codes).toEqual(codes.map(() => 200));
    expect(bouncerLog).not.toMatch(/prepared statement/i);
  });
});
