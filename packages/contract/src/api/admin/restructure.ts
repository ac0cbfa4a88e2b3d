import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { hardshipRequestSchema, restructurePlanSchema } from '../restructure.ts';
import { idSchema, reasonSchema, wholeNumber } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';
import { proposalSchema } from './proposals.ts';

/**
 * Restructure offers in the back office (issue 23 item 5; docs/decisions/117-restructuring-and-hardship.md):
 * a collector previews an offer on the case page (the new schedule with full cost and APR, and
 * the rules it breaks), proposes it (`loan.restructure`, four eyes), and another operator approves;
 * the borrower then accepts or declines in the app.
 */

/** The rules every offer keeps (domain RESTRUCTURE_RULES), as the form shows them. */
export const restructureRulesSchema = z.object({
  maxInstalments: z.number().int(),
  minPeriodDays: z.number().int(),
  maxPeriodDays: z.number().int(),
  maxTermDays: z.number().int(),
  maxExtensionDays: z.number().int(),
  maxOverdueFeeWaiverPercent: z.number().int(),
  maxOverdueInterestWaiverPercent: z.number().int(),
  offerValidDays: z.number().int(),
  watchDays: z.number().int(),
});

export const RESTRUCTURE_RULE_NAMES = ['nothingOwed', 'instalments', 'period', 'term', 'extension', 'overdueFeeWaiver', 'interestWaiver'] as const;

const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** An offer's terms as the collector enters them. */
export const restructureTermsSchema = z.object({
  orderId: idSchema,
  planNums: wholeNumber(z.number().int().min(1).max(60)),
  periodDays: wholeNumber(z.number().int().min(1).max(366)),
  waiveOverdueFee: wholeNumber(money).default(0),
  waiveInterest: wholeNumber(money).default(0),
});
export type RestructureTerms = z.infer<typeof restructureTermsSchema>;

export const restructurePreviewSchema = z.object({
  orderNo: z.string(),
  rules: restructureRulesSchema,
  /** The most that may be waived today. */
  caps: z.object({ overdueFee: z.number().int(), interest: z.number().int() }),
  /** The rules the terms break (empty: the offer may be proposed). */
  violations: z.array(z.enum(RESTRUCTURE_RULE_NAMES)),
  /** The plan as it would be if accepted today; null when the terms break a rule. */
  plan: restructurePlanSchema.nullable(),
  /** The borrower's open request for help, if any. */
  request: hardshipRequestSchema.nullable(),
  /** An offer approved and waiting for the borrower, if any. */
  openOffer: z.object({ id: z.number().int(), expiresAt: z.string() }).nullable(),
  /**
   * The loan's latest offer in any state: the case page says when one expired unanswered (the
   * offers job marks it; decision 121) or was declined. An offer past its time counts as
   * expired here even before the job has run.
   */
  lastOffer: z
    .object({ id: z.number().int(), state: z.enum(['offered', 'accepted', 'declined', 'expired']), expiresAt: z.string(), decidedAt: z.string().nullable() })
    .nullable(),
});
export type RestructurePreview = z.infer<typeof restructurePreviewSchema>;

const errors = ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED', 'ORDER_NOT_FOUND', 'RESTRUCTURE_NOT_ALLOWED'] as const;

export const adminRestructurePreviewEndpoint = defineEndpoint({
  id: 'adminPreviewRestructure',
  // A read (moves nothing, audits nothing): the terms travel as the query.
  method: 'GET',
  path: ADMIN_PATHS.restructurePreview,
  summary: "Back office: an offer's new schedule as it would be if accepted today, with its full cost and APR, the waiver caps and the rules it breaks; moves nothing.",
  module: 'loan',
  request: restructureTermsSchema,
  response: restructurePreviewSchema,
  signed: false,
  session: 'operator',
  permission: 'collections.read',
  errors: [...errors],
});

export const adminRestructureProposeEndpoint = defineEndpoint({
  id: 'adminProposeRestructure',
  method: 'POST',
  path: ADMIN_PATHS.restructurePropose,
  summary: 'Back office: proposes a restructure offer (new term, waived overdue fee or interest within the rules); a `loan.restructure` proposal another operator approves, which sends the offer to the borrower.',
  module: 'loan',
  request: restructureTermsSchema.extend({ reason: reasonSchema }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'collections.work',
  audited: 'loan.proposeRestructure',
  errors: [...errors, 'PROPOSAL_DUPLICATE', 'RESTRUCTURE_OFFER_INVALID'],
});

export const adminHardshipRequestsEndpoint = defineEndpoint({
  id: 'adminListHardshipRequests',
  method: 'GET',
  path: ADMIN_PATHS.hardshipRequests,
  summary: "Back office: borrowers' requests for help waiting for an offer (open) or for the borrower's answer (offered), oldest first.",
  module: 'loan',
  request: z.object({ state: z.enum(['open', 'offered']).default('open') }),
  response: z.object({ items: z.array(hardshipRequestSchema.extend({ orderNo: z.string(), caseId: z.number().int().nullable() })) }),
  signed: false,
  session: 'operator',
  permission: 'collections.read',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'],
});
