/** The Vietnam calendar date (YYYY-MM-DD) of an instant: the date sweeps run for. Kept as a name of the domain's calendar. */
export { vietnamDate as businessDate } from '@sen/domain';
