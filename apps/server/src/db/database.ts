import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrateEmbedded, migratePostgresLocked } from './migrate.ts';
import type { DbPoolConfig } from '../config.ts';
import * as schema from './schema.ts';
import { observePglite, observePostgres, type StatementObserver } from './statement-log.ts';
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
  /** The node-postgres pool (PostgreSQL only), for stores that share the connection limits. */
  pool?: pg.Pool;
  /**
   * SELECT 1, for the readiness probe. On PostgreSQL over a connection of its own, never the
   * pool's: a pool busy with ordinary load must not make the instance look down (decision 109).
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PostgreSQL itself, for migrations (a session advisory lock and DDL); default databaseUrl. */
  directUrl?: string | undefined;
  /**
   * transaction: databaseUrl is a transaction-pooling PgBouncer (decision 105). Statements go
   * unnamed (a named prepared statement lives on one server connection, the next transaction may
   * get another) and no session settings are sent at connect (PgBouncer refuses unknown startup
   * parameters; its connect_query sets the timeouts instead).
   */
  poolMode?: 'session' | 'transaction' | undefined;
  /** PGlite data directory, or `memory://` for an in-memory database. */
  dataDir: string;
  /** PGlite only: a dumped data directory (`dumpDataDir`) the in-memory database starts from (tests). */
  pgliteDataDirDump?: Blob;
  /** PostgreSQL pool limits and timeouts (config DB_*); defaults suit tests. */
  pool?: Partial<DbPoolConfig>;
  /** Where pool-level errors are reported (a dropped idle connection); default console.warn. */
  onPoolError?: (error: Error) => void;
  /** Sees the text of every statement sent, at the driver (budget tests, benchmarks; decision 084). */
  observeStatement?: StatementObserver;
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
  const transactionPooling = options.poolMode === 'transaction';
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: limits.max,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    idleTimeoutMillis: limits.idleTimeoutMs,
    ...(transactionPooling
      ? {}
      : { statement_timeout: limits.statementTimeoutMs, idle_in_transaction_session_timeout: limits.statementTimeoutMs * 2 }),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const report = options.onPoolError ?? ((error: Error) => console.warn(`database connection lost: ${causeText(error)}`));
  pool.on('error', (error) => report(error));
  // A checked-out client can also fail between queries; its query then rejects, which is enough.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (transactionPooling) unnameStatements(client);
  });
  if (options.observeStatement) observePostgres(pool, options.observeStatement);
  return pool;
}

/**
 * Behind a transaction pooler every statement is sent unnamed: a named prepared statement stays on
 * the server connection that parsed it, and the pooler hands the next transaction any connection
 * (PgBouncer < 1.21 has no max_prepared_statements). Unnamed statements are parsed with each
 * execution, in the same round trip, so nothing outlives the transaction.
 */
function unnameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) =>
    query(config && typeof config === 'object' && 'name' in config && (config as { name?: unknown }).name ? { ...config, name: undefined } : config, ...rest);
}

/** How long the readiness probe's connection may take to connect, and its `select 1` to answer. */
const PROBE_TIMEOUT_MS = 1500;

/**
 * The readiness probe's own connection (decision 109). Through the pool, a probe waited behind
 * every request queued for a connection: under ordinary heavy load it missed its deadline and the
 * balancer took the instance out, and every instance at once. This pool of one is opened on the
 * first ping (scripts and tests that never probe open nothing), kept open between pings, and
 * replaced after a failure (pg-pool drops a client whose query failed). Pings that arrive while
 * one is under way share it, so a flood of probe requests costs one query at a time. A plain
 * `select 1` is a simple-protocol query: nothing is prepared, so it is safe behind PgBouncer.
 */
function createProbe(databaseUrl: string): { ping(): Promise<void>; close(): Promise<void> } {
  let pool: pg.Pool | null = null;
  let closed = false;
  let inFlight: Promise<void> | null = null;
  const check = async () => {
    if (closed) throw new Error('the database was closed');
    pool ??= new pg.Pool({
      connectionString: databaseUrl,
      max: 1,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      idleTimeoutMillis: 0,
      keepAlive: true,
      allowExitOnIdle: true,
    }).on('error', () => {
      // its idle connection died; the next ping opens another (and fails if the database is away)
    });
    await pool.query('select 1');
  };
  return {
    ping() {
      if (!inFlight) {
        const run = check();
        inFlight = run;
        run.then(
          () => void (inFlight = null),
          () => void (inFlight = null),
        );
      }
      return inFlight;
    },
    close: async () => {
      closed = true;
      await pool?.end().catch(() => {});
    },
  };
}

function open(db: Db, kind: Database['kind'], close: () => Promise<void>, ping?: () => Promise<void>): Database {
  return {
    db,
    uow: new UnitOfWork(db),
    kind,
    ping:
      ping ??
      (async () => {
        await db.execute(sql`select 1`);
      }),
    close,
  };
}

/**
 * Opens the configured database and applies every committed migration (on PostgreSQL under an
 * advisory lock, so instances starting together take turns).
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options);
    try {
      // Connect first: a failed migration would only say 'Failed query: CREATE SCHEMA ...'.
      const client = await pool.connect().catch((error: unknown) => {
        throw new DatabaseUnreachableError(
          `cannot connect to PostgreSQL at ${describeDatabaseUrl(options.databaseUrl as string)}: ${causeText(error)}`,
          { cause: error },
        );
      });
      client.release();
      if (options.directUrl && options.directUrl !== options.databaseUrl) {
        // Migrations hold a session advisory lock: on PostgreSQL itself, never through a transaction pooler.
        const direct = new pg.Pool({ connectionString: options.directUrl, max: 1, connectionTimeoutMillis: 10_000 });
        direct.on('error', () => {});
        try {
          await migratePostgresLocked(direct).catch((error: unknown) => {
            if (error instanceof Error && /ECONNREFUSED|ENOTFOUND|timeout/i.test(causeText(error))) {
              throw new DatabaseUnreachableError(`cannot connect to PostgreSQL for migrations at ${describeDatabaseUrl(options.directUrl as string)}: ${causeText(error)}`, { cause: error });
            }
            throw error;
          });
        } finally {
          await direct.end().catch(() => {});
        }
      } else {
        await migratePostgresLocked(pool);
      }
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    const probe = createProbe(options.databaseUrl);
    const close = async () => {
      await probe.close();
      await pool.end();
    };
    return { ...open(drizzlePostgres(pool, { schema }), 'postgres', close, () => probe.ping()), pool };
  }

  const inMemory = options.dataDir === 'memory://';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory ? new PGlite(options.pgliteDataDirDump ? { loadDataDir: options.pgliteDataDirDump } : {}) : new PGlite(options.dataDir);
  if (options.observeStatement) observePglite(client, options.observeStatement);
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
