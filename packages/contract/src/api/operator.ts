import { z } from 'zod';
import { plainText } from '../wire.ts';

/**
 * Loan products as operators write them (the back office's product proposals, the products
 * command; docs/decisions/050). The endpoints are the back office's (api/admin/products.ts).
 */

const amount = z.number().int().positive().max(10_000_000_000);
const ppm = z.number().int().min(0).max(1_000_000);
const isoTime = z.iso.datetime({ offset: true });

const productTag = plainText(30).min(1);

/** A product's name and tags in one language other than Vietnamese; a field left out shows the Vietnamese one. */
export const productTextSchema = z.object({
  name: plainText(60).min(1).optional(),
  tags: z.array(productTag).max(6).optional(),
});

/**
 * A product's name and tags in English and Chinese (decision 113): the borrower sees them in the
 * language of the request; `name` and `tags` themselves are the Vietnamese, the default.
 */
export const productTranslationsSchema = z.object({ en: productTextSchema.optional(), zh: productTextSchema.optional() });
export type ProductTranslations = z.infer<typeof productTranslationsSchema>;

/** A loan product as operators write it (docs/decisions/050-loan-products-as-data-and-rate-caps.md). */
export const productInputSchema = z.object({
  /** Stable operator name of the product (letters, digits, dashes); the upsert key. */
  code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/),
  name: plainText(60).min(1),
  imageUrl: plainText(500).default(''),
  minAmount: amount,
  maxAmount: amount,
  /** Loan term in days. */
  termDays: z.number().int().min(1).max(3650),
  /** Instalment choices; [1] is a single repayment. */
  planNums: z.array(z.number().int().min(1).max(36)).min(1).max(12),
  /** Interest per day in ppm: 300 = 0.03 % a day. */
  dailyRatePpm: ppm,
  /** One-off service fee in ppm of the principal. */
  serviceFeePpm: ppm,
  /** Overdue charge per day in ppm of the overdue principal. */
  overdueDailyRatePpm: ppm,
  /** Vietnamese (the default language); other languages in `translations`. */
  tags: z.array(productTag).max(6).default([]),
  /** The name and tags in en and zh (decision 113); left out of a change, the product keeps the ones it has. */
  translations: productTranslationsSchema.optional(),
  /** '1': the borrower must add supplementary information (the WORK item) before applying. */
  showConditionTypeSign: z.enum(['0', '1']).nullable().default(null),
  /** 1 browser download, 2 store, 0 in-app. */
  jumpType: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  downloadUrl: z.url({ protocol: /^https?$/ }).nullable().default(null),
  newSign: z.boolean().default(false),
  activeFrom: isoTime.nullable().default(null),
  activeTo: isoTime.nullable().default(null),
  /** Loans the product may make per business day across all borrowers; null: no quota. */
  dailyQuota: z.number().int().min(0).max(1_000_000).nullable().default(null),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
  /** How the service fee is collected: taken out of the payout, or repaid with the instalments. */
  feeTiming: z.enum(['deducted', 'instalments']).default('deducted'),
  /** The borrower draws a signature before committing (the family's isSign 0 and signPic). */
  signatureRequired: z.boolean().default(false),
  /**
   * Whether a commit must carry the code sent by SMS that signs the agreements (decision 112):
   * 'required' (the default for a new product) refuses a commit without it; 'optional' also accepts
   * the family's native clients, which cannot ask for a code, with the tick alone.
   */
  signingCode: z.enum(['required', 'optional']).default('required'),
});
export type ProductInput = z.input<typeof productInputSchema>;

export const productRecordSchema = productInputSchema.extend({
  translations: productTranslationsSchema,
  /** The wire's productId. */
  id: z.number().int(),
  /** Nominal annual interest in percent (365 days), for checking against the cap. */
  annualPercent: z.number(),
  updatedAt: z.string(),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;

