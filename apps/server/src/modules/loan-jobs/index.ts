import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { businessDate } from '../../jobs/business-date.ts';
import { ACCRUAL_BATCH, LoanAccrual } from '../../jobs/loan-accrual.ts';
import { LoanReminders } from '../../jobs/loan-reminders.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

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
  async runAll(log: FastifyInstance['log']): Promise<Record<string, number>> {
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The loans' background jobs (accrual, reminders, payouts): what the loan-jobs poll runs. */
    loanJobs: LoanJobs;
  }
}

/** The loans' background jobs and, outside production, the development clock and run-now endpoints. */
export const loanJobsModule = globalPlugin('sen-loan-jobs', async (app: FastifyInstance) => {
  const { database, businessClock, config, sms, devClock } = app.infra;
  const jobs = new LoanJobs();
  // Two batches at once on PostgreSQL keep two cores busy; PGlite has one session.
  const accrual = new LoanAccrual(database.uow, ACCRUAL_BATCH, database.kind === 'postgres' ? 2 : 1);
  const reminders = new LoanReminders({
    uow: database.uow,
    messages: app.messages,
    sms,
    clock: businessClock,
    log: app.log,
    policy: {
      daysBefore: config.loanJobs.reminderDaysBefore,
      maxPerDay: config.loanJobs.reminderMaxPerDay,
      fromHour: config.loanJobs.reminderFromHour,
      untilHour: config.loanJobs.reminderUntilHour,
      brand: config.productName,
    },
  });
  // New products whose window opened since they were saved are announced (issue 10).
  jobs.add({ name: 'product-openings', run: async () => ({ announced: await app.product.announceOpened() }) });
  // Payouts first: a loan paid out this tick is accrued from tomorrow on.
  jobs.add({ name: 'payout', run: async () => ({ ...(await app.payouts.runDue()) }) });
  jobs.add({
    name: 'accrual',
    run: async () => {
      const { loans, entries, dates, contended } = await accrual.accrueThrough(businessDate(businessClock()));
      return { loans, entries, dates, contended: contended ? 1 : 0 };
    },
  });
  jobs.add({ name: 'reminders', run: () => reminders.run() });
  app.decorate('loanJobs', jobs);

  // Development: move the business clock by days and run the loan jobs now (absent in production:
  // the devClock exists only outside production, app.ts).
  if (devClock && config.nodeEnv !== 'production') {
    registerEndpoint(app, endpoints.devClock, async ({ input, request }) => {
      if (input.reset) devClock.reset();
      if (input.days) devClock.advanceDays(input.days);
      await jobs.runAll(request.log);
      const now = businessClock();
      return { now: now.toISOString(), businessDate: businessDate(now), offsetDays: devClock.days };
    });
  }
  if (config.nodeEnv !== 'production') {
    registerEndpoint(app, endpoints.devRunLoanJobs, async ({ input, request }) => {
      if (!input.only) return jobs.runAll(request.log);
      const job = jobs.jobs.find((candidate) => candidate.name === input.only);
      return job ? job.run() : {};
    });
  }
});
