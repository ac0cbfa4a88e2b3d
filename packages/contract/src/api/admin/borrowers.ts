import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { plainText } from '../../wire.ts';
import { idSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';

/**
 * The borrower view of the back office (issue 22 item 5; docs/decisions/097-borrower-search-masking-and-reveal.md):
 * search by phone, name, ID number or order number; one page with everything the lender holds on
 * a borrower, bounded to the latest rows of each list; personal data masked unless an operator
 * with `borrowers.reveal` states a reason (audited), and ID images only as short-lived,
 * watermarked links bound to that operator's session.
 */

const readErrors = ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'] as const;

/** At most this many search results. */
export const BORROWER_SEARCH_LIMIT = 20;
/** The borrower page's lists are the latest this many rows of each (the page says so). */
export const BORROWER_DETAIL_LIMITS = {
  decisions: 10,
  orders: 20,
  ledgerEntries: 50,
  messages: 20,
  consents: 20,
  securityEvents: 20,
  devices: 10,
} as const;
/** A reveal's reason: at least this many characters (it is read later by whoever audits it). */
export const REVEAL_REASON_MIN_LENGTH = 10;

/** What a search matched: the normalised phone, the ID number's blind index, an order number, or a name prefix. */
export const BORROWER_SEARCH_KEYS = ['phone', 'idNumber', 'orderNo', 'name'] as const;
export type BorrowerSearchKey = (typeof BORROWER_SEARCH_KEYS)[number];

export const borrowerSearchRequestSchema = z.object({
  /** A phone (0912345678, 912345678, +84 912 345 678), an ID number (9 or 12 digits), an order number (SEN…), or the start of a name. */
  q: plainText(100)
    .trim()
    .min(2, { error: 'validation.admin.searchQuery' }),
});

export const borrowerSearchHitSchema = z.object({
  /** The borrower's number (the id their app shows); borrowers/detail takes it. */
  userId: z.number().int(),
  /** '091****678'; null for a closed account. */
  phoneMasked: z.string().nullable(),
  /** The name on their personal data; null before that step. */
  fullName: z.string().nullable(),
  /** '********2345'; null before the personal-data step. */
  idNumberMasked: z.string().nullable(),
  /** Which key found this borrower. */
  matchedBy: z.enum(BORROWER_SEARCH_KEYS),
  registeredAt: z.string(),
});
export type BorrowerSearchHit = z.infer<typeof borrowerSearchHitSchema>;

export const adminBorrowerSearchEndpoint = defineEndpoint({
  id: 'adminSearchBorrowers',
  method: 'GET',
  path: ADMIN_PATHS.borrowerSearch,
  summary: `Back office: borrowers by phone, ID number (its blind index), order number or the start of their name (case and diacritics ignored); at most ${BORROWER_SEARCH_LIMIT}, masked.`,
  module: 'borrower-view',
  request: borrowerSearchRequestSchema,
  response: z.object({ items: z.array(borrowerSearchHitSchema), keys: z.array(z.enum(BORROWER_SEARCH_KEYS)) }),
  signed: false,
  session: 'operator',
  permission: 'borrowers.read',
  errors: [...readErrors],
});

const money = z.number().int();

/** One credit rule's result as the engine recorded it (domain RuleResult). */
export const borrowerRuleResultSchema = z.object({
  rule: z.string(),
  passed: z.boolean(),
  /** What the rule looked at ('age 17 < 18'); for operators, never shown to borrowers. */
  detail: z.string(),
  onFail: z.string(),
});

export const borrowerInstalmentSchema = z.object({
  planPart: z.number().int(),
  dueDate: z.string(),
  principal: money,
  fee: money,
  /** The interest the schedule quoted (paid on time). */
  scheduledInterest: money,
  /** Interest and overdue fee accrued so far. */
  interestCharged: money,
  overdueFeeCharged: money,
  /** Everything paid on it (principal, fee, interest, overdue fee). */
  paid: money,
  settledAt: z.string().nullable(),
});

export const borrowerPaymentSchema = z.object({
  id: z.number().int(),
  /** 'transfer:<id>' or 'receipt:<id>'. */
  source: z.string(),
  amount: money,
  principal: money,
  fee: money,
  interest: money,
  overdueFee: money,
  /** Beyond what the loan owed: held for the borrower. */
  toCredit: money,
  businessDate: z.string(),
  at: z.string(),
});

export const borrowerOrderSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  productName: z.string(),
  /** pending, paying, payout_failed, rejected, closed, repaying, settled, written_off. */
  state: z.string(),
  principal: money,
  disbursedAmount: money,
  serviceFee: money,
  termDays: z.number().int(),
  planNums: z.number().int(),
  applyDate: z.string(),
  startDate: z.string().nullable(),
  disbursedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  instalments: z.array(borrowerInstalmentSchema),
  payments: z.array(borrowerPaymentSchema),
  // Servicing (decision 100): what the order holds to refund, whether it is overdue (a write-off may be proposed), its write-off.
  creditHeld: money,
  overdue: z.boolean(),
  writtenOffOn: z.string().nullable(),
  recovered: money,
  /** What was written off, and of it the principal (0 when the order was not written off). */
  writtenOff: money,
  writtenOffPrincipal: money,
  /**
   * Days past due today: of the oldest unpaid instalment (a loan being repaid), of the oldest with
   * something left to recover (written off); 0 otherwise.
   */
  daysPastDue: z.number().int(),
  /**
   * Principal not yet repaid. On a written-off order: the principal written off less what recovery
   * paid towards it, recovery counted against the overdue fee, fee and interest first (decision 111).
   * 0 for an order not paid out, settled or closed.
   */
  remainingPrincipal: money,
});

export const borrowerLedgerEntrySchema = z.object({
  id: z.number().int(),
  /** disbursement, fee_charged, daily_accrual, repayment, overpayment_credit, refund, write_off. */
  event: z.string(),
  orderNo: z.string().nullable(),
  businessDate: z.string(),
  memo: z.string(),
  at: z.string(),
  lines: z.array(z.object({ accountCode: z.string(), debit: money, credit: money })),
});

export const borrowerDetailSchema = z.object({
  borrower: z.object({
    userId: z.number().int(),
    /** '091****678'; null for a closed account. */
    phoneMasked: z.string().nullable(),
    /** closed: the borrower closed their account (decision 060). */
    status: z.enum(['active', 'closed']),
    registeredAt: z.string(),
  }),
  /** The personal-data step; null before it. The full ID number only through reveal. */
  profile: z
    .object({
      fullName: z.string(),
      idNumberMasked: z.string(),
      birthDate: z.string(),
      /** GENDERS state (1 male, 2 female). */
      sex: z.number().int(),
      provinceId: z.number().int(),
      monthlySalaryVnd: money,
      updatedAt: z.string(),
    })
    .nullable(),
  certification: z.object({
    /** Each configured item (ID, WORK, BANK, KYC, TELECOM) and its state ('10' not started … '30' done). */
    items: z.array(z.object({ item: z.string(), state: z.string() })),
    /** The overall userAuthState. */
    state: z.string(),
    kyc: z
      .object({
        /** Which ID images exist (revealed, watermarked, through reveal). */
        images: z.array(z.enum(['front', 'back', 'face'])),
        livenessPassed: z.boolean(),
        faceMatchScore: z.number().int().nullable(),
        completedAt: z.string().nullable(),
      })
      .nullable(),
  }),
  credit: z.object({
    account: z
      .object({
        /** 0 reviewing, 1 approved, 2 rejected. */
        status: z.number().int(),
        creditLimit: money,
        usedAmount: money,
        reviewPending: z.boolean(),
        decidedAt: z.string().nullable(),
        nextTryDate: z.string().nullable(),
        calmUntilDate: z.string().nullable(),
      })
      .nullable(),
    /** Newest first. */
    decisions: z.array(
      z.object({
        id: z.string(),
        outcome: z.string(),
        creditLimit: money,
        policyVersion: z.string(),
        ruleResults: z.array(borrowerRuleResultSchema),
        reasons: z.array(z.string()),
        nextTryDate: z.string().nullable(),
        at: z.string(),
      }),
    ),
  }),
  /** Newest first, each with its schedule and the money applied to it. */
  orders: z.array(borrowerOrderSchema),
  /** The ledger entries of the orders above, newest first. */
  ledger: z.array(borrowerLedgerEntrySchema),
  /** Messages sent to the borrower, newest first. */
  messages: z.array(z.object({ id: z.number().int(), template: z.string(), title: z.string(), content: z.string(), at: z.string(), readAt: z.string().nullable() })),
  consents: z.object({
    /** Privacy-policy answers, newest first. */
    privacy: z.array(z.object({ version: z.string(), agreed: z.boolean(), at: z.string() })),
    /** Loan agreements accepted with the orders above. */
    agreements: z.array(z.object({ orderNo: z.string(), document: z.string(), version: z.string(), acceptedAt: z.string(), ip: z.string(), deviceId: z.string() })),
  }),
  /** Sign-ins, password changes, lockouts; newest first. */
  securityEvents: z.array(
    z.object({ id: z.number().int(), type: z.string(), result: z.string(), method: z.string().nullable(), ip: z.string().nullable(), deviceId: z.string().nullable(), at: z.string() }),
  ),
  /** Device records saved after sign-in, most recently seen first. */
  devices: z.array(
    z.object({
      deviceId: z.string(),
      appVersion: z.string(),
      mobileType: z.number().int(),
      brand: z.string().nullable(),
      model: z.string().nullable(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
  /** How many rows each list holds at most (BORROWER_DETAIL_LIMITS). */
  limits: z.record(z.string(), z.number().int()),
});
export type BorrowerDetail = z.infer<typeof borrowerDetailSchema>;

export const adminBorrowerDetailEndpoint = defineEndpoint({
  id: 'adminBorrowerDetail',
  method: 'GET',
  path: ADMIN_PATHS.borrowerDetail,
  summary: "Back office: one borrower's page: profile and certification (masked), credit account and decisions with rule results, orders with schedules and payments, ledger entries, messages, consents, security events, devices (the latest of each).",
  module: 'borrower-view',
  request: z.object({ userId: idSchema }),
  response: borrowerDetailSchema,
  signed: false,
  session: 'operator',
  permission: 'borrowers.read',
  errors: [...readErrors, 'BORROWER_NOT_FOUND'],
});

export const REVEAL_TARGETS = ['idNumber', 'idImages'] as const;
export type RevealTarget = (typeof REVEAL_TARGETS)[number];

export const borrowerRevealRequestSchema = z.object({
  userId: idSchema,
  what: z.enum(REVEAL_TARGETS, { error: 'validation.select' }),
  /** Why the operator needs it (read by whoever audits the trail). */
  reason: plainText(500)
    .trim()
    .min(REVEAL_REASON_MIN_LENGTH, { error: 'validation.admin.revealReason' }),
});

export const borrowerRevealSchema = z.object({
  what: z.enum(REVEAL_TARGETS),
  /** what = idNumber: the full ID number. */
  idNumber: z.string().nullable(),
  /** what = idImages: a link per image, served only to this operator's session, watermarked, until `expiresAt`. */
  images: z.array(z.object({ side: z.enum(['front', 'back', 'face']), url: z.string() })),
  expiresAt: z.string().nullable(),
});
export type BorrowerReveal = z.infer<typeof borrowerRevealSchema>;

export const adminBorrowerRevealEndpoint = defineEndpoint({
  id: 'adminRevealBorrower',
  method: 'POST',
  path: ADMIN_PATHS.borrowerReveal,
  summary: "Back office: a borrower's full ID number, or short-lived links to their ID images (watermarked with the operator and the time), with a stated reason; audited.",
  module: 'borrower-view',
  request: borrowerRevealRequestSchema,
  response: borrowerRevealSchema,
  signed: false,
  session: 'operator',
  permission: 'borrowers.reveal',
  audited: 'borrower.reveal',
  errors: [...readErrors, 'BORROWER_NOT_FOUND', 'REVEAL_NOTHING'],
});

export const adminBorrowerIdImageEndpoint = defineEndpoint({
  id: 'adminBorrowerIdImage',
  method: 'GET',
  path: ADMIN_PATHS.borrowerIdImage,
  summary: 'Back office: one ID image a reveal linked to, watermarked with the operator and the time; only to the session that revealed it, only until the link expires.',
  module: 'borrower-view',
  request: z.object({ token: z.string().regex(/^[A-Za-z0-9_.-]{1,300}$/, { error: 'error.revealLinkInvalid' }) }),
  /** JPEG bytes (not an envelope). */
  response: z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array),
  binaryResponse: 'image/jpeg',
  signed: false,
  session: 'operator',
  permission: 'borrowers.reveal',
  errors: [...readErrors, 'REVEAL_LINK_INVALID'],
});
