import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { plainText } from '../wire.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

/**
 * The borrower's data rights with deadlines (issue 25 item 9; Law on Personal Data Protection
 * 91/2025 and Decree 356/2025, in force from 1 January 2026; docs/decisions/116): a request to
 * access, correct, delete, restrict or object to the processing of one's personal data, or to
 * withdraw a consent, acknowledged at once, due within 15 days (one extension of up to 15 more).
 */

/** What a borrower may ask. `withdraw_consent` names the consent (`consent`) and takes effect at once. */
export const DATA_REQUEST_KINDS = ['access', 'correct', 'delete', 'restrict', 'object', 'withdraw_consent'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/**
 * The consents a borrower can withdraw. `lending`: processing personal data to assess credit and
 * make new loans (without it no new loan; existing loans are still serviced under their contracts
 * and the law). `tracking`: recording the pages opened and taps in the app (decision 066).
 */
export const CONSENT_PURPOSES = ['lending', 'tracking'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** open: waiting for an operator; completed: done (with a note); refused: with a reason. */
export const DATA_REQUEST_STATES = ['open', 'completed', 'refused'] as const;
export type DataRequestState = (typeof DATA_REQUEST_STATES)[number];

/** The deadlines (decision 116): acknowledge within 2 working days, complete within 15 days, one extension of at most 15 days. */
export const DATA_REQUEST_DEADLINES = {
  acknowledgeWorkingDays: 2,
  completeDays: 15,
  maxExtensionDays: 15,
  /** The back office reminds operators of an open request due within this many Vietnam working days, or overdue (decision 121). */
  remindWorkingDays: 2,
} as const;

/** The kinds whose details must say what (which data to correct, what to restrict or object to). */
export const DATA_REQUEST_KINDS_NEEDING_DETAILS: readonly DataRequestKind[] = ['correct', 'restrict', 'object'];
export const DATA_REQUEST_DETAILS_MIN = 10;
export const DATA_REQUEST_DETAILS_MAX = 1000;

export const dataRequestKindSchema = z.enum(DATA_REQUEST_KINDS, { error: 'validation.select' });
export const consentPurposeSchema = z.enum(CONSENT_PURPOSES, { error: 'validation.dataRequest.consentRequired' });

/** The details text: trimmed; required (≥ 10 characters) for the kinds that must say what; at most 1000. */
export const dataRequestDetailsSchema = plainText(DATA_REQUEST_DETAILS_MAX + 1000)
  .transform((text) => text.trim())
  .pipe(z.string().max(DATA_REQUEST_DETAILS_MAX, { error: 'validation.dataRequest.detailsTooLong' }));

export const fileDataRequestSchema = z
  .object({
    kind: dataRequestKindSchema,
    /** Which consent, with `withdraw_consent` only. */
    consent: consentPurposeSchema.optional(),
    details: z.preprocess((value) => (value === undefined || value === null ? '' : value), dataRequestDetailsSchema),
  })
  .superRefine((request, context) => {
    if (request.kind === 'withdraw_consent' && !request.consent) {
      context.addIssue({ code: 'custom', path: ['consent'], message: 'validation.dataRequest.consentRequired' });
    }
    if (DATA_REQUEST_KINDS_NEEDING_DETAILS.includes(request.kind) && request.details.length < DATA_REQUEST_DETAILS_MIN) {
      context.addIssue({ code: 'custom', path: ['details'], message: 'validation.dataRequest.detailsTooShort' });
    }
  });
export type FileDataRequest = z.input<typeof fileDataRequestSchema>;
export type ParsedFileDataRequest = z.output<typeof fileDataRequestSchema>;

/** One request as its borrower sees it. Dates ('YYYY-MM-DD') are Vietnam days; a deadline is the end of its day. */
export const dataRequestSchema = z.object({
  id: z.number().int(),
  kind: dataRequestKindSchema,
  consent: consentPurposeSchema.nullable(),
  details: z.string(),
  state: z.enum(DATA_REQUEST_STATES),
  /** ISO time it was filed. */
  filedAt: z.string(),
  /** ISO time it was acknowledged (at filing: the receipt the borrower sees at once). */
  acknowledgedAt: z.string(),
  /** Acknowledge by the end of this Vietnam day (2 working days after filing). */
  acknowledgeDue: z.string(),
  /** Complete by the end of this Vietnam day (15 days after filing). */
  due: z.string(),
  /** After the one extension: the new due day; null when not extended. */
  extendedDue: z.string().nullable(),
  extensionReason: z.string().nullable(),
  /** ISO time it was completed or refused. */
  closedAt: z.string().nullable(),
  /** What was done (completed) or why not (refused). */
  outcome: z.string().nullable(),
});
export type DataRequestView = z.infer<typeof dataRequestSchema>;

/** A consent the borrower has withdrawn and not given again. */
export const withdrawnConsentSchema = z.object({ consent: consentPurposeSchema, withdrawnAt: z.string() });
export type WithdrawnConsent = z.infer<typeof withdrawnConsentSchema>;

export const myDataRightsSchema = z.object({
  /** Newest first. */
  requests: z.array(dataRequestSchema),
  withdrawnConsents: z.array(withdrawnConsentSchema),
});
export type MyDataRights = z.infer<typeof myDataRightsSchema>;

export const fileDataRequestEndpoint = defineEndpoint({
  id: 'fileDataRequest',
  method: 'POST',
  path: API_PATHS.dataRightsFile,
  summary:
    'Files a data-subject request (access, correct, delete, restrict, object, withdraw a consent), acknowledged at once with its deadlines; one open request per kind. Withdrawing a consent takes effect at once.',
  module: 'privacy',
  request: fileDataRequestSchema,
  response: dataRequestSchema,
  signed: true,
  session: 'required',
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED', 'DATA_REQUEST_OPEN', 'CONSENT_ALREADY_WITHDRAWN'],
});

export const myDataRightsEndpoint = defineEndpoint({
  id: 'listMyDataRequests',
  method: 'POST',
  path: API_PATHS.dataRightsList,
  summary: "The caller's data-subject requests (newest first) and the consents they have withdrawn.",
  module: 'privacy',
  request: emptyRequestSchema,
  response: myDataRightsSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const restoreConsentEndpoint = defineEndpoint({
  id: 'restoreConsent',
  method: 'POST',
  path: API_PATHS.dataRightsRestoreConsent,
  summary: 'Gives a withdrawn consent again (e.g. lending: new loans are possible again).',
  module: 'privacy',
  request: z.object({ consent: consentPurposeSchema }),
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED', 'CONSENT_NOT_WITHDRAWN'],
});
