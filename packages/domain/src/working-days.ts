import { addVietnamDays, type IsoDate } from './calendar.ts';

/**
 * Vietnam's working days, for legal deadlines counted in them (the data-subject requests of the Law
 * on Personal Data Protection 91/2025 and Decree 356/2025: acknowledge within 2 working days).
 * Saturdays and Sundays are not working days, nor the public holidays below (Labour Code 2019
 * art. 112, with the days off the government announces for each year, compensating days included).
 *
 * The list is data: extend it each year from the government's announcement (decision 116). A
 * holiday missing from it makes a deadline one day earlier, never later, than the law allows.
 */
export const VIETNAM_PUBLIC_HOLIDAYS: readonly IsoDate[] = [
  // 2026
  '2026-01-01', // New Year's Day
  '2026-02-16', // Tết Nguyên Đán (16–20 February; with the weekends, 14–22 February)
  '2026-02-17',
  '2026-02-18',
  '2026-02-19',
  '2026-02-20',
  '2026-04-27', // Hùng Kings' Commemoration (10/3 lunar is Sunday 26 April; the Monday off instead)
  '2026-04-30', // Reunification Day
  '2026-05-01', // International Labour Day
  '2026-09-01', // National Day (two days)
  '2026-09-02',
  // 2027
  '2027-01-01', // New Year's Day
];

const HOLIDAYS = new Set(VIETNAM_PUBLIC_HOLIDAYS);

/** The day of the week of a Vietnam date: 0 Sunday … 6 Saturday. */
function weekday(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Whether `date` is a working day in Vietnam (not a Saturday, Sunday or public holiday). */
export function isVietnamWorkingDay(date: IsoDate): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !HOLIDAYS.has(date);
}

/**
 * The `count`-th working day after `date` (the day itself does not count, whatever it is): a
 * request filed on Friday with 2 working days is due on Tuesday.
 */
export function addVietnamWorkingDays(date: IsoDate, count: number): IsoDate {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a count of working days: ${count}`);
  let day = date;
  let left = count;
  while (left > 0) {
    day = addVietnamDays(day, 1);
    if (isVietnamWorkingDay(day)) left -= 1;
  }
  return day;
}
