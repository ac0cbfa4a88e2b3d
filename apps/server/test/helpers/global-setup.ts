import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/database.ts';
import { createEmptyPostgresDatabase } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file) that each test database starts from, or ''. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database that each test database is created from (TEMPLATE), or ''. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per server project before any test file runs (decision 082): on PGlite a
 * migrated data directory dumped to a file, which each test database loads instead of running
 * initdb and every migration; on PostgreSQL a migrated database that each test database copies
 * (CREATE DATABASE … TEMPLATE). createDatabase still applies migrations after the copy, so a
 * template is never older than the migrations folder; it is only made once per run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = project.config.env as Record<string, string | undefined>;
  if (env.TEST_DB === 'postgres' && env.TEST_DATABASE_URL) {
    const template = await createEmptyPostgresDatabase(env.TEST_DATABASE_URL);
    const database = await createDatabase({ databaseUrl: template.url, dataDir: 'memory://' });
    await database.close();
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    project.provide('pgliteTemplate', '');
    return () => template.drop();
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'sen-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const database = await createDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(folder, { recursive: true, force: true });
}
