import { describe, expect, it } from 'vitest';
import { changeRows, collectionRulesFields, flatten, proposedItem } from './changes.ts';

describe('proposal changes', () => {
  it('flattens nested objects and keeps arrays whole', () => {
    expect(flatten({ a: { b: 1 }, plans: [1, 3], c: null })).toEqual({ 'a.b': 1, plans: [1, 3], c: null });
  });

  it('marks changed and new fields, leaves out fields only the old record has', () => {
    const rows = changeRows({ code: 'p', dailyRatePpm: 300, id: 7, updatedAt: 'x' }, { code: 'p', dailyRatePpm: 350, tags: ['new'] });
    expect(rows).toEqual([
      { field: 'dailyRatePpm', before: '300', after: '350', changed: true },
      { field: 'tags', before: '', after: '["new"]', changed: true },
      { field: 'code', before: 'p', after: 'p', changed: false },
    ]);
  });

  it('shows a new item with empty before values and nothing marked', () => {
    expect(changeRows(null, { code: 'p' })).toEqual([{ field: 'code', before: '', after: 'p', changed: false }]);
  });

  it('unwraps a product change payload', () => {
    expect(proposedItem({ product: { code: 'p' }, reason: 'why' })).toEqual({ code: 'p' });
    expect(proposedItem({ code: 'p' })).toEqual({ code: 'p' });
  });

  it('shows a collection rules change bucket by bucket, step by step, template by template; dropped ones as removed or withdrawn', () => {
    const template = (code: string, bodyEn: string) => ({ code, channel: 'sms', bodyVn: 'Khoan vay {orderNo}', bodyEn, approved: true });
    const before = {
      buckets: [{ code: '1-10', minDays: 1, maxDays: 10 }, { code: '11+', minDays: 11, maxDays: null }],
      templates: [template('notice', 'Loan {orderNo}'), template('old', 'Old')],
      rules: [{ dayPastDue: 1, template: 'notice', active: true }, { dayPastDue: 5, template: 'notice', active: true }],
    };
    const payload = { buckets: [{ code: '1-15', minDays: 1, maxDays: 15 }, { code: '16+', minDays: 16, maxDays: null }], templates: [template('notice', 'Your loan {orderNo}')], rules: [before.rules[0]] };
    const { before: old, after } = collectionRulesFields(before, payload);
    expect(changeRows(old, after).filter((row) => row.changed)).toEqual([
      { field: 'buckets.1-15', before: '', after: '1–15', changed: true },
      { field: 'buckets.16+', before: '', after: '16–∞', changed: true },
      { field: 'templates.notice.bodyEn', before: 'Loan {orderNo}', after: 'Your loan {orderNo}', changed: true },
      { field: 'templates.old.approved', before: 'true', after: 'false', changed: true },
      { field: 'buckets.1-10', before: '1–10', after: '—', changed: true },
      { field: 'buckets.11+', before: '11–∞', after: '—', changed: true },
      { field: 'steps.day 5 notice', before: 'active', after: '—', changed: true },
    ]);
  });
});
