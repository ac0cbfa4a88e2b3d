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
  private offsetDays = 0;

  constructor(private readonly base: Clock = systemClock) {}

  readonly now: Clock = () => new Date(this.base().getTime() + this.offsetDays * DAY_MS);

  get days(): number {
    return this.offsetDays;
  }

  advanceDays(days: number): void {
    if (!Number.isSafeInteger(days) || days < 0 || days > 3660) throw new RangeError(`Not a move forward in days: ${days}`);
    this.offsetDays += days;
  }

  reset(): void {
    this.offsetDays = 0;
  }
}
