/**
 * Vietnam's calendar and clock: the one source of "today in Vietnam" for every package. Loans are
 * dated by the calendar day in Vietnam (Asia/Ho_Chi_Minh): a loan disbursed at 23:30 Vietnam time on
 * the 5th is a loan of the 5th, even though it is still the 5th in UTC only until 17:00.
 *
 * Vietnam has kept UTC+07:00 without daylight saving since 1975, so everything here is a fixed
 * offset and plain UTC arithmetic (no time-zone database; the property tests hold it to the zone's
 * rules through Intl). Dates travel as ISO strings 'YYYY-MM-DD'.
 */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** Vietnam's offset from UTC as ISO 8601 writes it. */
export const VIETNAM_UTC_OFFSET = '+07:00';

const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date in Vietnam, 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant shifted so that its UTC fields read Vietnam's wall clock. */
function wallClock(instant: Date): Date {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid instant');
  return new Date(time + VIETNAM_OFFSET_MS);
}

/** The Vietnam calendar date of an instant. */
export function vietnamDate(instant: Date): IsoDate {
  return wallClock(instant).toISOString().slice(0, 10);
}

/** The hour of the day (0-23) in Vietnam at an instant. */
export function vietnamHour(instant: Date): number {
  return wallClock(instant).getUTCHours();
}

/** An instant as Vietnam's wall clock reads it: 'YYYY-MM-DD HH:mm:ss'. */
export function vietnamDateTime(instant: Date): string {
  return wallClock(instant).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The instant of a Vietnam date and wall-clock time ('HH:mm' or 'HH:mm:ss', midnight when
 * omitted). Throws on a date or time that does not exist.
 */
export function vietnamInstant(date: IsoDate, time = '00:00:00'): Date {
  const day = dayNumber(date);
  const match = TIME.exec(time);
  if (!match) throw new RangeError(`Not a time (HH:mm[:ss]): ${time}`);
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) throw new RangeError(`Not a time of day: ${time}`);
  return new Date(day * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 - VIETNAM_OFFSET_MS);
}

/** Midnight at the start of `date` in Vietnam, as an instant (17:00 UTC of the day before). */
export function vietnamMidnight(date: IsoDate): Date {
  return vietnamInstant(date);
}

/** Days since 1970-01-01 of a real calendar date written 'YYYY-MM-DD'; throws otherwise. */
function dayNumber(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear takes them literally.
  if (year < 100) check.setUTCFullYear(year);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return Math.round(check.getTime() / DAY_MS);
}

function dateOfDayNumber(day: number): IsoDate {
  const text = new Date(day * DAY_MS).toISOString();
  if (text.length !== 24) throw new RangeError(`Date out of range: day ${day}`);
  return text.slice(0, 10);
}

/** Throws unless `date` is a real calendar date written 'YYYY-MM-DD'. */
export function assertIsoDate(date: IsoDate): void {
  dayNumber(date);
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
  const result = dateOfDayNumber(dayNumber(date) + days);
  if (days === 1) {
    if (nextDays.size >= NEXT_DAYS_KEPT) nextDays.clear();
    nextDays.set(date, result);
  }
  return result;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** The family's date text 'DD-MM-YYYY' (repayTimeStr, applyDateStr). */
export function familyDateText(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  assertIsoDate(date);
  return `${day}-${month}-${year}`;
}
