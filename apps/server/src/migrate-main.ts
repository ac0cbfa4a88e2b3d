import path from 'node:path';
import { createDatabase } from './db/database.ts';
import { REPO_ROOT } from './paths.ts';

/**
 * `npm run db:migrate`: applies every committed migration to DATABASE_URL (PostgreSQL, under the
 * migration lock, so it is safe while instances run or start) or to the PGlite database in
 * DATA_DIR, and exits. Reads only those variables (and DATABASE_DIRECT_URL, PostgreSQL itself when
 * DATABASE_URL is a pooler): migrating needs no secrets.
 */
async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = process.env.DATA_DIR?.trim() || path.join(REPO_ROOT, 'data');
  const directUrl = process.env.DATABASE_DIRECT_URL?.trim() || undefined;
  const database = await createDatabase({ databaseUrl: directUrl ?? databaseUrl, dataDir });
  await database.close();
  console.info(`Migrations applied (${database.kind}).`);
}

main().catch((error: unknown) => {
  console.error('Migration failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
