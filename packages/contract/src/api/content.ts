import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emptyRequestSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

/** A contact channel of the contact dialog (API-FAMILY.md §4.2). */
export const customerConfigSchema = z.object({
  /** Title in English (the spec's `title`). */
  title: z.string(),
  /** Title in Vietnamese. */
  vernacularTitle: z.string(),
  enTitle: z.string(),
  /** What is called or copied: a phone number, an e-mail, a Zalo id. */
  content: z.string(),
  /** 2 = call, anything else = copy. */
  buttonType: z.number().int(),
});
export type CustomerConfig = z.infer<typeof customerConfigSchema>;

/** The visitor home's figures and the support contacts, served from configuration. */
export const commonIndexResponseSchema = z.object({
  /** Largest loan, in VND. */
  maxAmount: z.number().int(),
  /** Display text as the family shows it, e.g. '14.6%'. */
  annualizedInterestRate: z.string(),
  /** The same rate as a number of percent, for per-language formatting (14.6 → '14,6%' in vn). */
  annualizedInterestRatePercent: z.number(),
  /**
   * Sen (decision 119): the lowest and highest APR, interest and every fee included, of the loans
   * the products offer now (each plan, at its smallest and largest amount), computed by the
   * domain's APR function; null when no product is offered. Shown beside the interest rate.
   */
  aprRangePercent: z.object({ min: z.number(), max: z.number() }).nullable().optional(),
  /** Longest loan term in days, as text (the family formats it as days). */
  loanTerm: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  customerConfigs: z.array(customerConfigSchema),
  /** '1' lets the family's login screen be dismissed. */
  showBackButton: z.string(),
  appApplyJumpPage: z.string().nullable(),
  /**
   * The lender's legal name, licence / business registration number and registered address
   * (About us; our addition, ignored by the family's clients). Always sent by Sen; optional in the
   * schema so a client reading an older server still works.
   */
  companyLegalName: z.string().optional(),
  companyLicence: z.string().nullable().optional(),
  companyAddress: z.string().nullable().optional(),
});
export type CommonIndex = z.infer<typeof commonIndexResponseSchema>;

/** A banner of the home carousel (API-FAMILY.md §4.4). */
export const activitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  summary: z.string(),
  activityPicUrl: z.string(),
  activityH5Url: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const commonIndexEndpoint = defineEndpoint({
  id: 'getCommonIndex',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.commonIndex,
  summary: 'Visitor-home figures (largest amount, annual rate, term) and support contacts.',
  module: 'content',
  request: emptyRequestSchema,
  response: commonIndexResponseSchema,
  signed: true,
  session: 'none',
  errors: [],
});

export const activityListEndpoint = defineEndpoint({
  id: 'listActivities',
  method: 'GET',
  alsoAnswers: ['POST'],
  path: API_PATHS.activityList,
  summary: 'Current banners of the home carousel, in display order (may be empty).',
  module: 'content',
  request: emptyRequestSchema,
  response: z.array(activitySchema),
  signed: true,
  session: 'none',
  errors: [],
});
