import { vietnamDate } from '@sen/domain';
import type { Services } from '../compose.ts';
import type { Infra } from '../shared/infra.ts';
import { accountErasureSweep } from './account-erasure.sweep.ts';
import { cleanupSweep } from './cleanup.sweep.ts';
import type { JobDefinition } from './job-runner.ts';
import { trackingRetentionSweep } from './tracking-retention.sweep.ts';

/** The loans' jobs in the order the development clock runs them (a loan paid out is accrued from tomorrow on). */
export const LOAN_JOB_NAMES = ['product-openings', 'payout', 'refunds', 'accrual', 'write-off', 'reminders'] as const;

/**
 * Every background job of the server with its schedule (decision 085): what `JobRunner` runs.
 * Interval jobs are pollers whose work waits on events (a review requested, a payout due); daily
 * jobs are set-based sweeps once per Vietnam business date. Each is idempotent and safe on several
 * instances (their own row locks, and the runner's lease and run record per period).
 */
export function scheduledJobs({ config, database, businessClock, metrics }: Infra, services: Services): JobDefinition[] {
  const seconds = (value: number) => ({ everyMs: value * 1000 });
  return [
    // Events a crash left undelivered, and retries of failed handlers (decision 079).
    { name: 'outbox', schedule: seconds(config.outboxDrainSeconds), run: async () => ({ ...(await services.events.drain()) }) },
    // Pending credit reviews are decided as they come (decision 051).
    { name: 'credit-review', schedule: seconds(config.credit.reviewIntervalSeconds), run: async () => ({ ...(await services.credit.runReviews()) }) },
    // New products whose window opened since they were saved are announced (issue 10).
    { name: 'product-openings', schedule: seconds(config.loanJobs.intervalSeconds), run: async () => ({ announced: await services.product.announceOpened() }) },
    // Payouts are sent and checked every few seconds (decisions 057, 073).
    {
      name: 'payout',
      schedule: seconds(config.payout.pollSeconds),
      run: async () => {
        const run = { ...(await services.payouts.runDue()) };
        metrics.payouts(run);
        return run;
      },
    },
    // The daily accrual through today, catching up missed dates (decision 074).
    {
      name: 'accrual',
      schedule: seconds(config.loanJobs.intervalSeconds),
      run: async () => {
        const { loans, entries, dates, contended } = await services.accrual.accrueThrough(vietnamDate(businessClock()));
        return { loans, entries, dates, contended: contended ? 1 : 0 };
      },
    },
    // Repayment reminders within the hours and limits of decision 075.
    { name: 'reminders', schedule: seconds(config.loanJobs.intervalSeconds), run: () => services.reminders.run() },
    // Four-eyes proposals nobody decided within PROPOSAL_EXPIRY_DAYS expire, each with its audit row (decision 091).
    { name: 'proposal-expiry', schedule: seconds(config.loanJobs.intervalSeconds), run: async () => ({ expired: await services.proposals.expireDue() }) },
    // The dashboards' daily aggregates through yesterday, catching up missed dates (decision 096).
    {
      name: 'dashboard-aggregates',
      schedule: { daily: true },
      run: async () => ({ ...(await services.dashboard.aggregateThrough(vietnamDate(businessClock()))) }),
    },
    // Collection cases opened, moved, closed and assigned; promises decided; dunning sent through the governor (decisions 098, 099).
    { name: 'collections', schedule: seconds(config.loanJobs.intervalSeconds), run: () => services.collections.run() },
    // Restructure offers left past their validity are marked expired and their requests reopened (decisions 117, 121).
    { name: 'restructure-offers', schedule: seconds(config.loanJobs.intervalSeconds), run: () => services.restructures.expireDue() },
    // Refunds of overpayments are sent and checked like payouts (decision 100).
    { name: 'refunds', schedule: seconds(config.payout.pollSeconds), run: async () => ({ ...(await services.refunds.runDue()) }) },
    // Loans WRITE_OFF_DAYS_PAST_DUE days past due are written off, once per business date (decision 100).
    { name: 'write-off', schedule: { daily: true }, run: async () => ({ ...(await services.writeOffs.runDue()) }) },
    cleanupSweep(database.uow),
    accountErasureSweep(services.accountLifecycle),
    trackingRetentionSweep(database.uow, config.tracking.retentionDays),
  ];
}
