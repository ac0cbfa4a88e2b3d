import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dailyAccrualPosting, disbursementPosting, feeChargedPosting } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { LedgerService } from '../src/modules/ledger/index.ts';
import { migratedChildStorage } from './helpers/test-database.ts';

/**
 * `npm run ledger:check` against a real database: exit 0 and the totals on a sound ledger, exit 1
 * once a line was tampered with. PGlite: a data directory on disk (closed while the script runs,
 * PGlite has one process); PostgreSQL: a scratch database. Both start migrated (the run's template).
 */
let storage: Awaited<ReturnType<typeof migratedChildStorage>> | null = null;

afterAll(async () => {
  await storage?.remove();
});

/** The database the check runs on: migrated already (a copy of the run's template), on disk for PGlite. */
async function open(): Promise<Database> {
  storage ??= await migratedChildStorage();
  return 'DATABASE_URL' in storage.env ? createDatabase({ databaseUrl: storage.env.DATABASE_URL, dataDir: 'memory://' }) : createDatabase({ dataDir: storage.env.DATA_DIR });
}

/** Where the check writes its outcome for node_exporter's textfile collector. */
const promFile = path.join(tmpdir(), `sen-ledger-check-${randomUUID()}.prom`);

function runCheck(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', SEED_DEMO: 'false', WEB_DIST_DIR: path.join(REPO_ROOT, 'no-web-build'), ...storage!.env };
    env.LEDGER_CHECK_PROM_FILE = promFile;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/scripts/ledger-check.ts')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run ledger:check', () => {
  const loanId = randomUUID();
  const context = { loanId, borrowerId: randomUUID(), businessDate: '2026-03-15' };

  it('prints the totals and passes on a sound ledger', { timeout: 120_000 }, async () => {
    const database = await open();
    try {
      const ledger = new LedgerService(database.uow, () => new Date());
      await database.uow.transaction(() =>
        ledger.postMany([feeChargedPosting(context, 200_000n), disbursementPosting(context, 2_000_000n, 200_000n), dailyAccrualPosting({ ...context, businessDate: '2026-03-16' }, { interest: 600n, overdueFee: 0n })]),
      );
    } finally {
      await database.close();
    }
    const run = await runCheck();
    expect(run.output).toContain('Ledger OK.');
    expect(run.output).toMatch(/entries 3, lines 7, debits 2,200,600, credits 2,200,600/);
    expect(run.output).toMatch(/loan_principal\s+2,000,000/);
    expect(run.code).toBe(0);
    expect(readFileSync(promFile, 'utf8')).toMatch(/^sen_ledger_check_ok 1$/m);
  });

  it('fails with exit code 1 once a line is tampered with', { timeout: 120_000 }, async () => {
    const database = await open();
    try {
      await database.db.execute(sql`alter table ledger_lines disable trigger user`);
      await database.db.execute(sql`update ledger_lines set debit = 2100000 where account_code = 'loan_principal' and owner_id = ${loanId}`);
      await database.db.execute(sql`alter table ledger_lines enable trigger user`);
    } finally {
      await database.close();
    }
    const run = await runCheck();
    expect(run.output).toContain('Ledger check FAILED.');
    expect(run.output).toMatch(/✗ entries-balance: entry \d+ \(disbursement:/);
    expect(run.output).toMatch(/✗ trial-balance: debits 2300600 ≠ credits 2200600/);
    expect(run.code).toBe(1);
    const prom = readFileSync(promFile, 'utf8');
    expect(prom).toMatch(/^sen_ledger_check_ok 0$/m);
    expect(prom).toMatch(/^sen_ledger_check_violations [1-9]\d*$/m);
  });
});
