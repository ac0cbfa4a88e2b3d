import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import { jobLeases, jobRuns } from '../db/schema.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';

/** The leases and run records of the job runner (decision 085). */
export class JobRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** Takes the job's lease when it is free or expired (or already ours); false when another instance holds it. */
  async acquireLease(job: string, holder: string, now: Date, expiresAt: Date): Promise<boolean> {
    const rows = await this.uow.db
      .insert(jobLeases)
      .values({ job, holder, expiresAt })
      .onConflictDoUpdate({
        target: jobLeases.job,
        set: { holder, expiresAt },
        where: or(lt(jobLeases.expiresAt, now), eq(jobLeases.holder, holder)),
      })
      .returning({ job: jobLeases.job });
    return rows.length > 0;
  }

  /** Keeps a long run's lease (false when it was lost: another instance took the job after it expired). */
  async renewLease(job: string, holder: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.uow.db
      .update(jobLeases)
      .set({ expiresAt })
      .where(and(eq(jobLeases.job, job), eq(jobLeases.holder, holder)))
      .returning({ job: jobLeases.job });
    return rows.length > 0;
  }

  async releaseLease(job: string, holder: string): Promise<void> {
    await this.uow.db.delete(jobLeases).where(and(eq(jobLeases.job, job), eq(jobLeases.holder, holder)));
  }

  /**
   * Claims the job's period: a new run record, or one that failed or was abandoned (its holder's
   * lease expired, which is why the caller holds it now). Null when the period is done already.
   */
  async claimPeriod(job: string, period: string, holder: string, startedAt: Date): Promise<string | null> {
    const rows = await this.uow.db
      .insert(jobRuns)
      .values({ job, period, status: 'running', holder, startedAt })
      .onConflictDoUpdate({
        target: [jobRuns.job, jobRuns.period],
        set: { status: 'running', holder, startedAt, finishedAt: null, error: null, attempts: sql`${jobRuns.attempts} + 1` },
        where: ne(jobRuns.status, 'done'),
      })
      .returning({ id: jobRuns.id });
    return rows[0]?.id ?? null;
  }

  async finish(id: string, finishedAt: Date, result: Record<string, number>): Promise<void> {
    await this.uow.db.update(jobRuns).set({ status: 'done', finishedAt, result }).where(eq(jobRuns.id, id));
  }

  async fail(id: string, finishedAt: Date, error: string): Promise<void> {
    await this.uow.db.update(jobRuns).set({ status: 'failed', finishedAt, error: error.slice(0, 2000) }).where(eq(jobRuns.id, id));
  }

  async runsOf(job: string): Promise<(typeof jobRuns.$inferSelect)[]> {
    return this.uow.db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.startedAt);
  }
}
