import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase, executeRows } from '../src/db/database.ts';
import { createEmptyPostgresDatabase } from './helpers/test-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && serverUrl;

describe.runIf(onPostgres)('migrations on PostgreSQL', () => {
  it('lets several instances start at once on one fresh database: all come up, each migration applied once', async () => {
    const { url, drop } = await createEmptyPostgresDatabase(serverUrl as string);
    try {
      const instances = await Promise.all(Array.from({ length: 4 }, () => createDatabase({ databaseUrl: url, dataDir: 'memory://' })));
      try {
        const [first] = instances;
        const [applied] = await executeRows<{ n: number }>(first!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        const journal = (await import('../drizzle/meta/_journal.json', { with: { type: 'json' } })).default;
        expect(applied?.n).toBe(journal.entries.length);
        for (const instance of instances) await instance.ping();
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    } finally {
      await drop();
    }
  });
});
