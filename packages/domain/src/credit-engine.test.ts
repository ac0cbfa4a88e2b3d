import { describe, expect, it } from 'vitest';
import { addDays, ageOn, creditLimitFor, decideCredit, defaultCreditPolicy, manualReviewCause, NO_MANUAL_REVIEW, type CreditApplicant, type ManualReviewBand } from './credit-engine.ts';

const TODAY = '2026-11-22';
const policy = defaultCreditPolicy();

/** A borrower who passes every rule: 30 years old, everything done, band 2, verified, unique. */
const good: CreditApplicant = {
  birthDate: '1996-05-01',
  itemsRequired: ['ID', 'WORK', 'BANK', 'KYC', 'TELECOM'],
  itemsDone: ['ID', 'WORK', 'KYC', 'TELECOM'],
  monthlySalaryBand: '2',
  operatorVerified: true,
  otherUsersWithSameId: 0,
  otherUsersWithSamePhone: 0,
  denyListed: false,
};

describe('ageOn', () => {
  it.each([
    ['2008-11-22', 18],
    ['2008-11-23', 17],
    ['2008-11-21', 18],
    ['1966-11-22', 60],
    ['1966-11-21', 60],
    ['1965-11-22', 61],
    ['2000-02-29', 26],
  ])('born %s is %i on 2026-11-22', (birth, age) => {
    expect(ageOn(birth, TODAY)).toBe(age);
  });
  it('refuses unreadable dates', () => {
    expect(ageOn('22-11-2000', TODAY)).toBeNull();
    expect(ageOn('2000-13-01', TODAY)).toBeNull();
    expect(ageOn('2030-01-01', TODAY)).toBeNull();
  });
});

describe('decideCredit: each rule alone', () => {
  it('approves a borrower who passes every rule, with the band limit plus the boost', () => {
    const decision = decideCredit(good, policy, TODAY);
    expect(decision.outcome).toBe('approve');
    expect(decision.creditLimitVnd).toBe(7_000_000n);
    expect(decision.results.every((result) => result.passed)).toBe(true);
    expect(decision.results.map((result) => result.rule)).toEqual([
      'minAge',
      'maxAge',
      'complete',
      'incomeBand',
      'operatorVerified',
      'uniqueId',
      'uniquePhone',
      'denyList',
    ]);
  });

  it.each<[string, Partial<CreditApplicant>, 'reject' | 'calm', string]>([
    ['17 years and 364 days', { birthDate: '2008-11-23' }, 'reject', 'minAge'],
    ['no birth date', { birthDate: null }, 'reject', 'minAge'],
    ['61 years old', { birthDate: '1965-11-22' }, 'reject', 'maxAge'],
    ['KYC missing', { itemsDone: ['ID', 'WORK', 'TELECOM'] }, 'reject', 'complete'],
    ['income not declared', { monthlySalaryBand: null }, 'reject', 'incomeBand'],
    ['operator not verified', { operatorVerified: false }, 'reject', 'operatorVerified'],
    ['ID used by another user', { otherUsersWithSameId: 1 }, 'calm', 'uniqueId'],
    ['phone used by another user', { otherUsersWithSamePhone: 2 }, 'calm', 'uniquePhone'],
    ['deny-listed', { denyListed: true }, 'calm', 'denyList'],
  ])('%s → %s for %s', (_label, change, outcome, rule) => {
    const decision = decideCredit({ ...good, ...change }, policy, TODAY);
    expect(decision.outcome).toBe(outcome);
    expect(decision.creditLimitVnd).toBe(0n);
    expect(decision.reasons).toEqual([rule]);
    expect(decision.results.filter((result) => !result.passed).map((result) => result.rule)).toEqual([rule]);
  });

  it('passes the age boundaries exactly: 18 today and 60 today', () => {
    expect(decideCredit({ ...good, birthDate: '2008-11-22' }, policy, TODAY).outcome).toBe('approve');
    expect(decideCredit({ ...good, birthDate: '1966-11-22' }, policy, TODAY).outcome).toBe('approve');
  });

  it('does not require the bank item (hasAuth excludes BANK)', () => {
    expect(decideCredit({ ...good, itemsDone: ['ID', 'WORK', 'KYC', 'TELECOM'] }, policy, TODAY).outcome).toBe('approve');
  });

  it('refuses configured income bands', () => {
    const strict = defaultCreditPolicy();
    const rules = strict.rules.map((rule) => (rule.rule === 'incomeBand' ? { ...rule, refusedBands: ['1'] } : rule));
    expect(decideCredit({ ...good, monthlySalaryBand: '1' }, { ...strict, rules }, TODAY).reasons).toEqual(['incomeBand']);
    expect(decideCredit({ ...good, monthlySalaryBand: '2' }, { ...strict, rules }, TODAY).outcome).toBe('approve');
  });

  it('gives the next try date after a rejection and the calm end after a calm outcome', () => {
    const rejected = decideCredit({ ...good, operatorVerified: false }, policy, TODAY);
    expect(rejected.outcome === 'reject' && rejected.nextTryDate).toBe('2026-12-22');
    const calm = decideCredit({ ...good, denyListed: true, operatorVerified: false }, policy, TODAY);
    expect(calm.outcome === 'calm' && calm.calmUntilDate).toBe('2026-11-29');
    // calm wins over reject, but the audit trail keeps both failures
    expect(calm.results.filter((result) => !result.passed).map((result) => result.rule)).toEqual(['operatorVerified', 'denyList']);
  });

  it('uses the configured thresholds', () => {
    const older = defaultCreditPolicy({ minAge: 21 });
    expect(decideCredit({ ...good, birthDate: '2006-01-01' }, older, TODAY).reasons).toEqual(['minAge']);
  });
});

describe('creditLimitFor', () => {
  it.each([
    ['1', ['ID'], 3_000_000n, 0n],
    ['4', ['ID'], 10_000_000n, 0n],
    ['4', ['WORK'], 12_000_000n, 2_000_000n],
    ['unknown', ['WORK'], 5_000_000n, 2_000_000n],
  ])('band %s with %j → %s (boost %s)', (band, done, limit, boost) => {
    expect(creditLimitFor({ monthlySalaryBand: band, itemsDone: done }, policy)).toEqual({ limit, boost });
  });

  it('never exceeds the maximum per borrower and rounds down to the step', () => {
    const rich = defaultCreditPolicy({ bandLimitsVnd: { '9': 150_000_000 } });
    expect(creditLimitFor({ monthlySalaryBand: '9', itemsDone: ['WORK'] }, rich).limit).toBe(100_000_000n);
    const odd = defaultCreditPolicy({ bandLimitsVnd: { '1': 3_456_789 } });
    expect(creditLimitFor({ monthlySalaryBand: '1', itemsDone: [] }, odd).limit).toBe(3_400_000n);
  });
});

describe('addDays', () => {
  it('crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('manualReviewCause: the band a person decides (decision 095)', () => {
  const band: ManualReviewBand = { failedRules: ['operatorVerified', 'incomeBand', 'uniquePhone'], maxFailedRules: 1, approvalsFromVnd: 6_000_000 };

  it('leaves every case to the engine by default', () => {
    for (const applicant of [good, { ...good, operatorVerified: false }, { ...good, denyListed: true }]) {
      expect(manualReviewCause(decideCredit(applicant, policy, TODAY), NO_MANUAL_REVIEW)).toBeNull();
    }
  });

  it('sends a rejection or calm period whose failed rules are all listed, within the count', () => {
    expect(manualReviewCause(decideCredit({ ...good, operatorVerified: false }, policy, TODAY), band)).toBe('failedRules');
    expect(manualReviewCause(decideCredit({ ...good, otherUsersWithSamePhone: 1 }, policy, TODAY), band)).toBe('failedRules');
    // A rule not in the list, or one failure too many, stays automatic.
    expect(manualReviewCause(decideCredit({ ...good, birthDate: '2010-01-01' }, policy, TODAY), band)).toBeNull();
    expect(manualReviewCause(decideCredit({ ...good, operatorVerified: false, monthlySalaryBand: null }, policy, TODAY), band)).toBeNull();
    expect(manualReviewCause(decideCredit({ ...good, operatorVerified: false, monthlySalaryBand: null }, policy, TODAY), { ...band, maxFailedRules: 2 })).toBe('failedRules');
  });

  it('sends approvals from the threshold on, and none below it', () => {
    // Band 2 (5,000,000) plus the boost (2,000,000) = 7,000,000.
    expect(manualReviewCause(decideCredit(good, policy, TODAY), band)).toBe('largeApproval');
    expect(manualReviewCause(decideCredit(good, policy, TODAY), { ...band, approvalsFromVnd: 7_000_000 })).toBe('largeApproval');
    expect(manualReviewCause(decideCredit(good, policy, TODAY), { ...band, approvalsFromVnd: 7_000_001 })).toBeNull();
    expect(manualReviewCause(decideCredit(good, policy, TODAY), { ...band, approvalsFromVnd: null })).toBeNull();
  });
});
