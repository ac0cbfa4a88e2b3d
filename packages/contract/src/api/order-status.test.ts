import { describe, expect, it } from 'vitest';
import { translate } from '../messages.ts';
import { ORDER_STATUS, orderStatusLabel, orderStatusMessageKey, PLAN_STATUS, REPAYABLE_ORDER_STATUSES, BATCH_REPAYABLE_ORDER_STATUSES } from './order-status.ts';

/* The statuses Sen sends are the family's (API-FAMILY.md §10); a written-off loan is the family's 35, bad debt (decision 111). */
const FAMILY_ORDER_CODES = [-1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25, 30, 31, 32, 33, 34, 35, 40, 41, 42, 43];
const FAMILY_PLAN_CODES = [14, 15, 23, 30, 31, 32, 34, 35, 40, 41, 42, 43];

describe('order status codes', () => {
  it('are all codes the family’s clients know', () => {
    for (const code of Object.values(ORDER_STATUS)) expect(FAMILY_ORDER_CODES).toContain(code);
    for (const code of Object.values(PLAN_STATUS)) expect(FAMILY_PLAN_CODES).toContain(code);
  });

  it('a written-off loan is 35: the family shows it overdue with the repay button, and batch repayment does not offer it', () => {
    expect(ORDER_STATUS.BAD_DEBTS).toBe(35);
    expect(orderStatusLabel(35)).toBe('overdue');
    expect(REPAYABLE_ORDER_STATUSES).toContain(35);
    expect(BATCH_REPAYABLE_ORDER_STATUSES).not.toContain(35);
    expect(PLAN_STATUS.BAD_DEBTS).toBe(35);
  });

  it('Sen’s own label says written off whatever the code, and never that the debt was forgiven', () => {
    expect(orderStatusMessageKey(35, true)).toBe('order.status.writtenOff');
    expect(orderStatusMessageKey(40, true)).toBe('order.status.writtenOff');
    expect(orderStatusMessageKey(35)).toBe('order.status.overdue');
    expect([translate('vn', 'order.status.writtenOff'), translate('en', 'order.status.writtenOff'), translate('zh', 'order.status.writtenOff')]).toEqual(['Nợ xấu', 'Bad debt', '坏账']);
    expect(translate('vn', 'order.status.writtenOff')).not.toMatch(/xóa nợ/i);
  });
});
