import { CREDIT_RULE_NAMES } from '@sen/domain';
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { emptyRequestSchema } from '../common.ts';
import { cursorSchema, idSchema, operatorRefSchema, pageLimitSchema, reasonSchema } from './common.ts';
import { proposalSchema } from './proposals.ts';
import { ADMIN_PATHS } from './paths.ts';

/**
 * Credit reviews a person decides (issue 22 item 6; docs/decisions/095-manual-review-band-and-queue.md):
 * the engine's cases in the manual review band and every appeal wait in a queue; a reviewer
 * approves with a limit, rejects with a reason, or asks the borrower for information.
 */

const readErrors = ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'] as const;

export const creditRuleNameSchema = z.enum(CREDIT_RULE_NAMES, { error: 'validation.select' });

/** The band of engine outcomes that go to a person (domain ManualReviewBand). */
export const manualReviewBandSchema = z.object({
  /** Failed rules that make a rejection or calm period borderline (every failed rule must be listed). */
  failedRules: z.array(creditRuleNameSchema).max(CREDIT_RULE_NAMES.length).transform((rules) => [...new Set(rules)]),
  /** The most failed rules a borderline case may have (1..8). */
  maxFailedRules: z.number({ error: 'validation.required' }).int().min(1).max(CREDIT_RULE_NAMES.length),
  /** Approvals with a limit of at least this many VND go to a person; null: none do. */
  approvalsFromVnd: z.number({ error: 'validation.required' }).int().positive().max(10_000_000_000).nullable(),
});
export type ManualReviewBandInput = z.infer<typeof manualReviewBandSchema>;

/** The credit rules operators change through four eyes (proposal kind `credit.rules`). */
export const creditRulesSchema = z.object({ manualReview: manualReviewBandSchema });
export type CreditRulesInput = z.infer<typeof creditRulesSchema>;

/** One approved version of the credit rules: what they became, from when, who proposed and approved. */
export const creditRulesVersionSchema = z.object({
  /** 0 is the configuration's starting point (no proposal). */
  version: z.number().int(),
  rules: creditRulesSchema,
  effectiveFrom: z.string().nullable(),
  proposalId: z.number().int().nullable(),
  proposedBy: operatorRefSchema.nullable(),
  approvedBy: operatorRefSchema.nullable(),
});

export const ruleResultSchema = z.object({
  rule: z.string(),
  passed: z.boolean(),
  /** What the rule looked at ('age 17 < 18'); for operators, never shown to borrowers. */
  detail: z.string(),
  onFail: z.enum(['reject', 'calm']),
});

export const REVIEW_STATUSES = ['pending', 'asked', 'decided'] as const;

export const reviewCaseSchema = z.object({
  /** The case's number (`reviewId` of detail and decide). */
  id: z.number().int(),
  borrower: z.object({
    /** The borrower's number (the id their app shows; borrowers/detail takes it). */
    userId: z.number().int(),
    /** '09*****678'. */
    phoneMasked: z.string(),
    /** 'Nguyễn V*** A**': the family name whole, the rest by initials; null before personal data. */
    nameMasked: z.string().nullable(),
  }),
  /** pending: waiting; asked: information requested from the borrower (still waiting); decided. */
  status: z.enum(REVIEW_STATUSES),
  /** failedRules or largeApproval: the band sent the engine's case here; appeal: an operator opened it for the borrower. */
  cause: z.enum(['failedRules', 'largeApproval', 'appeal']),
  /** What the engine concluded (for an appeal: the decision appealed against). */
  engine: z.object({
    outcome: z.enum(['approve', 'reject', 'calm']),
    creditLimit: z.number().int(),
    reasons: z.array(z.string()),
    ruleResults: z.array(ruleResultSchema),
    policyVersion: z.string(),
  }),
  /** The limit the policy gives this borrower's facts (band limit plus boost, capped): approve's default. */
  suggestedLimit: z.number().int(),
  requestedAt: z.string(),
  /** An appeal's reason and who opened it. */
  appeal: z.object({ reason: z.string(), openedBy: operatorRefSchema }).nullable(),
  /** The last request for information sent to the borrower. */
  asked: z.object({ question: z.string(), by: operatorRefSchema, at: z.string() }).nullable(),
  decision: z
    .object({
      decision: z.enum(['approve', 'reject']),
      creditLimit: z.number().int(),
      reason: z.string(),
      decidedBy: operatorRefSchema,
      decidedAt: z.string(),
    })
    .nullable(),
});
export type ReviewCase = z.infer<typeof reviewCaseSchema>;

export const adminReviewListEndpoint = defineEndpoint({
  id: 'adminListReviews',
  method: 'GET',
  path: ADMIN_PATHS.reviews,
  summary: 'Back office: the credit review queue — pending (and asked) oldest first, or decided newest first; `nextCursor` fetches the next page.',
  module: 'credit',
  request: z.object({ status: z.enum(['pending', 'decided']).default('pending'), cursor: cursorSchema.optional(), limit: pageLimitSchema }),
  response: z.object({ items: z.array(reviewCaseSchema), nextCursor: z.string().nullable() }),
  signed: false,
  session: 'operator',
  permission: 'reviews.decide',
  errors: [...readErrors],
});

export const adminReviewDetailEndpoint = defineEndpoint({
  id: 'adminReviewDetail',
  method: 'GET',
  path: ADMIN_PATHS.reviewDetail,
  summary: "Back office: one review with the engine's inputs (personal data masked) and the borrower's earlier credit decisions.",
  module: 'credit',
  request: z.object({ reviewId: idSchema }),
  response: z.object({
    review: reviewCaseSchema,
    /** The facts the engine saw (age facts, items, income band, duplicates, deny list); phone and ID index left out. */
    inputs: z.unknown(),
    /** The borrower's credit decisions, oldest first; `decidedBy` null for the engine. */
    history: z.array(
      z.object({
        outcome: z.enum(['approve', 'reject', 'calm']),
        creditLimit: z.number().int(),
        reasons: z.array(z.string()),
        note: z.string().nullable(),
        decidedBy: operatorRefSchema.nullable(),
        at: z.string(),
      }),
    ),
  }),
  signed: false,
  session: 'operator',
  permission: 'reviews.decide',
  errors: [...readErrors, 'REVIEW_NOT_FOUND'],
});

/** A limit an operator gives: whole VND, positive (the policy's maximum and step are checked on the server). */
const limitSchema = z.number({ error: 'validation.required' }).int().positive().max(10_000_000_000);

/**
 * The payload of a `credit.limit` proposal (decision 110): a reviewer's approval of a case with a
 * limit above the suggested one, applied as that approval when another operator approves it.
 */
export const creditLimitProposalSchema = z.object({
  reviewId: idSchema,
  /** The borrower's number. */
  userId: idSchema,
  /** The case's suggested limit when proposed. */
  suggestedLimit: z.number().int().nonnegative(),
  /** The limit proposed: above the suggested one. */
  limit: limitSchema,
  /** The reviewer's reason, kept as the decision's note. */
  reason: reasonSchema,
});
export type CreditLimitProposal = z.infer<typeof creditLimitProposalSchema>;

export const adminReviewDecideEndpoint = defineEndpoint({
  id: 'adminDecideReview',
  method: 'POST',
  path: ADMIN_PATHS.reviewDecide,
  summary:
    "Back office: decides a review once (approve with a limit — the suggested one when none is given — or reject, each with a reason), or asks the borrower for information (the reason is the question, sent as an in-app message); the borrower's home shows the outcome as after the engine's. An approval above the suggested limit becomes a `credit.limit` proposal another operator approves (the case stays open meanwhile); the operator who opened an appeal cannot decide it.",
  module: 'credit',
  request: z.discriminatedUnion(
    'decision',
    [
      z.object({ reviewId: idSchema, decision: z.literal('approve'), limit: limitSchema.optional(), reason: reasonSchema }),
      z.object({ reviewId: idSchema, decision: z.literal('reject'), reason: reasonSchema }),
      z.object({ reviewId: idSchema, decision: z.literal('ask'), reason: reasonSchema }),
    ],
    { error: 'validation.select' },
  ),
  response: z.object({
    review: reviewCaseSchema,
    /** The `credit.limit` proposal when the approval's limit is above the suggested one (nothing decided yet); else null. */
    proposal: proposalSchema.nullable(),
  }),
  signed: false,
  session: 'operator',
  permission: 'reviews.decide',
  audited: 'review.decide',
  errors: [...readErrors, 'REVIEW_NOT_FOUND', 'REVIEW_ALREADY_DECIDED', 'REVIEW_LIMIT_INVALID', 'APPEAL_OWN', 'PROPOSAL_DUPLICATE'],
});

export const adminReviewAppealEndpoint = defineEndpoint({
  id: 'adminOpenAppeal',
  method: 'POST',
  path: ADMIN_PATHS.reviewAppeal,
  summary:
    "Back office: a borrower's appeal (by the hotline or feedback; the borrower app has no appeal call) opens a review of a rejected or calmed borrower in the queue.",
  module: 'credit',
  request: z.object({ userId: idSchema, reason: reasonSchema }),
  response: z.object({ review: reviewCaseSchema }),
  signed: false,
  session: 'operator',
  permission: 'reviews.decide',
  audited: 'review.appeal',
  errors: [...readErrors, 'NOT_FOUND', 'APPEAL_NOT_ALLOWED'],
});

export const adminCreditRulesEndpoint = defineEndpoint({
  id: 'adminCreditRules',
  method: 'GET',
  path: ADMIN_PATHS.creditRules,
  summary: 'Back office: the credit rules in force (the manual review band) and their approved versions, newest first.',
  module: 'credit',
  request: emptyRequestSchema,
  response: z.object({ current: creditRulesVersionSchema, history: z.array(creditRulesVersionSchema) }),
  signed: false,
  session: 'operator',
  permission: 'products.read',
  errors: ['ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'],
});

export const adminCreditRulesProposeEndpoint = defineEndpoint({
  id: 'adminProposeCreditRules',
  method: 'POST',
  path: ADMIN_PATHS.creditRulesPropose,
  summary: 'Back office: proposes new credit rules (proposal kind `credit.rules`); nothing changes until another operator approves.',
  module: 'credit',
  request: z.object({ rules: creditRulesSchema, reason: reasonSchema.optional() }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'products.propose',
  audited: 'proposal.create',
  errors: [...readErrors, 'PROPOSAL_DUPLICATE'],
});
