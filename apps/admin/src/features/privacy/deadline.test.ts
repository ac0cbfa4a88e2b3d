import { describe, expect, it } from 'vitest';
import { breachDeadline, endOfVietnamDay, requestDeadline, spanParts } from './deadline.ts';

const open = { state: 'open' as const, acknowledgedAt: '2026-11-27T03:00:00.000Z', acknowledgeDue: '2026-12-01', due: '2026-12-12', extendedDue: null };

describe('deadlines', () => {
  it('a Vietnam day ends at 17:00 UTC', () => {
    expect(endOfVietnamDay('2026-12-12').toISOString()).toBe('2026-12-12T17:00:00.000Z');
  });

  it('an open request counts down to the end of its due day, or of the extended one; overdue after it', () => {
    expect(requestDeadline(open, new Date('2026-12-10T17:00:00.000Z'))).toMatchObject({ kind: 'complete', msLeft: 2 * 86_400_000, overdue: false, tone: 'info' });
    expect(requestDeadline(open, new Date('2026-12-12T16:00:00.000Z'))).toMatchObject({ overdue: false, tone: 'warning' });
    expect(requestDeadline(open, new Date('2026-12-12T17:00:01.000Z'))).toMatchObject({ overdue: true, tone: 'danger' });
    expect(requestDeadline({ ...open, extendedDue: '2026-12-27' }, new Date('2026-12-13T00:00:00.000Z'))).toMatchObject({ overdue: false, tone: 'info' });
    expect(requestDeadline({ ...open, state: 'completed' }, new Date())).toBeNull();
  });

  it('a breach has 72 hours from its discovery, none once notified', () => {
    const breach = { discoveredAt: '2026-11-20T00:00:00.000Z', notifyBy: '2026-11-23T00:00:00.000Z', notifiedAt: null };
    expect(breachDeadline(breach, new Date('2026-11-22T12:00:00.000Z'))).toMatchObject({ overdue: false, tone: 'warning', msLeft: 12 * 3_600_000 });
    expect(breachDeadline(breach, new Date('2026-11-23T00:00:01.000Z'))).toMatchObject({ overdue: true, tone: 'danger' });
    expect(breachDeadline({ ...breach, notifiedAt: '2026-11-21T00:00:00.000Z' }, new Date())).toBeNull();
  });

  it('splits a span into days, hours and minutes', () => {
    expect(spanParts(-(2 * 86_400_000 + 3 * 3_600_000 + 5 * 60_000))).toEqual({ days: 2, hours: 3, minutes: 5 });
  });
});
