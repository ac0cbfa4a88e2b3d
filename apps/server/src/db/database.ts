import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DbPoolConfig } from '../config.ts';
import * as schema from './schema.ts';

/** The committed SQL migrations (drizzle-kit generate). */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Both drivers give a PgDatabase; code above this file never needs to know which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool (PostgreSQL only), for stores that share the connection limits. */
  pool?: pg.Pool;
  /** SELECT 1, for the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://` for an in-memory database. */
  dataDir: string;
  /** PostgreSQL pool limits and timeouts (config DB_*); defaults suit tests. */
  pool?: Partial<DbPoolConfig>;
  /** Where pool-level errors are reported (a dropped idle connection); default console.warn. */
  onPoolError?: (error: Error) => void;
}

/** The database could not be reached at start; the message names host:port and the cause. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** host:port/database of a connection string, without user or password, for messages. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname || ''}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

function causeText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    // AggregateError (every address of a host refused) carries the useful text in its errors.
    const nested = (current as { errors?: unknown[] }).errors?.[0] as { message?: unknown } | undefined;
    const text = String(message || nested?.message || '').split('\n')[0];
    if (text && !text.startsWith('Failed query')) parts.push(typeof code === 'string' ? `${text} (${code})` : text);
    current = cause;
  }
  return parts.join(': ') || 'unknown error';
}

/**
 * The PostgreSQL pool. node-postgres emits 'error' on the pool when an idle connection dies
 * (pg_terminate_backend, a restart, a failover, a proxy timeout); without a listener Node ends
 * the process. The pool drops that client by itself and opens a fresh one on the next query, so
 * logging is all there is to do. Timeouts: a connection attempt gives up quickly (requests then
 * answer 503 instead of hanging), a runaway statement is cancelled, idle connections are closed
 * and TCP keep-alive notices a dead peer.
 */
function createPool(databaseUrl: string, options: DatabaseOptions): pg.Pool {
  const limits = { max: 10, connectTimeoutMs: 5000, statementTimeoutMs: 15_000, idleTimeoutMs: 30_000, ...options.pool };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: limits.max,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    idleTimeoutMillis: limits.idleTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.statementTimeoutMs * 2,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const report = options.onPoolError ?? ((error: Error) => console.warn(`database connection lost: ${causeText(error)}`));
  pool.on('error', (error) => report(error));
  // A checked-out client can also fail between queries; its query then rejects, which is enough.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Opens the configured database and applies every committed migration. */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options);
    const db = drizzlePostgres(pool, { schema });
    try {
      // Connect first: a failed migration would only say 'Failed query: CREATE SCHEMA ...'.
      const client = await pool.connect().catch((error: unknown) => {
        throw new DatabaseUnreachableError(
          `cannot connect to PostgreSQL at ${describeDatabaseUrl(options.databaseUrl as string)}: ${causeText(error)}`,
          { cause: error },
        );
      });
      client.release();
      await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      pool,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  const inMemory = options.dataDir === 'memory://';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
