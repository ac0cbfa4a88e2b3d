import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { otpCodes, otpSendLog, smsDailyCounts } from '../../db/schema.ts';

export interface OtpRow {
  id: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  failedAttempts: number;
  consumedAt: Date | null;
}

export interface SendCounts {
  phone: number;
  ip: number;
  device: number;
}

export class OtpRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  /**
   * Runs `work` in a transaction holding advisory locks on the phone, the client IP and the device,
   * so concurrent sends cannot both pass the resend check of one number or the hourly limit of
   * one phone, IP or device. The locks are taken in one global (sorted) order: no deadlocks.
   */
  withSendLocks<T>(keys: { phone: string; ip: string; deviceId: string | null }, work: () => Promise<T>): Promise<T> {
    const names = [`otp:${keys.phone}`, `otp-ip:${keys.ip}`, ...(keys.deviceId ? [`otp-device:${keys.deviceId}`] : [])];
    return this.uow.transaction(async () => {
      await this.uow.advisoryLock(...names);
      return work();
    });
  }

  /** The current code of a phone: its newest row (a newer send supersedes older codes). */
  async latest(phone: string): Promise<OtpRow | null> {
    const [row] = await this.db
      .select({
        id: otpCodes.id,
        codeHash: otpCodes.codeHash,
        createdAt: otpCodes.createdAt,
        expiresAt: otpCodes.expiresAt,
        failedAttempts: otpCodes.failedAttempts,
        consumedAt: otpCodes.consumedAt,
      })
      .from(otpCodes)
      .where(eq(otpCodes.phone, phone))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** Sends since `since` by this phone, this IP and this device, in one query. */
  async sendCounts(input: { phone: string; ip: string; deviceId: string | null; since: Date }): Promise<SendCounts> {
    const byPhone = eq(otpSendLog.phone, input.phone);
    const byIp = eq(otpSendLog.ip, input.ip);
    const byDevice = input.deviceId ? eq(otpSendLog.deviceId, input.deviceId) : sql`false`;
    const [row] = await this.db
      .select({
        phone: sql<number>`count(*) filter (where ${byPhone})`.mapWith(Number),
        ip: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
        device: sql<number>`count(*) filter (where ${byDevice})`.mapWith(Number),
      })
      .from(otpSendLog)
      .where(and(gt(otpSendLog.createdAt, input.since), or(byPhone, byIp, byDevice)));
    return { phone: row?.phone ?? 0, ip: row?.ip ?? 0, device: row?.device ?? 0 };
  }

  async logSend(input: { phone: string; ip: string; deviceId: string | null; now: Date }): Promise<void> {
    await this.db.insert(otpSendLog).values({ phone: input.phone, ip: input.ip, deviceId: input.deviceId, createdAt: input.now });
  }

  async insertCode(input: { phone: string; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<string> {
    const [row] = await this.db.insert(otpCodes).values(input).returning({ id: otpCodes.id });
    if (!row) throw new Error('otp insert returned no row');
    return row.id;
  }

  /** Withdraws a code whose SMS could not be sent, so it neither works nor starts the resend wait. */
  async deleteCode(id: string): Promise<void> {
    await this.db.delete(otpCodes).where(eq(otpCodes.id, id));
  }

  /**
   * Reserves one try of a live code before the guess is compared: a conditional UPDATE ... RETURNING,
   * so however many guesses arrive at once, at most `maxAttempts` of them are ever compared (issue 8,
   * finding 7: with a read-compare-increment, 100 parallel guesses got the right code accepted as the
   * 6th to 11th). Returns the try's number, or null when the code is used up, expired or consumed.
   * `failed_attempts` therefore counts tries: the wrong ones, and the right one that consumed it.
   */
  async reserveAttempt(id: string, now: Date, maxAttempts: number): Promise<number | null> {
    const [row] = await this.db
      .update(otpCodes)
      .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), lt(otpCodes.failedAttempts, maxAttempts), gt(otpCodes.expiresAt, now)))
      .returning({ attempts: otpCodes.failedAttempts });
    return row?.attempts ?? null;
  }

  /** Marks the code used; false when another request consumed it first. */
  async consume(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
      .returning({ id: otpCodes.id });
    return rows.length === 1;
  }

  /**
   * Takes one SMS from the service-wide budget of `day`; false when it is spent. One conditional
   * upsert: concurrent sends on any number of instances cannot overshoot the budget.
   */
  async reserveDailySms(day: string, budget: number): Promise<boolean> {
    const rows = await this.db
      .insert(smsDailyCounts)
      .values({ day, sent: 1 })
      .onConflictDoUpdate({
        target: smsDailyCounts.day,
        set: { sent: sql`${smsDailyCounts.sent} + 1` },
        setWhere: lt(smsDailyCounts.sent, budget),
      })
      .returning({ sent: smsDailyCounts.sent });
    return rows.length === 1 && (rows[0]?.sent ?? Number.MAX_SAFE_INTEGER) <= budget;
  }

  /** Gives back a budget SMS that was never sent (the provider failed). */
  async releaseDailySms(day: string): Promise<void> {
    await this.db
      .update(smsDailyCounts)
      .set({ sent: sql`greatest(${smsDailyCounts.sent} - 1, 0)` })
      .where(eq(smsDailyCounts.day, day));
  }
}
