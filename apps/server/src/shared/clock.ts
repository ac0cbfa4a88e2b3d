/** The current time. Injected everywhere time matters so tests move the clock instead of sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
