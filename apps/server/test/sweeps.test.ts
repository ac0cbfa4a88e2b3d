import { vietnamDate } from '@sen/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { jobRuns, otpCodes, otpSendLog, sessions, users } from '../src/db/schema.ts';
import { cleanupSweep, RETENTION } from '../src/jobs/cleanup.sweep.ts';
import { startScheduler } from '../src/jobs/scheduler.ts';
import { SweepRunner, type Sweep } from '../src/jobs/sweep-runner.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const log = pino({ level: 'silent' });
const DAY_MS = 24 * 60 * 60 * 1000;

let testDb: TestDatabase;
let database: Database;
/** A second instance's pool on PostgreSQL; on PGlite the same database (one process). */
let other: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = testDb.database;
  other = (await testDb.openAnother()) ?? database;
});
afterAll(async () => {
  if (other !== database) await other.close();
  await testDb.close();
});

/** A sweep that records every execution, slow enough that parallel callers overlap. */
function countingSweep(name: string, calls: string[]): Sweep {
  return {
    name,
    async run({ businessDate: date }) {
      calls.push(date);
      await sleep(30);
      return { rows: 1 };
    },
  };
}

describe('business date', () => {
  it('is the calendar date in Vietnam (UTC+7)', () => {
    expect(vietnamDate(new Date('2026-03-01T16:59:59Z'))).toBe('2026-03-01');
    expect(vietnamDate(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
  });
});

describe('sweep runner', () => {
  it('runs a sweep once per business date, whatever number of instances start it at once', async () => {
    const calls: string[] = [];
    const sweep = countingSweep('count-a', calls);
    const runners = [new SweepRunner(database.uow, () => new Date(), log), new SweepRunner(other.uow, () => new Date(), log)];
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, index) => runners[index % 2]!.run(sweep, '2026-01-10')));
    expect(calls).toEqual(['2026-01-10']);
    expect(outcomes.filter((outcome) => outcome.status === 'ran')).toHaveLength(1);
    expect((await runners[1]!.run(sweep, '2026-01-10')).status).toBe('skipped');
    expect((await runners[1]!.run(sweep, '2026-01-11')).status).toBe('ran');
    const [row] = await database.db.select({ n: count() }).from(jobRuns).where(eq(jobRuns.job, 'count-a'));
    expect(row?.n).toBe(2);
  });

  it('leaves no run record when the sweep fails, so the next attempt runs it again', async () => {
    let fail = true;
    const sweep: Sweep = {
      name: 'flaky',
      async run() {
        await database.uow.db.insert(users).values({ phone: '0900000001' });
        if (fail) throw new Error('provider down');
        return { ok: 1 };
      },
    };
    const runner = new SweepRunner(database.uow, () => new Date(), log);
    await expect(runner.run(sweep, '2026-01-10')).rejects.toThrow('provider down');
    expect(await database.db.select().from(users).where(eq(users.phone, '0900000001'))).toHaveLength(0);
    fail = false;
    expect(await runner.run(sweep, '2026-01-10')).toEqual({ status: 'ran', result: { ok: 1 } });
  });
});

describe('scheduler', () => {
  it('runs due sweeps at start and on each tick, once per business date, and stops cleanly', async () => {
    const calls: string[] = [];
    let now = new Date('2026-02-01T03:00:00Z');
    const clock = () => now;
    const scheduler = startScheduler({
      runner: new SweepRunner(database.uow, clock, log),
      sweeps: [countingSweep('count-b', calls)],
      clock,
      log,
      intervalMs: 60_000,
    });
    await scheduler.tick();
    await scheduler.tick();
    expect(calls).toEqual(['2026-02-01']);
    now = new Date(now.getTime() + DAY_MS);
    await scheduler.tick();
    expect(calls).toEqual(['2026-02-01', '2026-02-02']);
    await scheduler.stop();
  });
});

describe('clean-up sweep', () => {
  it('deletes expired OTPs, old send-log rows and ended sessions, and keeps what rules still read', async () => {
    const now = new Date('2026-05-20T05:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const [user] = await database.db.insert(users).values({ phone: '0900000002' }).returning({ id: users.id });
    const userId = user!.id;
    await database.db.insert(otpCodes).values([
      { phone: '0900000002', codeHash: 'old', createdAt: ago(3 * DAY_MS), expiresAt: ago(RETENTION.otpCodesAfterExpiry + 60_000) },
      { phone: '0900000002', codeHash: 'recent', createdAt: ago(60_000), expiresAt: ago(30_000) },
    ]);
    await database.db.insert(otpSendLog).values([
      { phone: '0900000002', ip: '10.0.0.1', createdAt: ago(RETENTION.otpSendLog + 60_000) },
      { phone: '0900000002', ip: '10.0.0.1', createdAt: ago(30 * 60_000) },
    ]);
    const session = (tokenHash: string, expiresAt: Date, revokedAt: Date | null) => ({
      userId,
      tokenHash,
      loginMethod: 'sms' as const,
      createdAt: ago(40 * DAY_MS),
      expiresAt,
      revokedAt,
    });
    await database.db.insert(sessions).values([
      session('expired-long-ago', ago(RETENTION.sessionsAfterEnd + DAY_MS), null),
      session('revoked-long-ago', new Date(now.getTime() + DAY_MS), ago(RETENTION.sessionsAfterEnd + DAY_MS)),
      session('expired-yesterday', ago(DAY_MS), null),
      session('active', new Date(now.getTime() + DAY_MS), null),
    ]);

    const runner = new SweepRunner(database.uow, () => now, log);
    const outcome = await runner.run(cleanupSweep(database.uow), vietnamDate(now));
    expect(outcome).toEqual({ status: 'ran', result: { otpCodes: 1, otpSendLog: 1, sessions: 2, loginBrakes: 0, botCheckRedemptions: 0 } });
    expect((await database.db.select({ hash: otpCodes.codeHash }).from(otpCodes)).map((row) => row.hash)).toEqual(['recent']);
    expect(await database.db.select().from(otpSendLog)).toHaveLength(1);
    const left = await database.db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId));
    expect(left.map((row) => row.hash).sort()).toEqual(['active', 'expired-yesterday']);
    expect((await runner.run(cleanupSweep(database.uow), vietnamDate(now))).status).toBe('skipped');
  });
});
