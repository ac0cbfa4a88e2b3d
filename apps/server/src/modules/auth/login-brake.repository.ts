import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { loginBrakes } from '../../db/schema.ts';

export type BrakeRow = typeof loginBrakes.$inferSelect;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export class LoginBrakeRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `decide` on the phone's row under a row lock (created when missing) and stores what it
   * returns, so parallel guesses are counted one by one: none can slip past a limit.
   */
  update<T>(phoneKey: string, now: Date, decide: (row: BrakeRow) => { row: BrakeRow; result: T }): Promise<T> {
    return this.db.transaction(async (tx: Tx) => {
      // One statement creates the row or locks the existing one: an insert-then-select could lose
      // the row to a concurrent clear() in between (a right password racing wrong ones).
      const [current] = await tx
        .insert(loginBrakes)
        .values({ phoneKey, windowStartedAt: now })
        .onConflictDoUpdate({ target: loginBrakes.phoneKey, set: { phoneKey: sql`excluded.phone_key` } })
        .returning();
      if (!current) throw new Error('login brake upsert returned no row');
      const { row, result } = decide(current);
      await tx
        .update(loginBrakes)
        .set({
          windowStartedAt: row.windowStartedAt,
          windowFailures: row.windowFailures,
          totalFailures: row.totalFailures,
          lockouts: row.lockouts,
          lockedUntil: row.lockedUntil,
          lastFailureAt: row.lastFailureAt,
        })
        .where(eq(loginBrakes.phoneKey, phoneKey));
      return result;
    });
  }

  /** A successful sign-in (password or code) forgets the phone's failures. */
  async clear(phoneKey: string): Promise<void> {
    await this.db.delete(loginBrakes).where(eq(loginBrakes.phoneKey, phoneKey));
  }

  /** Rows untouched for `olderThan` carry no state worth keeping. */
  async prune(olderThan: Date): Promise<void> {
    await this.db.delete(loginBrakes).where(sql`coalesce(${loginBrakes.lastFailureAt}, ${loginBrakes.windowStartedAt}) < ${olderThan}`);
  }
}
