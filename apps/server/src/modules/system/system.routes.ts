import { endpoints } from '@sen/contract';
import { vietnamDate } from '@sen/domain';
import type { FastifyInstance } from 'fastify';
import { LOAN_JOB_NAMES } from '../../jobs/scheduled-jobs.ts';
import { DevSmsProvider } from '../../providers/sms/dev-sms-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/**
 * The signing secret, the load balancer's probes (unsigned, no default params) and, in
 * development only, the development SMS outbox, clock and run-jobs endpoints.
 */
export function registerSystemRoutes(app: FastifyInstance, { infra, jobs }: Composition): void {
  const { config, database, sms, secrets, devClock, businessClock } = infra;

  // Public on purpose: signing guards request integrity, not identity (contract secretEndpoint).
  registerEndpoint(app, endpoints.secret, async () => ({ verifySignSecret: secrets.signSecret }));

  registerEndpoint(app, endpoints.health, async () => ({ status: 'ok' as const }));
  registerEndpoint(app, endpoints.healthLive, async () => ({ status: 'ok' as const }));

  // The load balancer's probe (decision 105): the database answers, and Redis when the limits share one.
  // Each check has its own deadline, so a hung dependency fails the probe instead of hanging it.
  registerEndpoint(app, endpoints.healthReady, async ({ request }) => {
    const redisPing = app.senRedisPing;
    const failed: string[] = [];
    await Promise.all([
      withDeadline(database.ping(), READY_CHECK_MS).catch((error: unknown) => {
        failed.push('database');
        request.log.error({ err: error }, 'readiness: database check failed');
      }),
      redisPing
        ? withDeadline(redisPing(), READY_CHECK_MS).catch((error: unknown) => {
            failed.push('redis');
            request.log.error({ err: error }, 'readiness: Redis check failed');
          })
        : undefined,
    ]);
    if (failed.length > 0) throw new AppError('SERVICE_UNAVAILABLE', { data: { failed } });
    return { status: 'ready' as const, checks: { database: 'ok' as const, ...(redisPing ? { redis: 'ok' as const } : {}) } };
  });

  registerEndpoint(app, endpoints.ready, async ({ request }) => {
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    return { status: 'ready' as const };
  });

  if (sms instanceof DevSmsProvider && config.nodeEnv !== 'production') {
    registerEndpoint(app, endpoints.devOutbox, async ({ input }) => ({ messages: sms.messages(input.phone) }));
  }

  // Development: move the business clock by days and run the loans' jobs now (absent in production:
  // the devClock exists only outside production), or run one job now.
  if (devClock && config.nodeEnv !== 'production') {
    registerEndpoint(app, endpoints.devClock, async ({ input }) => {
      if (input.reset) devClock.reset();
      if (input.days) devClock.advanceDays(input.days);
      if (input.toVietnamHour !== undefined) devClock.advanceToVietnamHour(input.toVietnamHour);
      await jobs.runNow(LOAN_JOB_NAMES);
      const now = businessClock();
      return { now: now.toISOString(), businessDate: vietnamDate(now), offsetDays: devClock.days };
    });
  }
  if (config.nodeEnv !== 'production') {
    registerEndpoint(app, endpoints.devRunLoanJobs, async ({ input }) => {
      if (!input.only) return jobs.runNow(LOAN_JOB_NAMES);
      if (!jobs.jobs.some((job) => job.name === input.only)) return {};
      const counts = await jobs.runNow([input.only]);
      return Object.fromEntries(Object.entries(counts).map(([key, count]) => [key.slice(input.only!.length + 1), count]));
    });
  }
}

/** How long each readiness check may take (the balancer's own check timeout is longer). */
const READY_CHECK_MS = 2000;

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
