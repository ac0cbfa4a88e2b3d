import type { CreditRulesInput } from '@sen/contract';

/** The propose form's fields: the manual review band, with "no threshold" as an empty amount. */
export interface CreditRulesFormValues {
  failedRules: string[];
  maxFailedRules: number | null;
  approvalsFromVnd: number | null;
  reason: string;
}

/** The form starts from the rules in force. */
export function valuesOfRules(rules: CreditRulesInput): CreditRulesFormValues {
  const band = rules.manualReview;
  return { failedRules: [...band.failedRules], maxFailedRules: band.maxFailedRules, approvalsFromVnd: band.approvalsFromVnd, reason: '' };
}

/** What is proposed: the band (an empty amount: no approval goes to a person) and the reason, trimmed. */
export function proposalOfValues(values: CreditRulesFormValues): { rules: CreditRulesInput; reason: string } {
  return {
    rules: {
      manualReview: {
        failedRules: values.failedRules as CreditRulesInput['manualReview']['failedRules'],
        maxFailedRules: Number(values.maxFailedRules),
        approvalsFromVnd: values.approvalsFromVnd === null || values.approvalsFromVnd === undefined ? null : Number(values.approvalsFromVnd),
      },
    },
    reason: values.reason.trim(),
  };
}

/** Whether the form proposes exactly the rules in force (nothing to propose). */
export function sameRules(a: CreditRulesInput, b: CreditRulesInput): boolean {
  const [x, y] = [a.manualReview, b.manualReview];
  return x.maxFailedRules === y.maxFailedRules && x.approvalsFromVnd === y.approvalsFromVnd && [...x.failedRules].sort().join() === [...y.failedRules].sort().join();
}
