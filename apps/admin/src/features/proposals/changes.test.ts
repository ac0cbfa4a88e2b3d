import { describe, expect, it } from 'vitest';
import { changeRows, flatten, proposedItem } from './changes.ts';

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
});
