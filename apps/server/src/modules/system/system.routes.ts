import { endpoints, type ReadinessResponse } from '@sen/contract';
import { vietnamDate } from '@sen/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { LOAN_JOB_NAMES } from '../../jobs/scheduled-jobs.ts';
import { DevSmsProvider } from '../../providers/sms/dev-sms-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { withDeadline } from '../../shared/with-deadline.ts';

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

  // The load balancer's probe and its older name answer the same (decisions 105, 109).
  const ready = readiness(database, app.senRedisPing);
  registerEndpoint(app, endpoints.healthReady, async ({ request }) => ready(request));
  registerEndpoint(app, endpoints.ready, async ({ request }) => ready(request));

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

/**
 * How long the database check may take. HAProxy's check timeout (deploy/haproxy.cfg, `timeout
 * check`) is longer, so a slow database is reported as a 503, not as a probe that timed out.
 */
const READY_DATABASE_MS = 2000;
/** Redis only informs: a short wait, so a hung Redis never makes the probe itself slow. */
const READY_REDIS_MS = 300;

/**
 * Readiness (decision 109): ready when the database answers. Redis, when the rate limits share
 * one, is reported but does not fail readiness: while it is away the limits let requests pass
 * (plugins/security.ts, skipOnError; decision 084), so each instance can still serve, and since
 * every instance shares that Redis, failing on it would take all of them out of the balancer at
 * once. Each check has its own deadline, so a hung dependency never hangs the probe.
 */
export function readiness(database: Pick<Database, 'ping'>, redisPing: (() => Promise<unknown>) | null) {
  return async (request: FastifyRequest): Promise<ReadinessResponse> => {
    const [databaseUp, redisUp] = await Promise.all([
      withDeadline(database.ping(), READY_DATABASE_MS).then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error }, 'readiness: the database does not answer');
          return false;
        },
      ),
      // Not logged: the rate-limit store logs its own outage once a minute (plugins/security.ts).
      redisPing ? withDeadline(redisPing(), READY_REDIS_MS).then(() => true, () => false) : undefined,
    ]);
    if (!databaseUp) throw new AppError('SERVICE_UNAVAILABLE', { data: { failed: ['database'] } });
    return { status: 'ready', checks: { database: 'ok', ...(redisUp === undefined ? {} : { redis: redisUp ? 'ok' : 'down' }) } };
  };
}
