import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { defineEndpoint, ERRORS, HEADERS, translate } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/database.ts';
import { appSettings, idempotencyKeys, users } from '../src/db/schema.ts';
import { AppError } from '../src/shared/app-error.ts';
import { registerEndpoint } from '../src/shared/register-endpoint.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const TRANSFER = '/api/test/transfer';
const transferEndpoint = defineEndpoint({
  id: 'testTransfer',
  method: 'POST',
  path: TRANSFER,
  summary: 'Test-only money call.',
  module: 'test',
  request: z.object({ amount: z.number().int().positive(), fail: z.boolean().optional() }),
  response: z.object({ balance: z.number().int(), transferId: z.string() }),
  signed: true,
  session: 'required',
  errors: [],
  idempotent: true,
});
let t: TestApp;
let database: Database;

/**
 * A test-only "money call": moves `amount` into the caller's balance (a row of app_settings) under
 * a row lock, slowly enough that parallel repeats overlap, and fails on request after writing.
 */
beforeAll(async () => {
  t = await createTestApp({
    extend: (app, { infra }) => {
      const uow = infra.database.uow;
      registerEndpoint(app, transferEndpoint, async ({ input, session }) => {
        const key = `balance:${session.userId}`;
        await uow.db.insert(appSettings).values({ key, value: '0' }).onConflictDoNothing();
        await uow.lockRows(appSettings, eq(appSettings.key, key));
        const [row] = await uow.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
        await sleep(100);
        const balance = Number(row?.value ?? 0) + input.amount;
        await uow.db.update(appSettings).set({ value: String(balance) }).where(eq(appSettings.key, key));
        if (input.fail) throw new AppError('ACCESS_DENIED');
        return { balance, transferId: randomUUID() };
      });
    },
  });
  database = t.database;
});
afterAll(() => t.close());

/** The balance of a logged-in user (login answers the public numeric id; balances use the uuid). */
async function balanceOf(publicId: number): Promise<number> {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.publicId, publicId));
  const [row] = await database.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, `balance:${user!.id}`));
  return Number(row?.value ?? 0);
}

type Transfer = { balance: number; transferId: string };
const transfer = (token: string, key: string | null, payload: Record<string, unknown>, lang?: 'en' | 'vn' | 'zh') =>
  t.post<Transfer>(TRANSFER, { token, payload, headers: key ? { [HEADERS.idempotencyKey]: key } : {}, ...(lang ? { lang } : {}) });

describe('idempotent money calls', () => {
  it('runs parallel repeats of one key once: the others get the same result or 409 in progress', async () => {
    const user = await t.loginWithOtp();
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 6 }, () => transfer(user.token, key, { amount: 1000 })));
    const succeeded = responses.filter((response) => response.statusCode === 200);
    const busy = responses.filter((response) => response.statusCode === 409);
    expect(succeeded.length + busy.length).toBe(6);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const response of busy) expect(response.envelope.code).toBe(ERRORS.IDEMPOTENCY_IN_PROGRESS.code);
    expect(new Set(succeeded.map((response) => response.envelope.data.transferId)).size).toBe(1);
    // On PostgreSQL repeats run truly in parallel and see the first one running; PGlite runs one
    // unit at a time, so there the repeats wait and get the stored result.
    if (database.kind === 'postgres') expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(user.id)).toBe(1000);

    const again = await transfer(user.token, key, { amount: 1000 });
    expect(again.statusCode).toBe(200);
    expect(again.headers[HEADERS.idempotentReplayed]).toBe('true');
    expect(again.envelope.data).toEqual(succeeded[0]!.envelope.data);
    expect(await balanceOf(user.id)).toBe(1000);
  });

  it('refuses the same key with a different body, while running and after, with a localised 409', async () => {
    const user = await t.loginWithOtp();
    const key = randomUUID();
    const [first, different] = await Promise.all([
      transfer(user.token, key, { amount: 500 }),
      sleep(30).then(() => transfer(user.token, key, { amount: 700 }, 'vn')),
    ]);
    expect(first.statusCode).toBe(200);
    expect(different.statusCode).toBe(409);
    expect(different.envelope.code).toBe(ERRORS.IDEMPOTENCY_KEY_REUSED.code);
    expect(different.envelope.message).toBe(translate('vn', 'error.idempotencyKeyReused'));
    const after = await transfer(user.token, key, { amount: 700 });
    expect(after.envelope.code).toBe(ERRORS.IDEMPOTENCY_KEY_REUSED.code);
    expect(await balanceOf(user.id)).toBe(500);
  });

  it('needs a valid key and keeps keys apart per user', async () => {
    const [alice, bob] = [await t.loginWithOtp(), await t.loginWithOtp()];
    for (const key of [null, '', 'x'.repeat(256), 'has space']) {
      const response = await transfer(alice.token, key, { amount: 1 });
      expect(response.statusCode).toBe(400);
      expect(response.envelope.code).toBe(ERRORS.IDEMPOTENCY_KEY_REQUIRED.code);
    }
    const key = randomUUID();
    const [a, b] = await Promise.all([transfer(alice.token, key, { amount: 10 }), transfer(bob.token, key, { amount: 20 })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([await balanceOf(alice.id), await balanceOf(bob.id)]).toEqual([10, 20]);
  });

  it('rolls a failed call back with its key, so a retry with that key runs it', async () => {
    const user = await t.loginWithOtp();
    const key = randomUUID();
    const failed = await transfer(user.token, key, { amount: 300, fail: true });
    expect(failed.envelope.code).toBe(ERRORS.ACCESS_DENIED.code);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    const retried = await transfer(user.token, key, { amount: 300, fail: true });
    expect(retried.envelope.code).toBe(ERRORS.ACCESS_DENIED.code);
    const fixed = await transfer(user.token, randomUUID(), { amount: 300 });
    expect(fixed.envelope.data.balance).toBe(300);
  });

  it('takes over a claim abandoned by a request that died, and only once', async () => {
    const user = await t.loginWithOtp();
    const key = randomUUID();
    const first = await transfer(user.token, key, { amount: 40 });
    // Simulate a crash after the claim: the row is back to running, claimed long ago, and the
    // change it guarded never committed.
    await database.db
      .update(idempotencyKeys)
      .set({ status: 'running', claimedAt: new Date(Date.now() - 10 * 60_000), responseBody: null })
      .where(eq(idempotencyKeys.key, key));
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.publicId, user.id));
    await database.db.update(appSettings).set({ value: '0' }).where(eq(appSettings.key, `balance:${row!.id}`));
    const responses = await Promise.all(Array.from({ length: 3 }, () => transfer(user.token, key, { amount: 40 })));
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(new Set(succeeded.map((response) => response.envelope.data.transferId)).size).toBe(1);
    expect(succeeded[0]!.envelope.data.transferId).not.toBe(first.envelope.data.transferId);
    expect(await balanceOf(user.id)).toBe(40);
  });
});
