import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { vietnamDate } from '@sen/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { Clock } from '../shared/clock.ts';
import { noMetrics, type Metrics } from '../shared/metrics.ts';
import { JobRepository } from './job.repository.ts';

/** When a job is due: once per Vietnam business date, or once per interval slot. */
export type JobSchedule = { daily: true } | { everyMs: number };

export interface JobContext {
  /** The period this run is for (a business date, an interval slot's start, or `now:<time>` by hand). */
  period: string;
  now: Date;
}

/**
 * One background job (decision 085): a name, its schedule and what one run does, returning row
 * counts for the run record and the log. Every job is idempotent: a run cut short is taken again.
 */
export interface JobDefinition {
  name: string;
  schedule: JobSchedule;
  /**
   * Daily set-based sweeps run with their run record in one transaction (the work and its
   * record commit together). Jobs that call providers manage their own transactions.
   */
  transactional?: boolean;
  run(context: JobContext): Promise<Record<string, number>>;
}

export type JobOutcome = { status: 'ran'; result: Record<string, number> } | { status: 'skipped'; reason: 'leased' | 'done' } | { status: 'failed'; error: unknown };

export interface JobRunnerOptions {
  uow: UnitOfWork;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobDefinition[];
  /** How often the runner looks for due jobs. */
  tickMs: number;
  /** How long a lease lasts without renewal; a run renews it every third of this. */
  leaseMs?: number;
  /** Runs, durations and lag (sen_job_*); nothing when metrics are off. */
  metrics?: Metrics;
}

const DEFAULT_LEASE_MS = 5 * 60_000;

/**
 * The one runner of every background job, poller and sweep (decision 085). Each tick, every due
 * job runs once per period across all instances: a lease per job (job_leases) keeps two
 * instances from running it at once, and a run record per period (job_runs, unique by job and
 * period) keeps it from running twice for one period. `runNow` runs jobs at once (the development
 * endpoints); `stop` waits for the runs in progress.
 */
export class JobRunner {
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly repository: JobRepository;
  private readonly leaseMs: number;
  private readonly running = new Map<string, Promise<JobOutcome>>();
  /** The last period each job was seen done in: a tick asks the database only about a new period. */
  private readonly lastDone = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.repository = new JobRepository(options.uow);
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  get jobs(): readonly JobDefinition[] {
    return this.options.jobs;
  }

  /** Ticks now and every `tickMs` until stopped. */
  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
    void this.tick();
  }

  /** Runs every job that is due now, once per period (never two ticks of this process at once). */
  tick(): Promise<void> {
    this.ticking ??= (async () => {
      const now = this.options.clock();
      for (const job of this.options.jobs) {
        if (this.stopped) return;
        const period = periodOf(job.schedule, now);
        if (this.lastDone.get(job.name) === period) continue;
        const outcome = await this.runFor(job, period);
        if (outcome.status === 'ran' || (outcome.status === 'skipped' && outcome.reason === 'done')) this.lastDone.set(job.name, period);
      }
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** Runs one job for the period its schedule is due for now (what a tick does for it). */
  runScheduled(name: string): Promise<JobOutcome> {
    const job = this.job(name);
    return this.runFor(job, periodOf(job.schedule, this.options.clock()));
  }

  /** Runs the named jobs (all when none are named) now, in order, whatever their schedule; their counts by `job.key`. */
  async runNow(names?: readonly string[]): Promise<Record<string, number>> {
    const chosen = names ? names.map((name) => this.job(name)) : this.options.jobs;
    const counts: Record<string, number> = {};
    let failure: unknown = null;
    for (const job of chosen) {
      const outcome = await this.runFor(job, `now:${this.options.clock().toISOString()}:${randomBytes(3).toString('hex')}`, { waitForLease: true });
      if (outcome.status === 'failed') failure ??= outcome.error;
      if (outcome.status === 'ran') for (const [key, count] of Object.entries(outcome.result)) counts[`${job.name}.${key}`] = count;
    }
    if (failure) throw failure;
    return counts;
  }

  /** Stops ticking and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled(this.running.values());
  }

  private job(name: string): JobDefinition {
    const job = this.options.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`no job named ${name}`);
    return job;
  }

  /** One run of a job for a period, unless another instance holds its lease or the period is done. */
  private runFor(job: JobDefinition, period: string, options: { waitForLease?: boolean } = {}): Promise<JobOutcome> {
    // This process runs one job once at a time; a second call waits for the first and then tries its own period.
    const previous = this.running.get(job.name);
    const run = (previous ? previous.catch(() => null) : Promise.resolve(null)).then(() => this.measuredRun(job, period, options.waitForLease ?? false));
    this.running.set(job.name, run);
    void run.finally(() => {
      if (this.running.get(job.name) === run) this.running.delete(job.name);
    });
    return run;
  }

  /** A leased run, reported to the metrics: result, duration, and lag behind its period's start. */
  private async measuredRun(job: JobDefinition, period: string, waitForLease: boolean): Promise<JobOutcome> {
    const metrics = this.options.metrics ?? noMetrics;
    if (!metrics.enabled) return this.leasedRun(job, period, waitForLease);
    const started = performance.now();
    const startedAt = this.options.clock().getTime();
    const outcome = await this.leasedRun(job, period, waitForLease);
    const periodStart = periodStartOf(period);
    metrics.jobRun(job.name, outcome.status, (performance.now() - started) / 1000, periodStart === null ? null : Math.max(0, (startedAt - periodStart) / 1000));
    return outcome;
  }

  private async leasedRun(job: JobDefinition, period: string, waitForLease: boolean): Promise<JobOutcome> {
    const { clock, log, uow } = this.options;
    const expires = () => new Date(clock().getTime() + this.leaseMs);
    for (let attempt = 0; !(await this.repository.acquireLease(job.name, this.holder, clock(), expires())); attempt += 1) {
      if (!waitForLease || attempt >= 100) return { status: 'skipped', reason: 'leased' };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const renewal = setInterval(() => {
      this.repository.renewLease(job.name, this.holder, expires()).then(
        (kept) => kept || log.error({ job: job.name }, 'job lease lost while running'),
        (error: unknown) => log.warn({ job: job.name, err: error }, 'job lease not renewed'),
      );
    }, this.leaseMs / 3);
    renewal.unref();
    try {
      const startedAt = clock();
      const runId = await this.repository.claimPeriod(job.name, period, this.holder, startedAt);
      if (!runId) return { status: 'skipped', reason: 'done' };
      try {
        const context = { period, now: startedAt };
        const result = job.transactional
          ? await uow.transaction(async () => {
              const counts = await job.run(context);
              await this.repository.finish(runId, clock(), counts);
              return counts;
            })
          : await job.run(context);
        if (!job.transactional) await this.repository.finish(runId, clock(), result);
        if ('daily' in job.schedule || Object.values(result).some((count) => count > 0)) log.info({ job: job.name, period, result }, 'job done');
        return { status: 'ran', result };
      } catch (error) {
        log.error({ job: job.name, period, err: error }, 'job failed');
        await this.repository.fail(runId, clock(), error instanceof Error ? error.message : String(error));
        return { status: 'failed', error };
      }
    } finally {
      clearInterval(renewal);
      await this.repository.releaseLease(job.name, this.holder);
    }
  }
}

/** The period a schedule is due for at `now`: the business date, or the start of the interval slot. */
export function periodOf(schedule: JobSchedule, now: Date): string {
  if ('daily' in schedule) return vietnamDate(now);
  return new Date(Math.floor(now.getTime() / schedule.everyMs) * schedule.everyMs).toISOString();
}

/** When a period began (ms): an interval slot's ISO start or a Vietnam business date's midnight; null for a run by hand. */
export function periodStartOf(period: string): number | null {
  if (period.startsWith('now:')) return null;
  const start = /^\d{4}-\d{2}-\d{2}$/.test(period) ? Date.parse(`${period}T00:00:00+07:00`) : Date.parse(period);
  return Number.isNaN(start) ? null : start;
}
