import { describe, expect, it } from 'vitest';
import { addVietnamWorkingDays, isVietnamWorkingDay } from './working-days.ts';

describe('Vietnam working days', () => {
  it('Saturday, Sunday and public holidays are not working days', () => {
    expect(isVietnamWorkingDay('2026-11-27')).toBe(true); // Friday
    expect(isVietnamWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isVietnamWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isVietnamWorkingDay('2026-09-02')).toBe(false); // National Day, a Wednesday
    expect(isVietnamWorkingDay('2026-02-18')).toBe(false); // Tết, a Wednesday
  });

  it('two working days after a Thursday is the Monday; after a Friday, the Tuesday', () => {
    expect(addVietnamWorkingDays('2026-11-26', 2)).toBe('2026-11-30');
    expect(addVietnamWorkingDays('2026-11-27', 2)).toBe('2026-12-01');
    // Filed on a Saturday or a Sunday: Monday and Tuesday.
    expect(addVietnamWorkingDays('2026-11-28', 2)).toBe('2026-12-01');
    expect(addVietnamWorkingDays('2026-11-29', 2)).toBe('2026-12-01');
    expect(addVietnamWorkingDays('2026-11-26', 0)).toBe('2026-11-26');
  });

  it('skips the holidays: filed on Wednesday 29 April 2026, due Tuesday 5 May (30 April, 1 May and the weekend off)', () => {
    expect(addVietnamWorkingDays('2026-04-29', 2)).toBe('2026-05-05');
    expect(addVietnamWorkingDays('2026-02-13', 2)).toBe('2026-02-24');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addVietnamWorkingDays('2026-11-26', -1)).toThrow(RangeError);
    expect(() => addVietnamWorkingDays('2026-11-26', 1.5)).toThrow(RangeError);
  });
});
