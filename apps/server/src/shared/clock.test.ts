import { vietnamDateTime } from '@sen/domain';
import { describe, expect, it } from 'vitest';
import { MovableClock } from './clock.ts';

describe('the movable development clock', () => {
  it('moves forward by days, then to the next given hour in Vietnam, and back with reset', () => {
    const base = new Date('2026-11-26T15:30:00Z'); // 22:30 in Vietnam
    const clock = new MovableClock(() => base);
    clock.advanceToVietnamHour(10);
    expect(vietnamDateTime(clock.now())).toBe('2026-11-27 10:00:00');
    expect(clock.days).toBe(0);
    clock.advanceDays(2);
    expect(vietnamDateTime(clock.now())).toBe('2026-11-29 10:00:00');
    expect(clock.days).toBe(2);
    // Already 10:00: the next 10:00 is tomorrow's.
    clock.advanceToVietnamHour(10);
    expect(vietnamDateTime(clock.now())).toBe('2026-11-30 10:00:00');
    clock.advanceToVietnamHour(23);
    expect(vietnamDateTime(clock.now())).toBe('2026-11-30 23:00:00');
    expect(() => clock.advanceToVietnamHour(24)).toThrow(RangeError);
    clock.reset();
    expect(clock.now()).toEqual(base);
  });
});
