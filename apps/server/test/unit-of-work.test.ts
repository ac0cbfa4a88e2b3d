import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/database.ts';
import { appSettings } from '../src/db/schema.ts';
import type { UnitOfWork } from '../src/db/unit-of-work.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

let testDb: TestDatabase;
let uow: UnitOfWork;

beforeAll(async () => {
  testDb = await createTestDatabase();
  uow = testDb.database.uow;
});
afterAll(() => testDb.close());

/** A tiny "repository": it only ever uses uow.db, as every real one does. */
const counters = {
  async set(key: string, value: number) {
    await uow.db
      .insert(appSettings)
      .values({ key, value: String(value) })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: String(value) } });
  },
  async get(key: string): Promise<number | null> {
    const [row] = await uow.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
    return row ? Number(row.value) : null;
  },
};

describe('unit of work', () => {
  it('rolls back every repository write of a failed unit, nested units included', async () => {
    await expect(
      uow.transaction(async () => {
        await counters.set('uow-rollback-a', 1);
        await uow.transaction(async () => counters.set('uow-rollback-b', 2));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await counters.get('uow-rollback-a')).toBeNull();
    expect(await counters.get('uow-rollback-b')).toBeNull();
  });

  it('commits a nested unit with its outer one, on the same connection', async () => {
    await uow.transaction(async () => {
      const outer = await executeRows(uow.db, sql`select pg_backend_pid() as pid, txid_current() as txid`);
      await uow.transaction(async () => {
        const inner = await executeRows(uow.db, sql`select pg_backend_pid() as pid, txid_current() as txid`);
        expect(inner).toEqual(outer);
        await counters.set('uow-nested', 7);
      });
    });
    expect(await counters.get('uow-nested')).toBe(7);
  });

  it('runs parallel units, each with reads outside any unit between them, without deadlock or lost updates', async () => {
    await counters.set('uow-counter', 0);
    const increment = () =>
      uow.transaction(async () => {
        await uow.lockRows(appSettings, eq(appSettings.key, 'uow-counter'));
        const value = (await counters.get('uow-counter')) ?? 0;
        await sleep(5); // another unit would read the same value here without the row lock
        await counters.set('uow-counter', value + 1);
      });
    const outside = async () => {
      await counters.get('uow-counter');
    };
    await Promise.all([...Array.from({ length: 8 }, increment), ...Array.from({ length: 4 }, outside)]);
    expect(await counters.get('uow-counter')).toBe(8);
  });

  it('advisory locks make check-then-insert units take turns', async () => {
    const claim = (who: string) =>
      uow.transaction(async () => {
        await uow.advisoryLock('uow-claim', 'another-name');
        const taken = await counters.get('uow-claim');
        await sleep(5);
        if (taken === null) await counters.set('uow-claim', who === 'a' ? 1 : 2);
        return taken === null;
      });
    const results = await Promise.all(['a', 'b', 'c', 'd'].map(claim));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses locks outside a unit and lets work that outlives its unit use the pool', async () => {
    await expect(uow.advisoryLock('x')).rejects.toThrow(/open unit of work/);
    await expect(uow.lockRows(appSettings, undefined)).rejects.toThrow(/open unit of work/);
    let later: Promise<number | null> | undefined;
    await uow.transaction(async () => {
      expect(uow.inTransaction).toBe(true);
      later = sleep(20).then(() => {
        expect(uow.inTransaction).toBe(false);
        return counters.get('uow-nested');
      });
    });
    expect(await later).toBe(7);
  });
});
