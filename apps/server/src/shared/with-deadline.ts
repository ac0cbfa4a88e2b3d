/** A promise that gave no answer within its deadline (withDeadline). */
export class DeadlineExceededError extends Error {
  override name = 'DeadlineExceededError';
}

/**
 * `promise`, or a DeadlineExceededError once `ms` have passed without it settling: for a check
 * (a probe, a figure read at scrape time) that must answer late rather than hang its caller. The
 * work itself is not cancelled; its late result or failure is ignored. The timer is cleared as
 * soon as either side settles, so nothing keeps the process alive.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(`no answer within ${ms} ms`)), ms);
  });
  // A late rejection of the abandoned promise must not become an unhandled rejection.
  promise.catch(() => {});
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
