import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { businessDate } from '../../jobs/business-date.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** Outside production: the development clock and the endpoint that runs the loans' jobs now. */
export function registerLoanJobsRoutes(app: FastifyInstance, { infra: { config, devClock, businessClock }, services: { loanJobs: jobs } }: Composition): void {
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
}
