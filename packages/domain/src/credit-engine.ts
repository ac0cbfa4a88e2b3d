/**
 * The pre-audit credit engine: a pure function from a borrower's facts and a policy (rules as
 * data, with their thresholds) to a decision with every rule's result. No I/O, no clock: the
 * caller passes `today` (the Vietnam calendar date) so a decision can be replayed from its stored
 * inputs (docs/decisions/051-credit-engine-and-review-job.md).
 */

/** What the engine knows of a borrower, gathered by the credit module before it decides. */
export interface CreditApplicant {
  /** yyyy-MM-dd, from the personal data; null when not declared yet. */
  birthDate: string | null;
  /** Certification items the lender requires (AUTH_CONFIG) and those the borrower has done. */
  itemsRequired: readonly string[];
  itemsDone: readonly string[];
  /** Declared monthly income band (the personal data's code); null when not declared. */
  monthlySalaryBand: string | null;
  /** The telecom operator confirmed the phone belongs to the borrower. */
  operatorVerified: boolean;
  /** Other users whose ID number (blind index) is the same; 0 when the ID is not known yet. */
  otherUsersWithSameId: number;
  /** Other users (e.g. closed accounts) registered with the same phone number. */
  otherUsersWithSamePhone: number;
  /** The phone or the ID number is on the lender's deny list. */
  denyListed: boolean;
}

/**
 * One rule of the policy. `onFail` says what a failure does: `reject` (status 2, retry after the
 * policy's retry days) or `calm` (a cooling-off period, reasons not shown, reviewed again after it).
 */
export type CreditRule =
  | { rule: 'minAge'; years: number; onFail: RuleFailure }
  | { rule: 'maxAge'; years: number; onFail: RuleFailure }
  /** Every required item except BANK (hasAuth, SPEC.md §4) is done. */
  | { rule: 'complete'; onFail: RuleFailure }
  /** A declared income band, not one of `refusedBands`. */
  | { rule: 'incomeBand'; refusedBands: readonly string[]; onFail: RuleFailure }
  | { rule: 'operatorVerified'; onFail: RuleFailure }
  | { rule: 'uniqueId'; onFail: RuleFailure }
  | { rule: 'uniquePhone'; onFail: RuleFailure }
  | { rule: 'denyList'; onFail: RuleFailure };

export type RuleFailure = 'reject' | 'calm';
export type CreditRuleName = CreditRule['rule'];

export interface CreditPolicy {
  /** Recorded with every decision, so an audit knows which rules decided. */
  version: string;
  rules: readonly CreditRule[];
  /** Base limit per declared income band (VND); `defaultBandLimitVnd` for any other band. */
  bandLimitsVnd: Readonly<Record<string, number>>;
  defaultBandLimitVnd: number;
  /** Added when the supplementary information item is done (SPEC.md §1: up to 2,000,000). */
  personalInfoBoostVnd: number;
  /** The certification item whose completion earns the boost (WORK: company, e-mail, Facebook). */
  boostItem: string;
  /** No borrower's limit exceeds this (VND). */
  maxLimitVnd: number;
  /** Limits are rounded down to a multiple of this (VND). */
  limitStepVnd: number;
  /** After a rejection the borrower may try again this many days later. */
  retryAfterDays: number;
  /** Length of a calm (cooling-off) period in days. */
  calmDays: number;
}

export interface RuleResult {
  rule: CreditRuleName;
  passed: boolean;
  /** What the rule looked at, e.g. 'age 17 < 18' (for the audit trail, never shown to borrowers). */
  detail: string;
  onFail: RuleFailure;
}

export type CreditDecision =
  | { outcome: 'approve'; creditLimitVnd: bigint; boostVnd: bigint; results: RuleResult[]; reasons: CreditRuleName[] }
  | { outcome: 'reject'; creditLimitVnd: 0n; nextTryDate: string; results: RuleResult[]; reasons: CreditRuleName[] }
  | { outcome: 'calm'; creditLimitVnd: 0n; calmUntilDate: string; results: RuleResult[]; reasons: CreditRuleName[] };

/** Whole years between a yyyy-MM-dd birth date and `today` (yyyy-MM-dd); null when unreadable. */
export function ageOn(birthDate: string, today: string): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const now = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!birth || !now) return null;
  const [by, bm, bd] = [Number(birth[1]), Number(birth[2]), Number(birth[3])];
  const [ny, nm, nd] = [Number(now[1]), Number(now[2]), Number(now[3])];
  if (bm < 1 || bm > 12 || bd < 1 || bd > 31) return null;
  const hadBirthday = nm > bm || (nm === bm && nd >= bd);
  const age = ny - by - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/** `date` (yyyy-MM-dd) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${date}`);
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

function check(rule: CreditRule, applicant: CreditApplicant, today: string): { passed: boolean; detail: string } {
  switch (rule.rule) {
    case 'minAge':
    case 'maxAge': {
      // An unknown age fails minAge only, so a missing date counts as one reason, not two.
      const unknown = rule.rule === 'maxAge';
      if (!applicant.birthDate) return { passed: unknown, detail: 'birth date not declared' };
      const age = ageOn(applicant.birthDate, today);
      if (age === null) return { passed: unknown, detail: 'birth date unreadable' };
      return rule.rule === 'minAge'
        ? { passed: age >= rule.years, detail: `age ${age} ${age >= rule.years ? '>=' : '<'} ${rule.years}` }
        : { passed: age <= rule.years, detail: `age ${age} ${age <= rule.years ? '<=' : '>'} ${rule.years}` };
    }
    case 'complete': {
      const missing = applicant.itemsRequired.filter((item) => item !== 'BANK' && !applicant.itemsDone.includes(item));
      return { passed: missing.length === 0, detail: missing.length === 0 ? 'all required items done' : `missing ${missing.join(',')}` };
    }
    case 'incomeBand': {
      const band = applicant.monthlySalaryBand;
      if (band === null) return { passed: false, detail: 'income not declared' };
      const refused = rule.refusedBands.includes(band);
      return { passed: !refused, detail: `band ${band}${refused ? ' refused' : ''}` };
    }
    case 'operatorVerified':
      return { passed: applicant.operatorVerified, detail: applicant.operatorVerified ? 'operator verified' : 'operator not verified' };
    case 'uniqueId':
      return { passed: applicant.otherUsersWithSameId === 0, detail: `${applicant.otherUsersWithSameId} other users with this ID` };
    case 'uniquePhone':
      return { passed: applicant.otherUsersWithSamePhone === 0, detail: `${applicant.otherUsersWithSamePhone} other users with this phone` };
    case 'denyList':
      return { passed: !applicant.denyListed, detail: applicant.denyListed ? 'on the deny list' : 'not on the deny list' };
  }
}

/** The credit limit of an approved borrower: band limit plus boost, capped, rounded down to the step. */
export function creditLimitFor(applicant: Pick<CreditApplicant, 'monthlySalaryBand' | 'itemsDone'>, policy: CreditPolicy): { limit: bigint; boost: bigint } {
  const band = applicant.monthlySalaryBand;
  const base = band !== null && band in policy.bandLimitsVnd ? policy.bandLimitsVnd[band]! : policy.defaultBandLimitVnd;
  const boost = applicant.itemsDone.includes(policy.boostItem) ? policy.personalInfoBoostVnd : 0;
  const step = BigInt(Math.max(1, policy.limitStepVnd));
  const capped = BigInt(Math.min(policy.maxLimitVnd, base + boost));
  return { limit: (capped / step) * step, boost: BigInt(boost) };
}

/**
 * Runs every rule (all of them, so the audit trail is complete) and decides: any failed `calm`
 * rule gives a calm period; else any failed `reject` rule a rejection with the next try date;
 * else approval with the limit.
 */
export function decideCredit(applicant: CreditApplicant, policy: CreditPolicy, today: string): CreditDecision {
  const results: RuleResult[] = policy.rules.map((rule) => ({ rule: rule.rule, onFail: rule.onFail, ...check(rule, applicant, today) }));
  const failed = results.filter((result) => !result.passed);
  const calm = failed.filter((result) => result.onFail === 'calm');
  if (calm.length > 0) {
    return { outcome: 'calm', creditLimitVnd: 0n, calmUntilDate: addDays(today, policy.calmDays), results, reasons: calm.map((r) => r.rule) };
  }
  if (failed.length > 0) {
    return { outcome: 'reject', creditLimitVnd: 0n, nextTryDate: addDays(today, policy.retryAfterDays), results, reasons: failed.map((r) => r.rule) };
  }
  const { limit, boost } = creditLimitFor(applicant, policy);
  return { outcome: 'approve', creditLimitVnd: limit, boostVnd: boost, results, reasons: [] };
}

/** Every rule the engine knows, in the default policy's order. */
export const CREDIT_RULE_NAMES = ['minAge', 'maxAge', 'complete', 'incomeBand', 'operatorVerified', 'uniqueId', 'uniquePhone', 'denyList'] as const satisfies readonly CreditRuleName[];

/**
 * The engine's outcomes a person decides instead of the engine (docs/decisions/095): rules as data,
 * changed only through a four-eyes proposal (`credit.rules`). With the default (nothing listed, no
 * threshold) every case is decided automatically, as before the back office.
 */
export interface ManualReviewBand {
  /**
   * Failed rules that make a case borderline: a rejection or calm period whose failed rules are all
   * among these (at least one, at most `maxFailedRules`) goes to a person instead.
   */
  failedRules: readonly CreditRuleName[];
  /** The most failed rules a case may have and still go to a person; a case failing more is decided by the engine. */
  maxFailedRules: number;
  /** An approval with a limit of at least this (VND) goes to a person; null: approvals are automatic. */
  approvalsFromVnd: number | null;
}

export const NO_MANUAL_REVIEW: ManualReviewBand = { failedRules: [], maxFailedRules: 1, approvalsFromVnd: null };

/** Why a case went to a person: a borderline failure, a large approval, or the borrower's appeal. */
export type ManualReviewCause = 'failedRules' | 'largeApproval' | 'appeal';

/**
 * Whether the engine's decision falls in the band a person decides (and why), or null when the
 * engine's decision stands. Pure, like the engine, so a queued case can be replayed.
 */
export function manualReviewCause(decision: CreditDecision, band: ManualReviewBand): Exclude<ManualReviewCause, 'appeal'> | null {
  if (decision.outcome === 'approve') {
    return band.approvalsFromVnd !== null && decision.creditLimitVnd >= BigInt(band.approvalsFromVnd) ? 'largeApproval' : null;
  }
  const failed = decision.results.filter((result) => !result.passed).map((result) => result.rule);
  if (failed.length === 0 || failed.length > band.maxFailedRules) return null;
  return failed.every((rule) => band.failedRules.includes(rule)) ? 'failedRules' : null;
}

/** The default policy: every rule of issue 10 with the thresholds the configuration may change. */
export function defaultCreditPolicy(overrides: Partial<Omit<CreditPolicy, 'rules'>> & { minAge?: number; maxAge?: number } = {}): CreditPolicy {
  const { minAge = 18, maxAge = 60, ...rest } = overrides;
  return {
    version: 'v1',
    rules: [
      { rule: 'minAge', years: minAge, onFail: 'reject' },
      { rule: 'maxAge', years: maxAge, onFail: 'reject' },
      { rule: 'complete', onFail: 'reject' },
      { rule: 'incomeBand', refusedBands: [], onFail: 'reject' },
      { rule: 'operatorVerified', onFail: 'reject' },
      { rule: 'uniqueId', onFail: 'calm' },
      { rule: 'uniquePhone', onFail: 'calm' },
      { rule: 'denyList', onFail: 'calm' },
    ],
    bandLimitsVnd: { '1': 3_000_000, '2': 5_000_000, '3': 8_000_000, '4': 10_000_000 },
    defaultBandLimitVnd: 3_000_000,
    personalInfoBoostVnd: 2_000_000,
    boostItem: 'WORK',
    maxLimitVnd: 100_000_000,
    limitStepVnd: 100_000,
    retryAfterDays: 30,
    calmDays: 7,
    ...rest,
  };
}
