import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.ts';
import { StatementLog } from '../../src/db/statement-log.ts';

export interface TestDatabase {
  database: Database;
  /** Every statement this database's driver sent (not those of `openAnother`), for budget tests. */
  statements: StatementLog;
  /**
   * On PostgreSQL, another instance's connection pool to the same database (the caller closes it),
   * for tests of what several server instances do at once; null on PGlite (one process's own).
   */
  openAnother(): Promise<Database> | null;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  close(): Promise<void>;
}

/** The migrated template of this run (global-setup.ts), or '' when there is none. */
function template(key: 'pgliteTemplate' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return ''; // not in a Vitest worker
  }
}

let pgliteDump: Blob | undefined;

/**
 * An isolated, migrated database for one test file. TEST_DB=pglite (default): in-memory PGlite.
 * TEST_DB=postgres: a fresh `sen_test_<random>` database on the TEST_DATABASE_URL server, so
 * test files running in parallel never share tables. Both start from the run's migrated template
 * when there is one (decision 082) and migrate from empty otherwise.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const statements = new StatementLog();
  if (process.env.TEST_DB !== 'postgres') {
    const templateFile = template('pgliteTemplate');
    if (templateFile && !pgliteDump) pgliteDump = new Blob([readFileSync(templateFile)]);
    const database = await createDatabase({ dataDir: 'memory://', observeStatement: statements.observe, ...(templateFile ? { pgliteDataDirDump: pgliteDump } : {}) });
    return { database, statements, openAnother: () => null, close: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const empty = await createEmptyPostgresDatabase(serverUrl, template('postgresTemplate'));
  const url = empty.url;
  let database: Database;
  try {
    database = await createDatabase({ databaseUrl: url, dataDir: 'memory://', observeStatement: statements.observe });
  } catch (error) {
    await empty.drop();
    throw error;
  }
  return {
    database,
    statements,
    openAnother: () => createDatabase({ databaseUrl: url, dataDir: 'memory://' }),
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new, empty database (or a copy of `template`) on the PostgreSQL server of `serverUrl`, and a way to drop it. */
export async function createEmptyPostgresDatabase(serverUrl: string, template = ''): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sen_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /**
     * Drops the database once the closed pools' sessions have gone. Forcing at once would kill
     * sessions still saying goodbye, and their clients report that as an unhandled FATAL 57P01.
     */
    drop: async () => {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        try {
          await admin(`DROP DATABASE IF EXISTS ${name}`);
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006') throw error; // 55006: still in use
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** This worker's migrated PGlite data directory on disk, loaded once from the run's template. */
let pgliteDirectoryTemplate: Promise<string | null> | null = null;

function loadPgliteDirectoryTemplate(): Promise<string | null> {
  pgliteDirectoryTemplate ??= (async () => {
    const templateFile = template('pgliteTemplate');
    if (!templateFile) return null;
    const directory = mkdtempSync(path.join(tmpdir(), 'sen-pglite-dir-template-'));
    process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
    const client = new PGlite(directory, { loadDataDir: new Blob([readFileSync(templateFile)]) });
    await client.close();
    return directory;
  })();
  return pgliteDirectoryTemplate;
}

/**
 * Storage for a server or script started as a child process (the real entry points): on PGlite a
 * data directory on disk, on PostgreSQL (TEST_DB=postgres) a database of its own; both migrated
 * already, copies of the run's template (decision 082), so the child does not spend its first
 * seconds on initdb and every migration. `remove` deletes it.
 */
export async function migratedChildStorage(): Promise<{ env: { DATA_DIR: string } | { DATABASE_URL: string }; remove(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const database = await createEmptyPostgresDatabase(serverUrl, template('postgresTemplate'));
    return { env: { DATABASE_URL: database.url }, remove: () => database.drop() };
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'sen-pglite-dir-'));
  const source = await loadPgliteDirectoryTemplate();
  if (source) cpSync(source, directory, { recursive: true });
  return { env: { DATA_DIR: directory }, remove: async () => rmSync(directory, { recursive: true, force: true }) };
}
