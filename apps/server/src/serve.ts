import type { Server } from 'node:http';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase, DatabaseUnreachableError } from './db/database.ts';
import { seedDemo } from './demo-seed.ts';
import { MovableClock } from './shared/clock.ts';
import type { PrometheusMetrics } from './shared/prometheus-metrics.ts';

/**
 * Starts Sen: config → database (migrated) → metrics (when METRICS_PORT is set) → demo seed → app
 * → listen; closes cleanly on signals (then `onClose`, the tracing's flush when it is on).
 */
export async function serve({ onClose }: { onClose?: () => Promise<void> } = {}): Promise<void> {
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
    directUrl: config.databaseDirectUrl,
    poolMode: config.databasePoolMode,
    dataDir: config.dataDir,
    pool: config.dbPool,
    onPoolError: (error) => reportPoolError(error),
  });
  // Loaded only when configured: without METRICS_PORT no prom-client code runs (decision 105).
  let metrics: PrometheusMetrics | undefined;
  let reportCollectError = (figure: string, error: unknown) => console.warn(`metrics: ${figure} not read: ${String(error)}`);
  if (config.metrics) {
    metrics = (await import('./shared/prometheus-metrics.ts')).createPrometheusMetrics(database, {
      onCollectError: (figure, error) => reportCollectError(figure, error),
    });
  }
  let metricsServer: Server | undefined;
  // Outside production the loans' business clock can be moved forward by days (decision 074).
  const devClock = config.nodeEnv === 'production' ? undefined : new MovableClock();
  const sen = await buildApp({ config, database, ...(devClock ? { devClock } : {}), ...(metrics ? { metrics } : {}) });
  const { app, jobs } = sen;
  reportPoolError = (error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one');
  reportCollectError = (figure, error) => app.log.warn({ err: error, figure }, 'metrics: a figure could not be read; left out of this scrape');
  app.addHook('onClose', async () => {
    await jobs.stop();
    metricsServer?.close();
    await database.close();
    await onClose?.();
  });
  app.log.info({ database: database.kind, sms: config.sms.provider }, 'database ready');
  // What a crash left in the outbox is delivered before serving (decision 079).
  await sen.services.events.drain();
  if (config.seedDemo) await seedDemo(sen);
  // Every background job, once per period across instances (jobs/scheduled-jobs.ts, decision 085).
  if (config.jobs.enabled) jobs.start();

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
  if (metrics && config.metrics) {
    metricsServer = await metrics.listen(config.metrics.port, config.metrics.host, config.metrics.token);
    const metricsAddress = metricsServer.address();
    app.log.info({ metrics: typeof metricsAddress === 'object' && metricsAddress ? `${metricsAddress.address}:${metricsAddress.port}` : metricsAddress }, 'metrics listening');
  }
  console.info(`Sen is running at http://localhost:${port}`);
}

/** Why Sen did not start, on one line. DatabaseUnreachableError names host:port and the cause (issue 8, finding 10). */
export function startFailure(error: unknown): string {
  const cause = error instanceof Error && !(error instanceof DatabaseUnreachableError) && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return error instanceof Error ? `${error.message.split('\n')[0]}${cause}` : String(error);
}
