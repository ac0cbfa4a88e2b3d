import dayjs, { type Dayjs } from 'dayjs';
import { VIETNAM_TIME_ZONE } from './format.ts';

/*
 * antd's date pickers work on dayjs values in the browser's time zone: a time picked on a laptop
 * set to another zone would name another instant than the operator meant. The back office works on
 * Vietnam time (decision 121), so a picker's value carries the Vietnam wall-clock time in its fields
 * and is converted at the edges: an instant to a picker's value to show it, a picker's value to an
 * instant to send it. Date-only values ('YYYY-MM-DD') need no conversion: `dayjs(day)` and
 * `format('YYYY-MM-DD')` keep the calendar day in every zone.
 */

/** Vietnam is UTC+7 all year (no daylight saving). */
const VIETNAM_OFFSET = '+07:00';

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: VIETNAM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a picker's value: its fields are the Vietnam date and time of the instant, whatever the browser's zone. */
export function vietnamPickerValue(instant: string | Date): Dayjs {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return dayjs(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`);
}

/** The instant a picker's value names, its fields read as Vietnam time (ISO 8601, UTC). */
export function instantOfVietnamPicker(value: Dayjs): string {
  return new Date(`${value.format('YYYY-MM-DDTHH:mm:ss')}${VIETNAM_OFFSET}`).toISOString();
}

/** Now, as a picker's value in Vietnam time (for "not after now" checks). */
export function vietnamPickerNow(): Dayjs {
  return vietnamPickerValue(new Date());
}
