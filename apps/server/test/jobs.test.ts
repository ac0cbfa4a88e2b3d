import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { jobLeases, jobRuns, otpCodes, otpSendLog, sessions, users } from '../src/db/schema.ts';
import { cleanupSweep, RETENTION } from '../src/jobs/cleanup.sweep.ts';
import { JobRunner, type JobDefinition } from '../src/jobs/job-runner.ts';
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

/** A daily job that records every execution, slow enough that parallel callers overlap. */
function countingJob(name: string, calls: string[], schedule: JobDefinition['schedule'] = { daily: true }): JobDefinition {
  return {
    name,
    schedule,
    transactional: true,
    async run({ period }) {
      calls.push(period);
      await sleep(30);
      return { rows: 1 };
    },
  };
}

function runner(db: Database, jobs: JobDefinition[], clock: () => Date = () => new Date()): JobRunner {
  return new JobRunner({ uow: db.uow, clock, log, jobs, tickMs: 60_000 });
}

describe('job runner', () => {
  it('runs a daily job once per business date, however many instances start it at once', async () => {
    const calls: string[] = [];
    let now = new Date('2026-01-10T03:00:00Z');
    const job = countingJob('count-a', calls);
    // Two instances (two pools on one PostgreSQL database; one database on PGlite).
    const runners = [runner(database, [job], () => now), runner(other, [job], () => now)];
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, index) => runners[index % 2]!.runScheduled('count-a')));
    expect(calls).toEqual(['2026-01-10']);
    expect(outcomes.filter((outcome) => outcome.status === 'ran')).toHaveLength(1);
    expect(await runners[1]!.runScheduled('count-a')).toEqual({ status: 'skipped', reason: 'done' });
    now = new Date(now.getTime() + DAY_MS);
    expect((await runners[1]!.runScheduled('count-a')).status).toBe('ran');
    const rows = await database.db.select().from(jobRuns).where(eq(jobRuns.job, 'count-a')).orderBy(jobRuns.period);
    expect(rows.map((row) => [row.period, row.status, row.attempts])).toEqual([
      ['2026-01-10', 'done', 1],
      ['2026-01-11', 'done', 1],
    ]);
    expect(rows[0]!.result).toEqual({ rows: 1 });
    expect(await database.db.select().from(jobLeases).where(eq(jobLeases.job, 'count-a'))).toHaveLength(0);
  });

  it('rolls back a failed daily job with its work, records the failure, and runs the period again', async () => {
    let fail = true;
    const job: JobDefinition = {
      name: 'flaky',
      schedule: { daily: true },
      transactional: true,
      async run() {
        await database.uow.db.insert(users).values({ phone: '0900000001' });
        if (fail) throw new Error('provider down');
        return { ok: 1 };
      },
    };
    const jobs = runner(database, [job], () => new Date('2026-01-10T03:00:00Z'));
    expect(await jobs.runScheduled('flaky')).toMatchObject({ status: 'failed' });
    expect(await database.db.select().from(users).where(eq(users.phone, '0900000001'))).toHaveLength(0);
    expect(await database.db.select({ status: jobRuns.status, error: jobRuns.error }).from(jobRuns).where(eq(jobRuns.job, 'flaky'))).toEqual([{ status: 'failed', error: 'provider down' }]);
    fail = false;
    expect(await jobs.runScheduled('flaky')).toEqual({ status: 'ran', result: { ok: 1 } });
    const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.job, 'flaky'));
    expect(row).toMatchObject({ status: 'done', attempts: 2, error: null });
  });

  it('runs an interval job once per slot across instances, and never while another instance holds its lease', async () => {
    const calls: string[] = [];
    let now = new Date('2026-01-10T03:00:01Z');
    const job = countingJob('poll-a', calls, { everyMs: 5_000 });
    const first = runner(database, [job], () => now);
    const second = runner(other, [job], () => now);
    await Promise.all([first.runScheduled('poll-a'), second.runScheduled('poll-a'), first.runScheduled('poll-a'), second.runScheduled('poll-a')]);
    expect(calls).toEqual(['2026-01-10T03:00:00.000Z']);
    now = new Date('2026-01-10T03:00:06Z');
    // A third instance holds the lease (it is running the job): neither of these runs it.
    await database.db.insert(jobLeases).values({ job: 'poll-a', holder: 'elsewhere', expiresAt: new Date(Date.now() + 60_000) });
    expect(await Promise.all([first.runScheduled('poll-a'), second.runScheduled('poll-a')])).toEqual([
      { status: 'skipped', reason: 'leased' },
      { status: 'skipped', reason: 'leased' },
    ]);
    // Its holder died: once the lease expires, one instance takes the job and runs the slot.
    await database.db.update(jobLeases).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(jobLeases.job, 'poll-a'));
    now = new Date(Date.now());
    const late = new Date(now);
    const outcomes = await Promise.all([runner(database, [job], () => late).runScheduled('poll-a'), runner(other, [job], () => late).runScheduled('poll-a')]);
    expect(outcomes.filter((outcome) => outcome.status === 'ran')).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('ticks every due job at start and on each tick, once per period, runs a job now on request and stops cleanly', async () => {
    const calls: string[] = [];
    let now = new Date('2026-02-01T03:00:00Z');
    const jobs = runner(database, [countingJob('count-b', calls)], () => now);
    await jobs.tick();
    await jobs.tick();
    expect(calls).toEqual(['2026-02-01']);
    now = new Date(now.getTime() + DAY_MS);
    await jobs.tick();
    expect(calls).toEqual(['2026-02-01', '2026-02-02']);
    // By hand (the development run-jobs endpoint): runs whatever the schedule says, with its own record.
    expect(await jobs.runNow(['count-b'])).toEqual({ 'count-b.rows': 1 });
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatch(/^now:2026-02-02T03:00:00.000Z:/);
    jobs.start();
    await jobs.stop();
    expect(calls).toHaveLength(3);
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

    const jobs = runner(database, [cleanupSweep(database.uow)], () => now);
    const outcome = await jobs.runScheduled('cleanup');
    expect(outcome).toEqual({ status: 'ran', result: { otpCodes: 1, otpSendLog: 1, sessions: 2, loginBrakes: 0, botCheckRedemptions: 0, jobRuns: expect.any(Number) } });
    expect((await database.db.select({ hash: otpCodes.codeHash }).from(otpCodes)).map((row) => row.hash)).toEqual(['recent']);
    expect(await database.db.select().from(otpSendLog)).toHaveLength(1);
    const left = await database.db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId));
    expect(left.map((row) => row.hash).sort()).toEqual(['active', 'expired-yesterday']);
    expect((await jobs.runScheduled('cleanup')).status).toBe('skipped');
  });
});
