import { creditRulesSchema, type CreditRulesInput } from '@sen/contract';
import type { ManualReviewBand } from '@sen/domain';
import type { CreditRulesRepository } from './credit-rules.repository.ts';

/** The credit rules in force and where they came from (version 0: the configuration). */
export interface CreditRulesVersion {
  version: number;
  rules: CreditRulesInput;
  effectiveFrom: string | null;
  proposalId: number | null;
  proposedBy: { id: number; email: string; name: string } | null;
  approvedBy: { id: number; email: string; name: string } | null;
}

/**
 * The credit rules operators change through four eyes (decision 095): today the manual review
 * band. Versions are rows; the highest is in force, else the configuration's starting point.
 * Read once per review the engine decides (a primary-key lookup), so every instance sees an
 * approved change at once.
 */
export class CreditRules {
  private readonly initial: CreditRulesInput;

  constructor(
    private readonly repository: CreditRulesRepository,
    initial: { manualReview: ManualReviewBand },
  ) {
    this.initial = { manualReview: { ...initial.manualReview, failedRules: [...initial.manualReview.failedRules] } };
  }

  /** The rules in force: the newest approved version, else version 0 from the configuration. */
  async current(): Promise<{ version: number; rules: CreditRulesInput }> {
    const row = await this.repository.latest();
    return row ? { version: row.version, rules: creditRulesSchema.parse(row.rules) } : { version: 0, rules: this.initial };
  }

  /** Every version, newest first, ending with version 0 (the configuration). */
  async history(): Promise<CreditRulesVersion[]> {
    const rows = await this.repository.versions();
    return [
      ...rows.map(({ version, proposedBy, approvedBy }) => ({
        version: version.version,
        rules: creditRulesSchema.parse(version.rules),
        effectiveFrom: version.effectiveFrom.toISOString(),
        proposalId: version.proposalId,
        proposedBy,
        approvedBy,
      })),
      { version: 0, rules: this.initial, effectiveFrom: null, proposalId: null, proposedBy: null, approvedBy: null },
    ];
  }

  /**
   * An approved `credit.rules` proposal becomes the next version (in the approval's transaction;
   * one pending proposal per subject keeps two approvals from racing for a number, and the primary
   * key refuses it if they did).
   */
  async applyApproved(rules: CreditRulesInput, approval: { proposalId: number; proposedBy: number; approvedBy: number; now: Date }): Promise<{ version: number; rules: CreditRulesInput }> {
    const { version } = await this.current();
    const next = await this.repository.insert({ version: version + 1, rules, effectiveFrom: approval.now, proposalId: approval.proposalId, proposedBy: approval.proposedBy, approvedBy: approval.approvedBy });
    return { version: next, rules };
  }
}
