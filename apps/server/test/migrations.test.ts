import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase, executeRows } from '../src/db/database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && serverUrl;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.runIf(onPostgres)('migrations on PostgreSQL', () => {
  it('lets several instances start at once on one fresh database: all come up, each migration applied once', async () => {
    const name = `sen_test_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    try {
      const instances = await Promise.all(Array.from({ length: 4 }, () => createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' })));
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
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
