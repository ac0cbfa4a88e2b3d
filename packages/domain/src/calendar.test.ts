import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addVietnamDays,
  assertIsoDate,
  daysBetween,
  familyDateText,
  VIETNAM_TIME_ZONE,
  VIETNAM_UTC_OFFSET,
  vietnamDate,
  vietnamDateTime,
  vietnamHour,
  vietnamInstant,
  vietnamMidnight,
} from './calendar.ts';

/** The time-zone database's reading of an instant in Vietnam, the oracle for the fixed offset. */
const zoneClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: VIETNAM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Vietnam has kept +07:00 since 13 June 1975; the oracle holds from then on. */
const instants = fc.date({ min: new Date('1976-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true });
const isoDates = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const times = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 })).map((parts) => parts.map((part) => String(part).padStart(2, '0')).join(':'));

describe('Vietnam calendar', () => {
  it('dates an instant by the day in Vietnam (UTC+7)', () => {
    expect(vietnamDate(new Date('2026-03-04T16:59:59Z'))).toBe('2026-03-04');
    expect(vietnamDate(new Date('2026-03-04T17:00:00Z'))).toBe('2026-03-05');
    expect(vietnamMidnight('2026-03-05').toISOString()).toBe('2026-03-04T17:00:00.000Z');
    expect(vietnamHour(new Date('2026-11-24T00:30:00Z'))).toBe(7);
    expect(vietnamHour(new Date('2026-11-24T17:00:00Z'))).toBe(0);
    expect(vietnamDateTime(new Date('2026-12-31T17:05:09.999Z'))).toBe('2027-01-01 00:05:09');
    expect(vietnamInstant('2026-06-15', '07:30').toISOString()).toBe('2026-06-15T00:30:00.000Z');
    expect(vietnamInstant('2026-06-15', '23:59:59').toISOString()).toBe('2026-06-15T16:59:59.000Z');
  });

  it('reads every instant as the time-zone database does (fixed +07:00 since 1975)', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const zone = zoneClock.format(instant);
        expect(vietnamDateTime(instant)).toBe(zone);
        expect(vietnamDate(instant)).toBe(zone.slice(0, 10));
        expect(vietnamHour(instant)).toBe(Number(zone.slice(11, 13)));
      }),
      { numRuns: 500 },
    );
  });

  it('finds the instant of a Vietnam date and time, and reads it back', () => {
    fc.assert(
      fc.property(isoDates, times, (date, time) => {
        const instant = vietnamInstant(date, time);
        expect(instant.getTime()).toBe(new Date(`${date}T${time}${VIETNAM_UTC_OFFSET}`).getTime());
        expect(vietnamDateTime(instant)).toBe(`${date} ${time}`);
      }),
      { numRuns: 500 },
    );
  });

  it('adds calendar days across months, leap days and years', () => {
    expect(addVietnamDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addVietnamDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addVietnamDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addVietnamDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addVietnamDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(familyDateText('2026-06-15')).toBe('15-06-2026');
  });

  it.each(['2026-02-30', '2026-13-01', '2100-02-29', '0001-02-29', '26-01-01', '2026-1-1', ''])('refuses the date %j', (text) => {
    expect(() => addVietnamDays(text, 1)).toThrow(RangeError);
    expect(() => assertIsoDate(text)).toThrow(RangeError);
  });

  it.each(['24:00', '12:60', '7:30', '12:00:60', 'noon'])('refuses the time %j', (time) => {
    expect(() => vietnamInstant('2026-06-15', time)).toThrow(RangeError);
  });

  it('refuses an invalid instant', () => {
    expect(() => vietnamDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('counts back the days it added, and agrees with the calendar of UTC dates', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -4000, max: 4000 }), (instant, days) => {
        const start = vietnamDate(instant);
        const end = addVietnamDays(start, days);
        expect(daysBetween(start, end)).toBe(days);
        expect(end).toBe(new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10));
        expect(vietnamDate(vietnamMidnight(start))).toBe(start);
        expect(vietnamDate(new Date(vietnamMidnight(start).getTime() - 1))).toBe(addVietnamDays(start, -1));
      }),
      { numRuns: 300 },
    );
  });
});
