import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../shared/clock.ts';
import { businessDate } from './business-date.ts';
import type { Sweep, SweepRunner } from './sweep-runner.ts';

export interface Scheduler {
  /** Runs every due sweep now (what each tick does); resolves when they are done. */
  tick(): Promise<void>;
  /** Stops ticking and waits for a tick in progress. */
  stop(): Promise<void>;
}

/**
 * Checks every `intervalMs` (and once at start) whether each sweep has run for today's business
 * date, and runs it if not. Every instance schedules; the runner makes sure one of them does the
 * work. A failing sweep is logged and tried again on the next tick; it never stops the server.
 */
export function startScheduler(options: {
  runner: SweepRunner;
  sweeps: Sweep[];
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs: number;
}): Scheduler {
  let running: Promise<void> | null = null;
  let stopped = false;

  const runDue = async () => {
    const date = businessDate(options.clock());
    for (const sweep of options.sweeps) {
      if (stopped) return;
      try {
        await options.runner.run(sweep, date);
      } catch (error) {
        options.log.error({ job: sweep.name, businessDate: date, err: error }, 'sweep failed');
      }
    }
  };
  const tick = () => {
    running ??= runDue().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  void tick();
  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
