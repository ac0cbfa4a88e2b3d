import { API_PATHS, transformPassword } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { activities } from '../src/db/schema.ts';
import { PasswordHasher } from '../src/modules/auth/password-hasher.ts';
import { seedDemo, DEMO_USER } from '../src/demo-seed.ts';
import { createTestApp, randomIp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, rateLimitPerMinute: 3 }) });
});
afterAll(async () => t?.close());

describe('generic rate limit', () => {
  it('answers 429 with the envelope after RATE_LIMIT_PER_MINUTE API calls from one IP', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let call = 0; call < 4; call += 1) {
      codes.push((await t.post(API_PATHS.authConfig, { remoteAddress: ip, lang: 'en' })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await t.post(API_PATHS.authConfig, { remoteAddress: ip, lang: 'en' });
    expect(limited.envelope).toEqual({ code: 429, message: 'Too many requests, please try again later', data: null });
    // Probes are never limited.
    for (let call = 0; call < 5; call += 1) {
      expect((await t.app.inject({ url: API_PATHS.health, remoteAddress: ip })).statusCode).toBe(200);
    }
  });
});

describe('restarts and readiness', () => {
  let second: TestDatabase;
  beforeAll(async () => {
    second = await createTestDatabase();
  });
  afterAll(async () => second?.close());

  it('keeps a generated sign secret across restarts', async () => {
    const again = (await buildApp({ config: t.config, database: t.database })).app;
    const secret = (await again.inject({ url: API_PATHS.secret })).json().data.verifySignSecret;
    await again.close();
    expect(secret).toBe(t.signSecret);
  });

  it('uses SIGN_SECRET when configured', async () => {
    const app = (await buildApp({ config: { ...t.config, signSecret: 'configured-secret-1234' }, database: t.database })).app;
    expect((await app.inject({ url: API_PATHS.secret })).json().data.verifySignSecret).toBe('configured-secret-1234');
    await app.close();
  });

  it('seeds the demo user and banners once, with the demo password', async () => {
    const sen = await buildApp({ config: t.config, database: second.database });
    await sen.app.ready();
    await seedDemo(sen);
    await seedDemo(sen);
    await sen.app.close();
    expect(await second.database.db.$count(activities)).toBe(2);
    const users = await second.database.db.query.users.findMany();
    expect(users.map((user) => user.phone)).toEqual([DEMO_USER.phone]);
    expect(users[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await new PasswordHasher().verify(users[0]?.passwordHash ?? '', transformPassword(DEMO_USER.password))).toBe(true);
  });

  it('reports not ready (503) when the database is gone', async () => {
    const lonely = await createTestDatabase();
    const app = (await buildApp({ config: t.config, database: lonely.database })).app;
    await lonely.close();
    const response = await app.inject({ url: API_PATHS.ready });
    expect(response.statusCode).toBe(503);
    // The same answer as /health/ready (one readiness function, decision 109).
    expect(response.json()).toMatchObject({ code: 503, data: { failed: ['database'] } });
    await app.close();
  });
});
