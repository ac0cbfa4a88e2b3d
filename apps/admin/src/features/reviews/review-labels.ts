import type { ReviewCase } from '@sen/contract';
import type { TranslationKey } from '../../locales/en.ts';
import { storedLanguage } from '../../shared/i18n/language.ts';
import type { Tone } from '../../shared/ui/status-tag.tsx';

type Cause = ReviewCase['cause'];
type Status = ReviewCase['status'];
type Outcome = ReviewCase['engine']['outcome'];

export const CAUSES: readonly Cause[] = ['failedRules', 'largeApproval', 'appeal'];

/** Why the case is in the queue, in words (decision 095). */
export function causeLabel(cause: Cause): TranslationKey {
  return `reviews.cause.${cause}`;
}

export function statusTone(status: Status): Tone {
  return status === 'decided' ? 'neutral' : status === 'asked' ? 'info' : 'warning';
}

export function outcomeTone(outcome: Outcome | 'approve' | 'reject'): Tone {
  return outcome === 'approve' ? 'success' : outcome === 'reject' ? 'danger' : 'warning';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a case has waited, in the largest whole unit (minutes under an hour, hours under a day,
 * days after), so the oldest cases stand out in the queue.
 */
export function caseAge(requestedAt: string, now: Date): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const waited = Math.max(0, now.getTime() - new Date(requestedAt).getTime());
  if (waited < HOUR) return { value: Math.floor(waited / MINUTE), unit: 'minute' };
  if (waited < DAY) return { value: Math.floor(waited / HOUR), unit: 'hour' };
  return { value: Math.floor(waited / DAY), unit: 'day' };
}

/** '3 days', '3 ngày': the age in the interface language. */
export function formatAge(requestedAt: string, now: Date = new Date()): string {
  const { value, unit } = caseAge(requestedAt, now);
  return new Intl.NumberFormat(storedLanguage() === 'vn' ? 'vi-VN' : 'en-GB', { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
