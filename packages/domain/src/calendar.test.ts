import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addVietnamDays, daysBetween, familyDateText, vietnamDate, vietnamMidnight } from './calendar.ts';

describe('Vietnam calendar', () => {
  it('dates an instant by the day in Vietnam (UTC+7)', () => {
    expect(vietnamDate(new Date('2026-03-04T16:59:59Z'))).toBe('2026-03-04');
    expect(vietnamDate(new Date('2026-03-04T17:00:00Z'))).toBe('2026-03-05');
    expect(vietnamMidnight('2026-03-05').toISOString()).toBe('2026-03-04T17:00:00.000Z');
  });

  it('adds calendar days across months, leap days and years', () => {
    expect(addVietnamDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addVietnamDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addVietnamDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addVietnamDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(familyDateText('2026-06-15')).toBe('15-06-2026');
  });

  it.each(['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', ''])('refuses %j', (text) => {
    expect(() => addVietnamDays(text, 1)).toThrow(RangeError);
  });

  it('counts back the days it added', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), fc.integer({ min: -4000, max: 4000 }), (instant, days) => {
        const start = vietnamDate(instant);
        expect(daysBetween(start, addVietnamDays(start, days))).toBe(days);
        expect(vietnamDate(vietnamMidnight(start))).toBe(start);
      }),
      { numRuns: 200 },
    );
  });
});
