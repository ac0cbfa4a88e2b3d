import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrateEmbedded, migratePostgresLocked } from './migrate.ts';
import * as schema from './schema.ts';
import { UnitOfWork } from './unit-of-work.ts';

export { MIGRATIONS_FOLDER } from '../paths.ts';

/**
 * Both drivers' databases (and their transactions) are this type without a cast: node-postgres
 * and PGlite differ only in their query-result type, which code above this file never reads.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  /** The pool itself. Repositories use `uow.db` instead, so they join their caller's transaction. */
  db: Db;
  /** Transactions, row locks and advisory locks (unit-of-work.ts). */
  uow: UnitOfWork;
  kind: 'pglite' | 'postgres';
  /** SELECT 1, for the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://` for an in-memory database. */
  dataDir: string;
}

function open(db: Db, kind: Database['kind'], close: () => Promise<void>): Database {
  return {
    db,
    uow: new UnitOfWork(db),
    kind,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
  };
}

/**
 * Opens the configured database and applies every committed migration (on PostgreSQL under an
 * advisory lock, so instances starting together take turns).
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    try {
      await migratePostgresLocked(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return open(drizzlePostgres(pool, { schema }), 'postgres', () => pool.end());
  }

  const inMemory = options.dataDir === 'memory://';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(options.dataDir);
  try {
    await migrateEmbedded(client);
  } catch (error) {
    await client.close();
    throw error;
  }
  return open(drizzlePglite(client, { schema }), 'pglite', async () => {
    if (!client.closed) await client.close();
  });
}

/** The rows of a raw SQL statement (both drivers answer `{ rows }`). */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected result shape from execute()');
}
