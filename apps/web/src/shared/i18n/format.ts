import { INTL_LOCALE, type Language } from '@sen/contract';
// Money only (no calendar code): this module is part of the first route (decision 020).
import { formatVnd } from '@sen/domain/money';

/** The Intl locale of each interface language (one table for the server and the web app). */
export { INTL_LOCALE };

/** A percentage in the language's own way (vn '14,6%', '0,03%'; en '14.6%'). `percent` is in percent (14.6). */
export function formatPercent(percent: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** A decimal number in the language's way (vn '0,04', en '0.04'), up to `maxDigits` decimals; non-numbers as given. */
export function formatDecimal(value: number | string, language: Language, maxDigits = 4): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  return new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: maxDigits }).format(number);
}

/** An APR in percent, always with two decimals in the language's format (21,00 / 21.37), so rates line up and compare (issue 25). */
export function formatApr(percent: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(percent);
}

/** A whole number with the language's grouping (vn '1.000', en '1,000'). */
export function formatInteger(value: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: 0 }).format(value);
}

/** An amount in VND with the language's separators and symbol. */
export function money(amount: number, language: Language): string {
  return formatVnd(BigInt(Math.trunc(amount)), language, { symbol: true });
}

/** '{min} – {max}' in the language's format. */
export function moneyRange(min: number, max: number, language: Language): string {
  return min === max ? money(max, language) : `${money(min, language)} – ${money(max, language)}`;
}

const VIETNAM_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The calendar day (yyyy-MM-dd) of an instant in Vietnam time, the product's one time zone: an
 * agreement accepted at 00:30 on the 26th in Hanoi is the 26th, although it is still the 25th in UTC.
 * Empty for text that is not a time.
 */
export function vietnamDayOf(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : VIETNAM_DAY.format(date);
}

/** A yyyy-MM-dd date in ten characters for tables (dd/MM/yyyy; yyyy/MM/dd in zh); the text as given otherwise. */
export function shortDate(iso: string | null | undefined, fallback: string, language: Language): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return fallback;
  const [, y, m, d] = match;
  return language === 'zh' ? `${y}/${m}/${d}` : `${d}/${m}/${y}`;
}

/** A yyyy-MM-dd date for people: dd/MM/yyyy in vn and en, yyyy年M月d日 in zh; the text as given otherwise. */
export function displayDate(iso: string | null | undefined, fallback: string, language: Language): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return fallback;
  const [, y, m, d] = match;
  return language === 'zh' ? `${y}年${Number(m)}月${Number(d)}日` : `${d}/${m}/${y}`;
}

/**
 * What a borrower types into an amount field, kept readable as they type: the digits only, grouped
 * with the language's thousands separator (vn '5.000.000', en '5,000,000'); '' for no digits.
 * `digitsValue` reads it back as a number (null for none).
 */
export function groupDigits(text: string, language: Language): string {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits === '' ? '' : formatVnd(BigInt(digits), language);
}

export function digitsValue(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}
