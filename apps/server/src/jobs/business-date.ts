/** Vietnam has one time zone, UTC+7, and no daylight saving time. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The Vietnam calendar date (YYYY-MM-DD) of an instant: the date sweeps run for. */
export function businessDate(now: Date): string {
  return new Date(now.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}
