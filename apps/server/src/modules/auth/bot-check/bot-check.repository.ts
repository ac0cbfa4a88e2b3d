import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { botCheckRedemptions } from '../../../db/schema.ts';

export class BotCheckRepository {
  constructor(private readonly db: Db) {}

  /** Marks a solution used; false when it already was (by this or another instance). */
  async redeemOnce(solutionKey: string, expiresAt: Date, now: Date): Promise<boolean> {
    // Expired entries can go: their challenges fail the expiry check anyway.
    await this.db.delete(botCheckRedemptions).where(lt(botCheckRedemptions.expiresAt, now));
    const rows = await this.db
      .insert(botCheckRedemptions)
      .values({ solutionKey, expiresAt })
      .onConflictDoNothing()
      .returning({ solutionKey: botCheckRedemptions.solutionKey });
    return rows.length === 1;
  }
}
