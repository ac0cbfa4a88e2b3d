import type { BreachView } from '@sen/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { BreachTable } from './breaches-page.tsx';

const breach = (change: Partial<BreachView>): BreachView => ({
  id: 1,
  discoveredAt: '2026-11-20T00:00:00.000Z',
  description: 'A support laptop was stolen',
  dataAffected: 'Names and phones',
  borrowersAffected: 120,
  notifyBy: '2026-11-23T00:00:00.000Z',
  notifiedAt: null,
  notificationReference: null,
  recordedBy: { id: 1, email: 'a@sen.test', name: 'Admin' },
  recordedAt: '2026-11-20T01:00:00.000Z',
  notifiedBy: null,
  ...change,
});

beforeEach(async () => {
  await changeLanguage('en');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  return changeLanguage('vn');
});

describe('the breach register', { timeout: 30_000 }, () => {
  it('counts down the 72 hours, highlights a breach past them, and shows a notified one with its reference', () => {
    render(
      <BreachTable
        list={[
          breach({ id: 1 }),
          breach({ id: 2, discoveredAt: '2026-11-18T00:00:00.000Z', notifyBy: '2026-11-21T00:00:00.000Z' }),
          breach({ id: 3, notifiedAt: '2026-11-21T08:00:00.000Z', notificationReference: 'A05-2026-0042', notifiedBy: { id: 1, email: 'a@sen.test', name: 'Admin' } }),
        ]}
        onNotify={() => undefined}
      />,
    );
    const open = screen.getByTestId('breach-timer-1');
    expect(open).toHaveTextContent('12 h 0 min left');
    expect(open.closest('tr')).not.toHaveClass('row--overdue');
    const late = screen.getByTestId('breach-timer-2');
    expect(late).toHaveTextContent('Overdue by 1 d 12 h');
    expect(late.closest('tr')).toHaveClass('row--overdue');
    expect(screen.getByText(/A05-2026-0042/).closest('tr')).toHaveTextContent('Notified');
    expect(screen.getByLabelText('Mark breach #1 notified')).toBeInTheDocument();
    expect(screen.queryByLabelText('Mark breach #3 notified')).toBeNull();
  });
});
