import type { FastifyBaseLogger } from 'fastify';

/** One job of the loans' background work: a name and what one run does (counts for the log). */
export interface LoanJob {
  name: string;
  run(): Promise<Record<string, number>>;
}

/**
 * The loans' background work in the order one tick runs it (docs/decisions/074, 075): payouts
 * (added by the payout job), the daily accrual through today (catching up missed dates) and the
 * repayment reminders. Every job is safe to run on several instances at once and repeats nothing.
 */
export class LoanJobs {
  readonly jobs: LoanJob[] = [];

  add(job: LoanJob, position: 'first' | 'last' = 'last'): void {
    if (position === 'first') this.jobs.unshift(job);
    else this.jobs.push(job);
  }

  /** Runs every job once, in order; a failing job does not stop the others (it is logged and thrown at the end). */
  async runAll(log: FastifyBaseLogger): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    let failure: unknown = null;
    for (const job of this.jobs) {
      try {
        for (const [key, count] of Object.entries(await job.run())) result[`${job.name}.${key}`] = count;
      } catch (error) {
        log.error({ job: job.name, err: error }, 'loan job failed');
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return result;
  }
}

