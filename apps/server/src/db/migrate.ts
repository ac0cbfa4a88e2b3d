import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths.ts';

/**
 * Session advisory-lock key held while migrating (an arbitrary constant: 'sen:migrate'). Every
 * instance migrates at start; the lock makes them take turns, so a second instance waits and then
 * finds every migration applied, instead of racing the first to create the same tables.
 */
export const MIGRATION_LOCK_KEY = 0x73656e4d; // "senM"

/** Applies every committed migration on PostgreSQL, on one connection holding the migration lock. */
export async function migratePostgresLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // After a failure the connection is destroyed rather than pooled: its session, and with it the
    // lock, ends, whatever state the failed migration left it in.
    client.release(failure);
  }
}

/** PGlite is one process's own database: nothing else can migrate it at the same time. */
export async function migrateEmbedded(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
}
