import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { appSettings } from '../../db/schema.ts';

/** Server-made values that must survive restarts and be shared by every instance. */
export class SettingsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  /** The stored value of `key`; on first use `create()` is stored (the first writer wins). */
  async getOrCreate(key: string, create: () => string): Promise<string> {
    await this.db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing({ target: appSettings.key });
    const [row] = await this.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).limit(1);
    if (!row) throw new Error(`setting ${key} could not be stored`);
    return row.value;
  }
}
