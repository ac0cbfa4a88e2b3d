import { API_PATHS } from '@sen/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Finding 3, PostgreSQL only: the server used to exit ('Unhandled error event on BoundPool') when
 * the database ended an idle connection. Now it keeps serving, answers 503 while the database is
 * away, and recovers by itself.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('finding 3: the PostgreSQL pool survives losing its connections', () => {
  let t: TestApp;
  let admin: pg.Client;
  let name: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ config: (config) => ({ ...config, rateLimitPerMinute: 10_000 }) });
    const rows = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
    name = rows.rows[0]?.name as string;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    token = (await t.loginWithOtp()).token;
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => {});
    await admin?.end();
    await t?.close();
  });

  const terminateAll = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  const userInfo = () => t.post(API_PATHS.userInfo, { token, lang: 'en' });
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('keeps serving after pg_terminate_backend of every connection (no crash)', async () => {
    // Several idle connections in the pool, and the readiness probe's own (decision 109).
    await Promise.all(Array.from({ length: 6 }, () => userInfo()));
    expect((await t.app.inject({ url: API_PATHS.healthReady })).statusCode).toBe(200);
    const terminated = await terminateAll();
    expect(terminated.rowCount).toBeGreaterThan(0);
    await settle(300);
    const statuses: number[] = [];
    for (let call = 0; call < 5; call += 1) statuses.push((await userInfo()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // The probe opens a new connection of its own.
    expect((await t.app.inject({ url: API_PATHS.healthReady })).statusCode).toBe(200);
  });

  it('answers 503 envelopes (not 500) while the database refuses connections, then recovers alone', async () => {
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await terminateAll();
    await settle(300);
    const away = await Promise.all(Array.from({ length: 5 }, () => userInfo()));
    for (const response of away) {
      expect(response.statusCode).toBe(503);
      expect(response.envelope).toEqual({ code: 503, message: 'Service temporarily unavailable, please try again later', data: null });
      expect(response.body).not.toMatch(/\bat \w|pg_|ALLOW_CONNECTIONS/);
    }
    expect((await t.app.inject({ url: API_PATHS.ready })).statusCode).toBe(503);

    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    const back = await userInfo();
    expect(back.statusCode).toBe(200);
    expect((await t.app.inject({ url: API_PATHS.ready })).statusCode).toBe(200);
  });
});
