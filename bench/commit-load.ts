import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS, APP_VERSION, HEADERS, LANG_HEADER, MOBILE_TYPE, computeSign, type Envelope } from '@sen/contract';
import { sql } from 'drizzle-orm';
import { createDatabase, executeRows, type Db } from '../apps/server/src/db/database.ts';
import { sha256Hex } from '../apps/server/src/shared/crypto.ts';
import { FieldCipher } from '../apps/server/src/shared/field-cipher.ts';
import { BENCH_SECRETS, type RunningSen } from './servers.ts';

/*
 * Loan commits under load (issue 11): BORROWERS borrowers, each approved with a credit limit no
 * run can use up, with a receiving account and a session, commit single orders one after another
 * through the real multipart, signed `order/commit/with/event` call — one loop per borrower, all at
 * once, each commit with its own auditKey, so every answer is a new order made in one transaction
 * under the borrower's lock and its credit row lock. The borrowers, accounts and sessions are put
 * straight into the database (signing 64 people up by OTP is not what is measured); the orders go
 * only through HTTP. Afterwards every success must be an order, every borrower's used credit the sum
 * of its orders, and the ledger check must pass.
 */

/** Principal of each commit: the bench product's minimum, so the counts are easy to check. */
const PRINCIPAL = 1_000_000;
const BENCH_PRODUCT_CODE = 'bench-commit';

export interface CommitBorrower {
  userId: string;
  token: string;
  deviceId: string;
  accountId: number;
}

export interface CommitSetup {
  productId: number;
  borrowers: CommitBorrower[];
}

/** The bench product (no daily quota, one instalment, signing code optional) and `count` borrowers ready to borrow, on the server's database. */
export async function seedCommitBorrowers(databaseUrl: string, count: number): Promise<CommitSetup> {
  const database = await createDatabase({ databaseUrl, dataDir: 'memory://', pool: { statementTimeoutMs: 0, max: 2 } });
  try {
    const [product] = await executeRows<{ id: number }>(
      database.db,
      // signing_code 'optional' (decision 112): the bench commits as the family's native clients do, without an SMS code.
      sql`insert into loan_products (code, name, min_amount, max_amount, term_days, plan_nums, daily_rate_ppm, service_fee_ppm, overdue_daily_rate_ppm, tags, signing_code)
          values (${BENCH_PRODUCT_CODE}, 'Bench commit', ${PRINCIPAL}, 20000000, 30, '[1]', 400, 15000, 600, '[]', 'optional') returning id`,
    );
    const borrowers: CommitBorrower[] = [];
    for (let index = 0; index < count; index += 1) {
      const phone = `0899${String(index).padStart(6, '0')}`;
      const [user] = await executeRows<{ id: string }>(database.db, sql`insert into users (phone) values (${phone}) returning id`);
      const userId = user!.id;
      await database.db.execute(sql`insert into credit_accounts (user_id, status, credit_limit, decided_at) values (${userId}, 1, 1000000000000000, now())`);
      const [account] = await executeRows<{ id: number }>(
        database.db,
        sql`insert into receiving_accounts (user_id, kind, provider_id, provider_code, provider_name, bin, holder_name, number_cipher, number_index, number_masked, is_default)
            values (${userId}, 'CARD', 970436, 'VCB', 'Vietcombank', '970436', 'BENCH BORROWER', 'bench', ${`bench-${userId}`}, '******0000', true) returning id`,
      );
      const token = randomBytes(32).toString('base64url');
      const deviceId = `bench-commit-device-${index}`;
      await database.db.execute(
        sql`insert into sessions (token_hash, user_id, login_method, expires_at, device_id) values (${sha256Hex(token)}, ${userId}, 'sms', now() + interval '1 day', ${deviceId})`,
      );
      borrowers.push({ userId, token, deviceId, accountId: account!.id });
    }
    return { productId: product!.id, borrowers };
  } finally {
    await database.close();
  }
}

/** One signed multipart commit, as the web app sends it (FormData), with a fresh auditKey. */
export function commitRequest(sen: RunningSen, setup: CommitSetup, borrower: CommitBorrower): { headers: Record<string, string>; body: Buffer } {
  const fields: Record<string, string> = {
    appCode: sen.appCode,
    version: APP_VERSION,
    mobileType: String(MOBILE_TYPE.ANDROID),
    productId: String(setup.productId),
    loanTermId: String(setup.productId),
    planNums: '1',
    amount: String(PRINCIPAL),
    bankInfoId: String(borrower.accountId),
    payWay: 'CARD',
    ip: '',
    imei: borrower.deviceId,
    coordinate: '0.0,0.0',
    auditKey: randomBytes(12).toString('hex'),
  };
  const boundary = `----senbench${randomBytes(8).toString('hex')}`;
  const body = Buffer.from(
    `${Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')}--${boundary}--\r\n`,
  );
  const timestamp = String(Date.now());
  return {
    body,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      [HEADERS.appVersion]: APP_VERSION,
      [HEADERS.timestamp]: timestamp,
      [HEADERS.sign]: computeSign({ appCode: sen.appCode, secret: sen.signSecret, payload: fields, timestamp }),
      [HEADERS.lang]: LANG_HEADER.vn,
      [HEADERS.deviceId]: borrower.deviceId,
      [HEADERS.authorization]: borrower.token,
    },
  };
}

/** What a timed commit run counted after its warm-up. */
export interface CommitTally {
  commits: number;
  failures: number;
  firstFailure: string | null;
  seconds: number;
  commitsPerSecond: number;
}

export interface CommitRun extends CommitTally {
  latencyP50Ms: number;
  latencyP99Ms: number;
}

/** What a borrower's loop is told: whether to go on, and where each commit's outcome is recorded. */
export interface CommitWindow {
  running(): boolean;
  /** One commit's outcome (null: it succeeded); true when it counts (past the warm-up). */
  record(failure: string | null): boolean;
}

/**
 * Runs `loop` once per borrower, all at once, until `durationSeconds` after a warm-up of
 * `warmupSeconds`; commits recorded during the warm-up are not counted. The harness of both the
 * HTTP commit load and its bare-SQL floor, so the two are measured alike.
 */
export async function measureCommitLoops<Borrower>(
  borrowers: readonly Borrower[],
  durationSeconds: number,
  warmupSeconds: number,
  loop: (borrower: Borrower, index: number, window: CommitWindow) => Promise<void>,
): Promise<CommitTally> {
  const measureFrom = Date.now() + warmupSeconds * 1000;
  const end = measureFrom + durationSeconds * 1000;
  let commits = 0;
  let failures = 0;
  let firstFailure: string | null = null;
  const window: CommitWindow = {
    running: () => Date.now() < end,
    record: (failure) => {
      if (Date.now() < measureFrom) return false;
      if (failure === null) commits += 1;
      else {
        failures += 1;
        firstFailure ??= failure;
      }
      return true;
    },
  };
  await Promise.all(borrowers.map((borrower, index) => loop(borrower, index, window)));
  const seconds = (Date.now() - measureFrom) / 1000;
  return { commits, failures, firstFailure, seconds, commitsPerSecond: commits / seconds };
}

/** The p-th percentile (nearest rank) of `values`, in any order; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** Every borrower commits in a loop of its own for `durationSeconds` (after `warmupSeconds` not counted). */
export async function runCommitLoad(sen: RunningSen, setup: CommitSetup, durationSeconds: number, warmupSeconds: number): Promise<CommitRun> {
  const url = `${sen.origin}${API_PATHS.orderCommit}`;
  const latencies: number[] = [];
  const tally = await measureCommitLoops(setup.borrowers, durationSeconds, warmupSeconds, async (borrower, _index, window) => {
    while (window.running()) {
      const { headers, body } = commitRequest(sen, setup, borrower);
      const sent = performance.now();
      const response = await fetch(url, { method: 'POST', headers, body });
      const envelope = (await response.json().catch(() => null)) as Envelope | null;
      const took = performance.now() - sent;
      const succeeded = response.status === 200 && envelope?.code === 200;
      const counted = window.record(succeeded ? null : `HTTP ${response.status} ${JSON.stringify(envelope).slice(0, 300)}`);
      if (counted && succeeded) latencies.push(took);
    }
  });
  return { ...tally, latencyP50Ms: percentile(latencies, 50), latencyP99Ms: percentile(latencies, 99) };
}

export interface CommitAudit {
  orders: number;
  /** Borrowers whose used credit is not the sum of their orders' principal. */
  creditMismatches: number;
  ledgerOk: boolean;
  /** The ledger check's own report (npm run ledger:check: every check the modules register). */
  ledgerReport: string;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LedgerCheckResult {
  /** True only when the script exited 0: every check passed. A failed check (1), a script that could not run (2) or was killed is not ok. */
  ok: boolean;
  /** The script's exit status (null when a signal ended it). */
  status: number | null;
  /** What it printed (stdout, then stderr). */
  report: string;
}

/**
 * `npm run ledger:check` against a database, as an operator runs it (a process of its own, with
 * `env` added to a development environment: the key and secret the server ran with, if any).
 */
export function ledgerCheck(databaseUrl: string, env: Record<string, string> = {}): LedgerCheckResult {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/ledger-check.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', DATABASE_URL: databaseUrl, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const report = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? `could not start: ${run.error.message}\n` : ''}`;
  return { ok: run.status === 0 && !run.error, status: run.status, report };
}

/**
 * The seeded borrowers carry a placeholder account number; a payout decrypts it, so each gets a
 * real one, encrypted with `fieldKey` (the server's FIELD_ENCRYPTION_KEY) or, when the server
 * generated its own, the key kept in app_settings.
 */
export async function giveRealAccountNumbers(databaseUrl: string, setup: CommitSetup, fieldKey?: string): Promise<void> {
  const database = await createDatabase({ databaseUrl, dataDir: 'memory://', pool: { max: 1 } });
  try {
    const key = fieldKey ?? (await executeRows<{ value: string }>(database.db, sql`select value from app_settings where key = 'field_encryption_key'`))[0]?.value;
    if (!key) throw new Error('no field key given and none in app_settings');
    const cipher = new FieldCipher(key);
    for (const borrower of setup.borrowers) {
      await database.db.execute(sql`update receiving_accounts set number_cipher = ${cipher.encrypt(`970436${String(borrower.accountId).padStart(8, '0')}`)} where id = ${borrower.accountId}`);
    }
  } finally {
    await database.close();
  }
}

/** Polls until no order waits for its payout (pending or paying) or `timeoutMs` pass; the orders still waiting. */
export async function waitForPayouts(db: Db, timeoutMs: number, pollMs = 500): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await executeRows<{ waiting: number }>(db, sql`select count(*)::int as waiting from loan_orders where state in ('pending', 'paying')`);
    if (row!.waiting === 0 || Date.now() > deadline) return row!.waiting;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** What the load left behind: every order counted once against its borrower's credit, and the ledger check. */
export async function auditCommits(databaseUrl: string, setup: CommitSetup): Promise<CommitAudit> {
  const database = await createDatabase({ databaseUrl, dataDir: 'memory://', pool: { statementTimeoutMs: 0, max: 2 } });
  try {
    const [counts] = await executeRows<{ orders: number; mismatches: number }>(
      database.db,
      sql`select (select count(*)::int from loan_orders where product_id = ${setup.productId}) as orders,
                 (select count(*)::int from credit_accounts c
                   where c.user_id in (select user_id from loan_orders where product_id = ${setup.productId})
                     and c.used_amount <> (select coalesce(sum(principal), 0) from loan_orders o where o.user_id = c.user_id)) as mismatches`,
    );
    const ledger = ledgerCheck(databaseUrl, BENCH_SECRETS);
    return { orders: counts!.orders, creditMismatches: counts!.mismatches, ledgerOk: ledger.ok, ledgerReport: ledger.report };
  } finally {
    await database.close();
  }
}
