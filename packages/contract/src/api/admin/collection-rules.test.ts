import { describe, expect, it } from 'vitest';
import { collectionRulesProblems, type CollectionRules } from './collection-rules.ts';

const template = { code: 'notice', channel: 'sms' as const, bodyVn: 'Khoan vay {orderNo} qua han', bodyEn: 'Loan {orderNo} overdue', approved: true };
const set = (buckets: CollectionRules['buckets'], extra: Partial<CollectionRules> = {}): CollectionRules => ({ buckets, templates: [template], rules: [{ dayPastDue: 1, template: 'notice', active: true }], ...extra });
const keys = (rules: CollectionRules) => collectionRulesProblems(rules).map((problem) => problem.key);

describe('collectionRulesProblems (decision 122)', () => {
  it('accepts buckets covering 1.. in any order, the last open-ended', () => {
    expect(keys(set([{ code: '31+', minDays: 31, maxDays: null }, { code: '1-30', minDays: 1, maxDays: 30 }]))).toEqual([]);
    expect(keys(set([{ code: 'all', minDays: 1, maxDays: null }]))).toEqual([]);
  });

  it('names a late start, a reversed range, an open bucket before the last, a duplicate name', () => {
    expect(keys(set([{ code: 'a', minDays: 2, maxDays: null }]))).toEqual(['collectionRules.bucketsStart']);
    expect(keys(set([{ code: 'a', minDays: 1, maxDays: 10 }, { code: 'b', minDays: 11, maxDays: 5 }]))).toContain('collectionRules.bucketRange');
    expect(keys(set([{ code: 'a', minDays: 1, maxDays: null }, { code: 'b', minDays: 11, maxDays: null }]))).toEqual(['collectionRules.bucketOpenNotLast']);
    expect(keys(set([{ code: 'a', minDays: 1, maxDays: 10 }, { code: 'a', minDays: 11, maxDays: null }]))).toEqual(['collectionRules.bucketDuplicate']);
  });

  it('leaves a link in an in-app message template to the app, refuses one in an SMS, and refuses a step sent twice', () => {
    const withLink = { ...template, bodyEn: 'Pay at www.sen.vn' };
    expect(keys(set([{ code: 'a', minDays: 1, maxDays: null }], { templates: [withLink] }))).toEqual(['collectionRules.smsLink']);
    expect(keys(set([{ code: 'a', minDays: 1, maxDays: null }], { templates: [{ ...withLink, channel: 'message' }] }))).toEqual([]);
    const twice = { dayPastDue: 1, template: 'notice', active: true };
    expect(keys(set([{ code: 'a', minDays: 1, maxDays: null }], { rules: [twice, twice] }))).toEqual(['collectionRules.ruleDuplicate']);
  });
});
