import { sql, type SQL } from 'drizzle-orm';
import { executeRows } from './database.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/** Deletes set-based and counts what it deleted (one statement, no rows fetched). */
export async function deleteCounted(uow: UnitOfWork, statement: SQL): Promise<number> {
  const [row] = await executeRows<{ deleted: number }>(uow.db, sql`with gone as (${statement} returning 1) select count(*)::int as deleted from gone`);
  return row?.deleted ?? 0;
}
