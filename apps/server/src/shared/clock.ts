/** The current time. Injected everywhere time matters so tests move the clock instead of sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The loans' business clock in development (docs/decisions/074): real time moved forward by whole
 * days, so a journey can reach a due date or an overdue day in seconds. Only loan business reads it
 * (the loan, repayment, credit and product modules and the loan jobs); request signing windows,
 * sessions and OTPs keep real time, or a browser would be signed out by the move. Never in production.
 */
export class MovableClock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  readonly now: Clock = () => new Date(this.base().getTime() + this.offsetMs);

  /** Whole days moved. */
  get days(): number {
    return Math.floor(this.offsetMs / DAY_MS);
  }

  advanceDays(days: number): void {
    if (!Number.isSafeInteger(days) || days < 0 || days > 3660) throw new RangeError(`Not a move forward in days: ${days}`);
    this.offsetMs += days * DAY_MS;
  }

  /**
   * Forward (less than a day) to the next moment the Vietnam clock reads `hour`:00, so a journey
   * whose rule depends on the hour (collections' 07:00–21:00, decision 098) runs the same at any
   * real time of day.
   */
  advanceToVietnamHour(hour: number): void {
    if (!Number.isSafeInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`Not an hour: ${hour}`);
    const now = this.now().getTime();
    const vietnamMs = now + VIETNAM_OFFSET_MS;
    let target = Math.floor(vietnamMs / DAY_MS) * DAY_MS + hour * HOUR_MS;
    if (target <= vietnamMs) target += DAY_MS;
    this.offsetMs += target - vietnamMs;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

const HOUR_MS = 60 * 60 * 1000;
/** Vietnam is UTC+7 all year. */
const VIETNAM_OFFSET_MS = 7 * HOUR_MS;
