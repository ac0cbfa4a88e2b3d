import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/database.ts';
import { seedDemo } from './demo-seed.ts';
import { cleanupSweep } from './jobs/cleanup.sweep.ts';
import { startScheduler, type Scheduler } from './jobs/scheduler.ts';
import { SweepRunner } from './jobs/sweep-runner.ts';

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

  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database });
  let scheduler: Scheduler | null = null;
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await database.close();
  });
  app.log.info({ database: database.kind, sms: config.sms.provider }, 'database ready');
  if (config.seedDemo) await seedDemo(app);
  if (config.jobs.enabled) {
    const clock = () => new Date();
    scheduler = startScheduler({
      runner: new SweepRunner(database.uow, clock, app.log),
      sweeps: [cleanupSweep(database.uow)],
      clock,
      log: app.log,
      intervalMs: config.jobs.intervalSeconds * 1000,
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
  console.error('Sen failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
