import { translate } from '../i18n/i18n.ts';
import { storedLanguage } from '../i18n/language.ts';

/** Operators work on Vietnam's time whatever their browser's zone (the business runs on it). */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';

function locale(): string {
  return storedLanguage() === 'vn' ? 'vi-VN' : 'en-GB';
}

/** A Vietnam calendar day as YYYY-MM-DD (what the API's day filters take). */
export function vietnamDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: VIETNAM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** An instant in Vietnam time, to the minute. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { timeZone: VIETNAM_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * The bank's time of a transfer as its statement and webhook write it ('2026-11-26 14:02:37',
 * Vietnam wall-clock time, no zone), written as formatDateTime writes an instant; any other text
 * as it came.
 */
export function formatBankTime(text: string | null | undefined): string {
  if (!text) return '—';
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(text.trim());
  return match ? formatDateTime(`${match[1]}T${match[2]}+07:00`) : text;
}

/** A calendar day (YYYY-MM-DD, a due day) written as formatDateTime writes its day: a table never mixes '2026-12-12' with '27 Nov 2026'. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return new Intl.DateTimeFormat(locale(), { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${day}T00:00:00Z`));
}

/** An integer number of VND with the language's thousands separators. */
export function formatVnd(amount: number): string {
  return `${new Intl.NumberFormat(locale(), { maximumFractionDigits: 0 }).format(amount)} ₫`;
}

export function formatNumber(value: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: fractionDigits, minimumFractionDigits: fractionDigits }).format(value);
}

/** A share 0..1 as a percentage. */
export function formatPercent(share: number): string {
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A rate in parts per million as a percentage (300 ppm = 0.03 %, 450 ppm = 0.045 %): two to four decimals. */
export function formatPpm(ppm: number): string {
  return `${new Intl.NumberFormat(locale(), { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(ppm / 10_000)} %`;
}

/** Yes / No in the interface language. */
export function formatBoolean(value: boolean): string {
  return translate(value ? 'common.yes' : 'common.no');
}
