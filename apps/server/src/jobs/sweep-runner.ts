import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobRuns } from '../db/schema.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { Clock } from '../shared/clock.ts';

export interface SweepContext {
  businessDate: string;
  now: Date;
}

/**
 * A set-based job run once per business date (docs/decisions/011-jobs-as-sweeps.md). `run` does
 * its work with repositories on the unit of work, so it commits together with its run record, and
 * returns row counts for the record and the log.
 */
export interface Sweep {
  name: string;
  run(context: SweepContext): Promise<Record<string, number>>;
}

export type SweepOutcome = { status: 'ran'; result: Record<string, number> } | { status: 'skipped' };

/**
 * Runs a sweep for a business date unless some instance already has. One transaction holds an
 * advisory lock on the sweep's name (a second instance waits for it), checks `job_runs`, runs the
 * sweep and writes its run record: the work and the record commit together or not at all, and
 * the unique (job, business_date) index refuses a second record even without the lock.
 */
export class SweepRunner {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  run(sweep: Sweep, date: string): Promise<SweepOutcome> {
    return this.uow.transaction(async () => {
      await this.uow.advisoryLock(`sweep:${sweep.name}`);
      const done = await this.uow.db
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(and(eq(jobRuns.job, sweep.name), eq(jobRuns.businessDate, date)))
        .limit(1);
      if (done.length > 0) return { status: 'skipped' } as const;
      const startedAt = this.clock();
      const result = await sweep.run({ businessDate: date, now: startedAt });
      await this.uow.db.insert(jobRuns).values({ job: sweep.name, businessDate: date, startedAt, finishedAt: this.clock(), result });
      this.log.info({ job: sweep.name, businessDate: date, result }, 'sweep done');
      return { status: 'ran', result } as const;
    });
  }
}
