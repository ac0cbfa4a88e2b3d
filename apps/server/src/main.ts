import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase, DatabaseUnreachableError } from './db/database.ts';
import { seedDemo } from './demo-seed.ts';
import { accountErasureSweep } from './jobs/account-erasure.sweep.ts';
import { cleanupSweep } from './jobs/cleanup.sweep.ts';
import { startPoller, type Poller } from './jobs/poller.ts';
import { startScheduler, type Scheduler } from './jobs/scheduler.ts';
import { trackingRetentionSweep } from './jobs/tracking-retention.sweep.ts';
import { SweepRunner } from './jobs/sweep-runner.ts';
import { MovableClock } from './shared/clock.ts';

/** Starts Sen: config → database (migrated) → demo seed → app → listen; closes cleanly on signals. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Sen cannot start. ${error.message}\nSee .env.example for every variable.`);
      process.exit(1);
    }
    throw error;
  }

  // Pool errors (a dropped idle connection) are logged through the app's logger once it exists.
  let reportPoolError = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: config.dbPool,
    onPoolError: (error) => reportPoolError(error),
  });
  // Outside production the loans' business clock can be moved forward by days (decision 074).
  const devClock = config.nodeEnv === 'production' ? undefined : new MovableClock();
  const sen = await buildApp({ config, database, ...(devClock ? { devClock } : {}) });
  const { app, services } = sen;
  reportPoolError = (error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one');
  let scheduler: Scheduler | null = null;
  let creditReview: Poller | null = null;
  let loanJobs: Poller | null = null;
  let payouts: Poller | null = null;
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await creditReview?.stop();
    await loanJobs?.stop();
    await payouts?.stop();
    await database.close();
  });
  app.log.info({ database: database.kind, sms: config.sms.provider }, 'database ready');
  if (config.seedDemo) await seedDemo(sen);
  if (config.jobs.enabled) {
    const clock = () => new Date();
    scheduler = startScheduler({
      runner: new SweepRunner(database.uow, clock, app.log),
      sweeps: [cleanupSweep(database.uow), accountErasureSweep(services.accountLifecycle), trackingRetentionSweep(database.uow, config.tracking.retentionDays)],
      clock,
      log: app.log,
      intervalMs: config.jobs.intervalSeconds * 1000,
    });
    // The credit review decides pending reviews as they come (docs/decisions/051).
    creditReview = startPoller({
      poll: { name: 'credit-review', run: () => services.credit.runReviews() },
      intervalMs: config.credit.reviewIntervalSeconds * 1000,
      log: app.log,
    });
    // Payouts are sent and checked every few seconds (decision 073); the loan-jobs tick runs them too.
    payouts = startPoller({
      poll: { name: 'payout', run: async () => ({ ...(await services.payouts.runDue()) }) },
      intervalMs: config.payout.pollSeconds * 1000,
      log: app.log,
    });
    // Payouts, the daily accrual (with catch-up) and reminders: each repeats nothing (decisions 070, 074, 075).
    loanJobs = startPoller({
      poll: { name: 'loan-jobs', run: () => services.loanJobs.runAll(app.log) },
      intervalMs: config.loanJobs.intervalSeconds * 1000,
      log: app.log,
    });
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.info(`Sen is running at http://localhost:${port}`);
}

main().catch((error: unknown) => {
  // DatabaseUnreachableError names host:port and the cause (issue 8, finding 10).
  const cause = error instanceof Error && !(error instanceof DatabaseUnreachableError) && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error('Sen failed to start:', error instanceof Error ? `${error.message.split('\n')[0]}${cause}` : error);
  process.exit(1);
});
