// `npm run restore-drill`: backs up a PostgreSQL database with loans and the uploaded files,
// destroys both, restores them and proves the restore (docs/operations.md, "Backups"):
//   1. a fresh database on the local PostgreSQL (DRILL_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres),
//      and the built server on it: borrowers seeded (bench/commit-load.ts), loans committed through
//      the HTTP API and paid out by the payout job, files written to its upload directory;
//   2. `npm run ledger:check` passes; the counts of orders, payout attempts and payouts, ledger
//      entries and files, and every file's SHA-256, are noted;
//   3. backup: pg_dump --format=custom, and a tar of the upload directory;
//   4. disaster: the database is dropped and the directory deleted;
//   5. restore: pg_restore into a new empty database, the tar unpacked;
//   6. proof: ledger:check passes again and every count and checksum is equal. Exit 1 otherwise.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@sen/contract';
import { sql } from 'drizzle-orm';
import { commitRequest, giveRealAccountNumbers, ledgerCheck, seedCommitBorrowers, waitForPayouts } from '../bench/commit-load.ts';
import { BENCH_SECRETS, buildSen, createScratchDatabase, startSen } from '../bench/servers.ts';
import { createDatabase, executeRows } from '../apps/server/src/db/database.ts';
import { LocalDirectoryStorage } from '../apps/server/src/shared/uploads/local-storage.ts';
import type { ObjectStorage } from '../apps/server/src/shared/uploads/storage.ts';

const adminUrl = process.env.DRILL_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BORROWERS = Number(process.env.DRILL_BORROWERS ?? 6);
const COMMITS_EACH = Number(process.env.DRILL_COMMITS_EACH ?? 4);
const FILES = Number(process.env.DRILL_FILES ?? 12);

type Facts = Record<string, number | string>;

async function facts(databaseUrl: string, uploads: string): Promise<Facts> {
  const database = await createDatabase({ databaseUrl, dataDir: 'memory://', pool: { max: 1 } });
  try {
    const [row] = await executeRows<Record<string, number>>(
      database.db,
      sql`select (select count(*)::int from loan_orders) as orders,
                 (select count(*)::int from payout_attempts) as payout_attempts,
                 (select count(*)::int from payout_attempts where state = 'succeeded') as payouts,
                 (select count(*)::int from ledger_entries) as ledger_entries,
                 (select count(*)::int from ledger_lines) as ledger_lines,
                 (select coalesce(sum(debit), 0)::text from ledger_lines) as ledger_debits`,
    );
    const files = listFiles(uploads);
    const digest = createHash('sha256');
    for (const file of files) digest.update(`${path.relative(uploads, file)}:${createHash('sha256').update(readFileSync(file)).digest('hex')}\n`);
    return { ...row!, files: files.length, files_sha256: digest.digest('hex').slice(0, 16) };
  } finally {
    await database.close();
  }
}

function listFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  }).sort();
}

/** `npm run ledger:check` on `databaseUrl` (with the key the drill's server ran with); true only when it exited 0. */
function ledgerPasses(databaseUrl: string): boolean {
  const run = ledgerCheck(databaseUrl, BENCH_SECRETS);
  const verdict = run.report.split('\n').filter((line) => /Ledger (OK|check FAILED)|FAIL|could not/.test(line));
  console.log(`  ledger:check exit ${run.status ?? 'by signal'}: ${verdict.join(' | ') || run.report.trim().split('\n').slice(-3).join(' | ')}`);
  return run.ok;
}

async function main(): Promise<number> {
  const work = mkdtempSync(path.join(tmpdir(), 'sen-restore-drill-'));
  const uploads = path.join(work, 'uploads');
  const backupDir = path.join(work, 'backup');
  mkdirSync(backupDir);
  const source = await createScratchDatabase(adminUrl);
  let restored: { url: string; drop(): Promise<void> } | null = null;
  try {
    console.log('1. a database with loans');
    buildSen();
    const sen = await startSen(source.url, { cpuProfileDir: undefined }, { STORAGE_DIR: uploads, PAYOUT_POLL_SECONDS: '1', PAYOUT_DELAY_MS: '0', JOBS_ENABLED: 'true', SEED_DEMO: 'false' });
    try {
      const setup = await seedCommitBorrowers(source.url, BORROWERS);
      await giveRealAccountNumbers(source.url, setup, BENCH_SECRETS.FIELD_ENCRYPTION_KEY);
      let committed = 0;
      for (const borrower of setup.borrowers) {
        for (let commit = 0; commit < COMMITS_EACH; commit += 1) {
          const { headers, body } = commitRequest(sen, setup, borrower);
          const response = await fetch(`${sen.origin}${API_PATHS.orderCommit}`, { method: 'POST', headers, body });
          const envelope = (await response.json()) as { code: number; message: string };
          if (envelope.code !== 200) throw new Error(`commit refused: ${JSON.stringify(envelope)}`);
          committed += 1;
        }
      }
      // Uploaded files as the server stores them (its local storage driver), e.g. ID photos.
      const storage: ObjectStorage = new LocalDirectoryStorage(uploads);
      for (let file = 0; file < FILES; file += 1) await storage.put(`drill/${file % 3}/photo-${file}.jpg`, randomBytes(2048 + file), { contentType: 'image/jpeg' });
      // The payout job pays every order out (PAYOUT_POLL_SECONDS=1).
      const database = await createDatabase({ databaseUrl: source.url, dataDir: 'memory://', pool: { max: 1 } });
      try {
        const waitMs = Number(process.env.DRILL_PAYOUT_WAIT_MS ?? 60_000);
        const waiting = await waitForPayouts(database.db, waitMs);
        if (waiting > 0) {
          const states = await executeRows(database.db, sql`select o.state, a.state as attempt, a.failure_code, count(*)::int from loan_orders o left join payout_attempts a on a.order_id = o.id group by 1, 2, 3`);
          throw new Error(`${waiting} orders still not paid out after ${waitMs / 1000} s: ${JSON.stringify(states)}`);
        }
      } finally {
        await database.close();
      }
      console.log(`  ${committed} loans committed through the API and paid out, ${FILES} files uploaded`);
    } finally {
      await sen.stop();
    }

    console.log('2. before the backup');
    const before = await facts(source.url, uploads);
    console.log(`  ${JSON.stringify(before)}`);
    if (!ledgerPasses(source.url)) throw new Error('the ledger check failed before the backup');

    console.log('3. backup');
    const dumpFile = path.join(backupDir, 'sen.dump');
    const started = Date.now();
    execFileSync('pg_dump', ['--format=custom', '--compress=6', '--file', dumpFile, '--dbname', source.url]);
    execFileSync('tar', ['-czf', path.join(backupDir, 'uploads.tar.gz'), '-C', uploads, '.']);
    console.log(`  pg_dump ${statSync(dumpFile).size} bytes, uploads.tar.gz ${statSync(path.join(backupDir, 'uploads.tar.gz')).size} bytes (${Date.now() - started} ms)`);

    console.log('4. disaster: the database dropped, the upload directory deleted');
    await source.drop();
    rmSync(uploads, { recursive: true, force: true });

    console.log('5. restore');
    restored = await createScratchDatabase(adminUrl);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restored.url, dumpFile]);
    mkdirSync(uploads);
    execFileSync('tar', ['-xzf', path.join(backupDir, 'uploads.tar.gz'), '-C', uploads]);

    console.log('6. proof');
    const after = await facts(restored.url, uploads);
    console.log(`  ${JSON.stringify(after)}`);
    const ledgerOk = ledgerPasses(restored.url);
    const differences = Object.keys(before).filter((key) => before[key] !== after[key]);
    for (const key of differences) console.log(`  ✗ ${key}: ${before[key]} before, ${after[key]} after`);
    const ok = ledgerOk && differences.length === 0 && Number(before.orders) > 0 && Number(before.payouts) > 0 && Number(before.files) > 0;
    console.log(ok ? 'Restore drill passed.' : 'Restore drill FAILED.');
    return ok ? 0 : 1;
  } finally {
    await source.drop().catch(() => {});
    await restored?.drop().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('restore drill could not run:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
