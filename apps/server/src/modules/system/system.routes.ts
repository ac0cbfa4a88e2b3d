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
