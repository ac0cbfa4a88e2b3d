import type { FastifyBaseLogger } from 'fastify';

/** A repeating job: work that waits on events (a review requested), not on the calendar. */
export interface Poll {
  name: string;
  /** Does the work that is due; returns counts for the log. Must be safe on several instances at once. */
  run(): Promise<Record<string, number>>;
}

export interface Poller {
  /** Runs the job now (what each tick does); resolves when done. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs a poll every `intervalMs` (and once at start), never two ticks of one process at once. Unlike
 * a sweep (once per business date, decision 011) a poll runs on every tick; it is safe across
 * instances by its own row locks (e.g. the credit review claims rows with SKIP LOCKED and stores
 * one decision per review id — docs/decisions/051). A failure is logged and retried next tick.
 */
export function startPoller(options: { poll: Poll; intervalMs: number; log: FastifyBaseLogger }): Poller {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    running ??= (async () => {
      if (stopped) return;
      try {
        const result = await options.poll.run();
        if (Object.values(result).some((count) => count > 0)) options.log.info({ job: options.poll.name, result }, 'poll done');
      } catch (error) {
        options.log.error({ job: options.poll.name, err: error }, 'poll failed');
      }
    })().finally(() => {
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
