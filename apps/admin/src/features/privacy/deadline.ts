import { BREACH_NOTIFY_HOURS, type AdminDataRequest, type BreachView } from '@sen/contract';
import type { Tone } from '../../shared/ui/status-tag.tsx';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A deadline as the queue shows it: when it ends, how long is left (negative: overdue), and its tone. */
export interface Deadline {
  endsAt: Date;
  msLeft: number;
  overdue: boolean;
  tone: Tone;
}

/** The end of a Vietnam day 'YYYY-MM-DD': midnight at the start of the next day, Vietnam time (UTC+7, no daylight saving). */
export function endOfVietnamDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00+07:00`) + DAY_MS);
}

function deadline(endsAt: Date, now: Date, soonMs: number): Deadline {
  const msLeft = endsAt.getTime() - now.getTime();
  return { endsAt, msLeft, overdue: msLeft < 0, tone: msLeft < 0 ? 'danger' : msLeft < soonMs ? 'warning' : 'info' };
}

/**
 * The clock of an open request (decision 116): to acknowledge it when it is not acknowledged yet
 * (by the end of its acknowledge day), else to complete it (by the end of its due day, or of the
 * extended one). Warning in the last 2 days. Null for a closed request.
 */
export function requestDeadline(request: Pick<AdminDataRequest, 'state' | 'acknowledgedAt' | 'acknowledgeDue' | 'due' | 'extendedDue'>, now: Date): (Deadline & { kind: 'acknowledge' | 'complete' }) | null {
  if (request.state !== 'open') return null;
  if (!request.acknowledgedAt) return { kind: 'acknowledge', ...deadline(endOfVietnamDay(request.acknowledgeDue), now, DAY_MS) };
  return { kind: 'complete', ...deadline(endOfVietnamDay(request.extendedDue ?? request.due), now, 2 * DAY_MS) };
}

/** The 72-hour clock of a breach not yet notified (warning in the last 24 hours); null once notified. */
export function breachDeadline(breach: Pick<BreachView, 'notifyBy' | 'notifiedAt' | 'discoveredAt'>, now: Date): Deadline | null {
  if (breach.notifiedAt) return null;
  const endsAt = breach.notifyBy ? new Date(breach.notifyBy) : new Date(Date.parse(breach.discoveredAt) + BREACH_NOTIFY_HOURS * HOUR_MS);
  return deadline(endsAt, now, DAY_MS);
}

/** Days, hours and minutes of a span (its absolute value), for '{days} d {hours} h' texts. */
export function spanParts(ms: number): { days: number; hours: number; minutes: number } {
  const minutesTotal = Math.floor(Math.abs(ms) / 60_000);
  return { days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60 };
}
