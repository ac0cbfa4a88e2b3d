import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { plainText } from '../../wire.ts';
import { isCalendarDay } from '../common.ts';
import { borrowerOrderSchema } from './borrowers.ts';
import { idSchema, operatorRefSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';

/**
 * Collections within the law (issue 23 item 1; docs/decisions/098-collection-cases-and-the-contact-governor.md,
 * 099-promises-to-pay-and-dunning-as-data.md): every overdue loan is a case in a days-past-due
 * bucket, assigned to a collector; every contact with a borrower, by a person or by the dunning
 * job, passes the contact governor, which refuses it with a stated rule.
 */

const readErrors = ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'] as const;

/** The law, as the governor applies it (decision 098). */
export const CONTACT_RULES = {
  /** Contacts per borrower and Vietnam day, across calls, SMS and in-app messages (the 6th is refused). */
  perDay: 5,
  /** Vietnam hours [from, until): 07:00 allowed, 21:00 refused. */
  fromHour: 7,
  untilHour: 21,
} as const;

/**
 * The governor's rules, in the order it applies them; a refusal names one. `loan_sms_today`: an
 * automatic SMS (a repayment reminder or a dunning step) about a loan that already had one that
 * Vietnam day (decision 108: never two automatic SMS a day about one loan).
 */
export const GOVERNOR_RULES = ['not_borrower', 'template_not_approved', 'sms_link', 'outside_hours', 'daily_limit', 'loan_sms_today'] as const;
export type GovernorRule = (typeof GOVERNOR_RULES)[number];

export const CONTACT_CHANNELS = ['call', 'sms', 'message', 'note'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CALL_OUTCOMES = ['answered', 'no_answer', 'busy', 'promised', 'refused_to_pay', 'wrong_number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** At most this many days ahead a promise may be dated. */
export const PROMISE_MAX_DAYS = 30;

const money = z.number().int();
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateSchema = z.string({ error: 'validation.admin.dateFormat' }).regex(DATE, { error: 'validation.admin.dateFormat' }).refine(isCalendarDay, { error: 'validation.admin.dateFormat' });

export const collectionBucketSchema = z.object({
  code: z.string(),
  minDays: z.number().int(),
  /** null: no upper bound. */
  maxDays: z.number().int().nullable(),
  /** Open cases in it now. */
  open: z.number().int(),
});

export const collectionPromiseSchema = z.object({
  id: z.number().int(),
  amount: money,
  /** Pay by the end of this Vietnam day. */
  promisedDate: z.string(),
  madeOn: z.string(),
  status: z.enum(['open', 'kept', 'broken']),
  /** Paid on the loan since the promise was made (when decided: through the promised date). */
  paid: money,
  note: z.string(),
  operator: operatorRefSchema.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CollectionPromise = z.infer<typeof collectionPromiseSchema>;

export const collectionCaseSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  /** The borrower's number (borrowers/detail takes it). */
  userId: z.number().int(),
  borrowerName: z.string().nullable(),
  /** '091****678'. */
  phoneMasked: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  bucket: z.string(),
  daysPastDue: z.number().int(),
  /** What the loan owes now (charged − paid), whole VND. */
  owed: money,
  assignee: operatorRefSchema.nullable(),
  assignedBy: z.enum(['rule', 'hand']).nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** repaid: settled; cured: the overdue instalments paid; written_off: the loan was written off (decision 108). */
  closeReason: z.enum(['repaid', 'cured', 'written_off']).nullable(),
  /** The open promise to pay, if any. */
  openPromise: z.object({ amount: money, promisedDate: z.string() }).nullable(),
  lastContactAt: z.string().nullable(),
});
export type CollectionCase = z.infer<typeof collectionCaseSchema>;

export const collectionContactSchema = z.object({
  id: z.number().int(),
  channel: z.enum(CONTACT_CHANNELS),
  /** sent: made (a call logged, an SMS or message sent); refused: the governor refused it; noted: a note. */
  status: z.enum(['sent', 'refused', 'noted']),
  refusedRule: z.enum(GOVERNOR_RULES).nullable(),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  template: z.string().nullable(),
  targetMasked: z.string(),
  targetKind: z.enum(['borrower', 'other', 'none']),
  content: z.string(),
  /** null: the dunning job. */
  operator: operatorRefSchema.nullable(),
  businessDate: z.string(),
  at: z.string(),
});
export type CollectionContact = z.infer<typeof collectionContactSchema>;

export const collectionTemplateSchema = z.object({ code: z.string(), channel: z.enum(['sms', 'message']), body: z.string(), approved: z.boolean() });

/** What to do next on a case, worked out from its promises, contacts and dunning rules. */
export const nextActionSchema = z.object({
  kind: z.enum(['closed', 'follow_up_broken_promise', 'await_promise', 'contact_borrower', 'daily_limit_reached', 'wait_for_hours']),
  /** The date it concerns (a promise's date). */
  date: z.string().nullable(),
  /** The next automatic dunning step: day past due and template. */
  nextDunning: z.object({ dayPastDue: z.number().int(), template: z.string() }).nullable(),
});
export type NextAction = z.infer<typeof nextActionSchema>;

export const collectionCaseDetailSchema = z.object({
  case: collectionCaseSchema,
  /** The loan's schedule and payments (the borrower view's order). */
  order: borrowerOrderSchema,
  /** Newest first, refusals included. */
  contacts: z.array(collectionContactSchema),
  /** Newest first. */
  promises: z.array(collectionPromiseSchema),
  dunning: z.array(z.object({ dayPastDue: z.number().int(), template: z.string(), channel: z.enum(['sms', 'message']), active: z.boolean() })),
  /** Every template (approved or not: the form offers only approved ones). */
  templates: z.array(collectionTemplateSchema),
  /** Numbers the case knows: the borrower's, and their emergency contacts' (never to be contacted about the debt). */
  targets: z.array(z.object({ key: z.string(), kind: z.enum(['borrower', 'emergency']), name: z.string().nullable(), phoneMasked: z.string().nullable() })),
  /** The Vietnam business date now (a promise is dated from it). */
  today: z.string(),
  /** Contacts made today (Vietnam day) with this borrower, and the most allowed. */
  contactsToday: z.number().int(),
  rules: z.object({ perDay: z.number().int(), fromHour: z.number().int(), untilHour: z.number().int() }),
  nextAction: nextActionSchema,
});
export type CollectionCaseDetail = z.infer<typeof collectionCaseDetailSchema>;

export const collectionCaseListRequestSchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  bucket: z.string().trim().max(20).optional(),
  /** 'me', 'none' (not assigned) or an operator id. */
  assignee: z
    .string()
    .regex(/^(me|none|\d{1,9})$/, { error: 'validation.select' })
    .optional(),
  /** An order number (or its start). */
  orderNo: z.string().trim().max(40).optional(),
  /** Only cases with an open promise whose date passed / a broken promise. */
  promise: z.enum(['open', 'broken']).optional(),
});

export const adminCollectionCasesEndpoint = defineEndpoint({
  id: 'adminCollectionCases',
  method: 'GET',
  path: ADMIN_PATHS.collectionCases,
  summary: 'Back office: collection cases (open by default) by bucket, assignee, order number or promise state, most days past due first (at most 200); the buckets with their open counts and the collectors to assign to.',
  module: 'collections',
  request: collectionCaseListRequestSchema,
  response: z.object({
    items: z.array(collectionCaseSchema),
    buckets: z.array(collectionBucketSchema),
    /** Active operators who work collections, with their open cases. */
    collectors: z.array(operatorRefSchema.extend({ open: z.number().int() })),
  }),
  signed: false,
  session: 'operator',
  permission: 'collections.read',
  errors: [...readErrors],
});

export const adminCollectionCaseEndpoint = defineEndpoint({
  id: 'adminCollectionCase',
  method: 'GET',
  path: ADMIN_PATHS.collectionCase,
  summary: "Back office: one case: the loan's schedule and payments, the contact log (refusals included), promises to pay, dunning rules, templates, the numbers on file and the next action.",
  module: 'collections',
  request: z.object({ caseId: idSchema }),
  response: collectionCaseDetailSchema,
  signed: false,
  session: 'operator',
  permission: 'collections.read',
  errors: [...readErrors, 'COLLECTION_CASE_NOT_FOUND'],
});

/**
 * A contact: `target` is 'borrower', 'emergency:1' / 'emergency:2' (the borrower's emergency
 * contacts: always refused), or a phone number typed in. An SMS or in-app message names a template.
 */
export const collectionContactRequestSchema = z
  .object({
    caseId: idSchema,
    channel: z.enum(CONTACT_CHANNELS, { error: 'validation.select' }),
    target: z
      .string()
      .trim()
      .regex(/^(borrower|emergency:[12]|0\d{9}|\+?84\d{9})$/, { error: 'validation.collections.target' })
      .optional(),
    outcome: z.enum(CALL_OUTCOMES, { error: 'validation.collections.outcomeRequired' }).optional(),
    template: z.string().trim().max(60).optional(),
    note: plainText(1000).trim().optional(),
  })
  .superRefine((input, context) => {
    if (input.channel === 'call' && !input.outcome) context.addIssue({ code: 'custom', path: ['outcome'], message: 'validation.collections.outcomeRequired' });
    if ((input.channel === 'call' || input.channel === 'sms') && !input.target) context.addIssue({ code: 'custom', path: ['target'], message: 'validation.collections.target' });
    if ((input.channel === 'sms' || input.channel === 'message') && !input.template) context.addIssue({ code: 'custom', path: ['template'], message: 'validation.collections.templateRequired' });
    if (input.channel === 'note' && !input.note) context.addIssue({ code: 'custom', path: ['note'], message: 'validation.collections.noteRequired' });
  });

export const contactRefusalSchema = z.object({
  rule: z.enum(GOVERNOR_RULES),
  /** The rule in the caller's language. */
  message: z.string(),
});
export type ContactRefusal = z.infer<typeof contactRefusalSchema>;

export const adminCollectionContactEndpoint = defineEndpoint({
  id: 'adminCollectionContact',
  method: 'POST',
  path: ADMIN_PATHS.collectionContact,
  summary:
    'Back office: logs a call, sends an SMS or in-app message, or writes a note on a case. Every contact passes the contact governor; a refused one is recorded and answered with its rule (`refusal`), nothing is sent.',
  module: 'collections',
  request: collectionContactRequestSchema,
  response: z.object({ contact: collectionContactSchema, refusal: contactRefusalSchema.nullable() }),
  signed: false,
  session: 'operator',
  permission: 'collections.work',
  audited: 'collection.contact',
  errors: [...readErrors, 'COLLECTION_CASE_NOT_FOUND', 'COLLECTION_CASE_CLOSED'],
});

export const adminCollectionPromiseEndpoint = defineEndpoint({
  id: 'adminCollectionPromise',
  method: 'POST',
  path: ADMIN_PATHS.collectionPromise,
  summary: `Back office: records the borrower's promise to pay an amount by a Vietnam date (today to ${PROMISE_MAX_DAYS} days ahead); kept or broken is decided by the payments that arrive, never by hand.`,
  module: 'collections',
  request: z.object({
    caseId: idSchema,
    amount: z.number({ error: 'validation.collections.amount' }).int({ error: 'validation.collections.amount' }).min(1, { error: 'validation.collections.amount' }).max(10_000_000_000, { error: 'validation.collections.amount' }),
    promisedDate: dateSchema,
    note: plainText(500).trim().optional(),
  }),
  response: z.object({ promise: collectionPromiseSchema }),
  signed: false,
  session: 'operator',
  permission: 'collections.work',
  audited: 'collection.promise',
  errors: [...readErrors, 'COLLECTION_CASE_NOT_FOUND', 'COLLECTION_CASE_CLOSED', 'COLLECTION_PROMISE_DATE'],
});

export const adminCollectionAssignEndpoint = defineEndpoint({
  id: 'adminCollectionAssign',
  method: 'POST',
  path: ADMIN_PATHS.collectionAssign,
  summary: 'Back office: assigns an open case to a collector by hand (operatorId null: back to the rule, which assigns it on its next run).',
  module: 'collections',
  request: z.object({ caseId: idSchema, operatorId: idSchema.nullable() }),
  response: z.object({ case: collectionCaseSchema }),
  signed: false,
  session: 'operator',
  permission: 'collections.assign',
  audited: 'collection.assign',
  errors: [...readErrors, 'COLLECTION_CASE_NOT_FOUND', 'COLLECTION_CASE_CLOSED', 'COLLECTION_ASSIGNEE_INVALID'],
});
