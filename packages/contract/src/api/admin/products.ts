import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { emptyRequestSchema } from '../common.ts';
import { productInputSchema, productRecordSchema } from '../operator.ts';
import { operatorRefSchema, reasonSchema } from './common.ts';
import { proposalSchema } from './proposals.ts';
import { ADMIN_PATHS } from './paths.ts';

/** Loan products in the back office (decision 050 for the rules, 091 for the four-eyes change). */

export const rateCapSchema = z.object({ licence: z.string(), annualPercent: z.number(), overdueMultiple: z.number() });

/** One approved version of a product: what it became, from when, proposed and approved by whom. */
export const productVersionSchema = z.object({
  productCode: z.string(),
  /** 1, 2, …: the product's versions in order. */
  version: z.number().int(),
  product: productInputSchema,
  effectiveFrom: z.string(),
  proposalId: z.number().int().nullable(),
  proposedBy: operatorRefSchema.nullable(),
  approvedBy: operatorRefSchema.nullable(),
});
export type ProductVersion = z.infer<typeof productVersionSchema>;

export const adminProductListEndpoint = defineEndpoint({
  id: 'adminListProducts',
  method: 'GET',
  path: ADMIN_PATHS.products,
  summary: 'Back office: every loan product (active or not), the rate cap, and the history of approved versions (newest first).',
  module: 'product',
  request: emptyRequestSchema,
  response: z.object({ products: z.array(productRecordSchema), rateCap: rateCapSchema, history: z.array(productVersionSchema) }),
  signed: false,
  session: 'operator',
  permission: 'products.read',
  errors: ['ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'],
});

export const adminProductProposeEndpoint = defineEndpoint({
  id: 'adminProposeProduct',
  method: 'POST',
  path: ADMIN_PATHS.productPropose,
  summary: 'Back office: proposes a new or changed product (checked against the legal cap now and again on approval); nothing changes until another operator approves.',
  module: 'product',
  request: z.object({ product: productInputSchema, reason: reasonSchema.optional() }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'products.propose',
  audited: 'proposal.create',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED', 'RATE_OVER_CAP', 'PRODUCT_INVALID', 'PROPOSAL_DUPLICATE'],
});
