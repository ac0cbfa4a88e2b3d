import { TZDate, tz } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, isValid } from 'date-fns';

/**
 * Vietnam's calendar. Loans are dated by the calendar day in Vietnam (Asia/Ho_Chi_Minh, UTC+7, no
 * daylight saving): a loan disbursed at 23:30 Vietnam time on the 5th is a loan of the 5th, even
 * though it is still the 5th in UTC only until 17:00. Dates travel as ISO strings 'YYYY-MM-DD'.
 */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** A calendar date in Vietnam, 'YYYY-MM-DD'. */
export type IsoDate = string;

const inVietnam = tz(VIETNAM_TIME_ZONE);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Vietnam calendar date of an instant. */
export function vietnamDate(instant: Date): IsoDate {
  if (!isValid(instant)) throw new RangeError('Invalid instant');
  return isoOf(new TZDate(instant.getTime(), VIETNAM_TIME_ZONE));
}

/** Midnight at the start of `date` in Vietnam, as an instant (17:00 UTC of the day before). */
export function vietnamMidnight(date: IsoDate): Date {
  return new Date(parseIsoDate(date).getTime());
}

function parseIsoDate(date: IsoDate): TZDate {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new TZDate(year, month - 1, day, VIETNAM_TIME_ZONE);
  if (!isValid(parsed) || parsed.getFullYear() !== year || parsed.getMonth() !== month - 1 || parsed.getDate() !== day) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return parsed;
}

function isoOf(date: TZDate): IsoDate {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Throws unless `date` is a real calendar date written 'YYYY-MM-DD' (cheap: no time zone work). */
export function assertIsoDate(date: IsoDate): void {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (monthDays === undefined || day < 1 || day > monthDays) throw new RangeError(`Not a calendar date: ${date}`);
}

/** Next days already worked out (day-by-day accrual asks for the same few thousand dates). */
const nextDays = new Map<IsoDate, IsoDate>();
const NEXT_DAYS_KEPT = 20_000;

/** `date` plus `days` calendar days (negative goes back). */
export function addVietnamDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  if (days === 1) {
    const known = nextDays.get(date);
    if (known !== undefined) return known;
  }
  const result = isoOf(addDays(parseIsoDate(date), days, { in: inVietnam }));
  if (days === 1) {
    if (nextDays.size >= NEXT_DAYS_KEPT) nextDays.clear();
    nextDays.set(date, result);
  }
  return result;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return differenceInCalendarDays(parseIsoDate(to), parseIsoDate(from), { in: inVietnam });
}

/** The family's date text 'DD-MM-YYYY' (repayTimeStr, applyDateStr). */
export function familyDateText(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  assertIsoDate(date);
  return `${day}-${month}-${year}`;
}
