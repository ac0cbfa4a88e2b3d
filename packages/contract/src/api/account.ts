import { z } from 'zod';
import { defineEndpoint, IMAGE_PART } from '../endpoint.ts';
import { plainText, wireIntCode, wireOptionalInt, wireOptionalText } from '../wire.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

/**
 * The account lifecycle of the "mine" area (issue 13): closing the account, the borrower's data
 * export (Law 91/2025 on personal data), the consent history, and feedback.
 */

/**
 * Why the borrower closes the account (SPEC.md §3, in its order): 1 not recognising the loan
 * products, 2 cancelling excess accounts, 3 no demand for use, 4 others (with a free text).
 */
export const CLOSE_REASONS = [1, 2, 3, 4] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
export const CLOSE_REASON_OTHERS: CloseReason = 4;
export const CLOSE_REASON_REMARK_MAX = 200;

/**
 * `delete/user` (API-FAMILY.md §3.6): the family's clients send `{rid: <user id>}` and nothing
 * else; our web app adds the reason. A `rid` that is not the caller's own number is refused.
 */
export const deleteUserRequestSchema = z.object({
  /** The caller's public user number, as the family sends it (number or numeric text). */
  rid: wireOptionalInt(),
  /** One of CLOSE_REASONS; absent from the family's clients. */
  reason: z.preprocess((value) => (value === '' || value === null || value === 'null' ? undefined : value), wireIntCode(CLOSE_REASONS).optional()),
  /** Free text with reason 4 (others). */
  remark: wireOptionalText(CLOSE_REASON_REMARK_MAX),
});
export type DeleteUserRequest = z.input<typeof deleteUserRequestSchema>;
export type ParsedDeleteUserRequest = z.output<typeof deleteUserRequestSchema>;

export const deleteUserEndpoint = defineEndpoint({
  id: 'closeAccount',
  method: 'POST',
  path: API_PATHS.deleteUser,
  summary:
    'Closes the account: refused while a close guard objects (a loan not settled); otherwise every session is revoked at once and personal data is erased after the retention period.',
  module: 'account',
  request: deleteUserRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED', 'ACCOUNT_CLOSE_REFUSED', 'ACCOUNT_WRONG_USER'],
});

/** The borrower's data export: every section a module holds about the caller, by section name. */
export const dataExportResponseSchema = z.object({
  /** What this file is (so a downloaded file explains itself). */
  format: z.literal('sen-personal-data-export'),
  /** ISO time the export was made. */
  generatedAt: z.string(),
  /** The caller's public user number. */
  userId: z.number().int(),
  /** One entry per registered section (profile, devices, sessions, consents, feedback, ...). */
  sections: z.record(z.string(), z.unknown()),
});
export type DataExport = z.infer<typeof dataExportResponseSchema>;

export const dataExportEndpoint = defineEndpoint({
  id: 'exportPersonalData',
  method: 'POST',
  path: API_PATHS.dataExport,
  summary: 'Everything Sen holds about the caller, as one JSON document (images listed, not their bytes; card numbers masked; no tokens).',
  module: 'account',
  request: emptyRequestSchema,
  response: dataExportResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

/** One Agree or Reject of a privacy-policy version. */
export const consentRecordSchema = z.object({
  version: z.string(),
  agreed: z.boolean(),
  /** ISO time of the answer. */
  createdAt: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

export const consentHistoryEndpoint = defineEndpoint({
  id: 'listPrivacyConsents',
  method: 'POST',
  path: API_PATHS.consentHistory,
  summary: "The caller's privacy-policy answers (version, agreed or not, when), newest first.",
  module: 'user',
  request: emptyRequestSchema,
  response: z.array(consentRecordSchema),
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

/** Feedback text limits (the family's `score/review` has only `content`). */
export const FEEDBACK_MAX_LENGTH = 1000;
export const FEEDBACK_MAX_IMAGES = 3;

export const feedbackContentSchema = plainText(FEEDBACK_MAX_LENGTH + 1000)
  .transform((text) => text.trim())
  .pipe(z.string().min(1, { error: 'validation.required' }).max(FEEDBACK_MAX_LENGTH, { error: 'validation.feedback.tooLong' }));

/** `score/review` (API-FAMILY.md §8): `{content}`. */
export const scoreReviewRequestSchema = z.object({
  content: z.preprocess((value) => (value === null || value === 'null' ? undefined : value), feedbackContentSchema),
});
export type ScoreReviewRequest = z.input<typeof scoreReviewRequestSchema>;

/**
 * Our web app's feedback call: the same `content` as a multipart text part, plus up to
 * FEEDBACK_MAX_IMAGES pictures in the file parts image1..image3 (checked and re-encoded like every
 * upload, docs/decisions/040).
 */
export const FEEDBACK_IMAGE_PARTS = ['image1', 'image2', 'image3'] as const;

/** The borrower's confirmation: the feedback's number and when it was received. */
export const feedbackReceiptSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
});
export type FeedbackReceipt = z.infer<typeof feedbackReceiptSchema>;

export const scoreReviewEndpoint = defineEndpoint({
  id: 'submitFeedback',
  method: 'POST',
  path: API_PATHS.scoreReview,
  summary: "Stores the borrower's feedback text for operators and answers its receipt.",
  module: 'feedback',
  request: scoreReviewRequestSchema,
  response: feedbackReceiptSchema,
  signed: true,
  session: 'required',
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED'],
});

export const feedbackSubmitEndpoint = defineEndpoint({
  id: 'submitFeedbackWithImages',
  method: 'POST',
  path: API_PATHS.feedbackSubmit,
  summary: "Stores the borrower's feedback text with up to three pictures (multipart) and answers its receipt.",
  module: 'feedback',
  request: scoreReviewRequestSchema,
  response: feedbackReceiptSchema,
  signed: true,
  session: 'required',
  bodyEncoding: 'multipart',
  fileParts: FEEDBACK_IMAGE_PARTS.map((name) => ({ name, required: false, description: 'A picture (JPEG, PNG or WebP, at most 8 MB)', ...IMAGE_PART })),
  otherFilePartsRefusedWith: 'validation.feedback.tooManyImages',
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED', 'UPLOAD_MISSING', 'UPLOAD_TOO_LARGE', 'UPLOAD_NOT_IMAGE', 'UPLOAD_DAMAGED', 'UPLOAD_TOO_SMALL'],
});

/** One feedback as its author sees it. */
export const feedbackItemSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  /** Owner-only links to its pictures (valid for a few minutes; GET getUserFile). */
  images: z.array(z.string()),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackListEndpoint = defineEndpoint({
  id: 'listMyFeedback',
  method: 'POST',
  path: API_PATHS.feedbackList,
  summary: "The caller's own feedback, newest first (at most 50).",
  module: 'feedback',
  request: emptyRequestSchema,
  response: z.array(feedbackItemSchema),
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

/** The back office's feedback list (api/admin/operations.ts; permission borrowers.read). */
export const operatorFeedbackRequestSchema = z.object({
  /** Only feedback with an id below this (paging backwards). */
  before: wireOptionalInt(),
  limit: z.preprocess((value) => (value === undefined || value === '' ? 50 : Number(value)), z.number().int().min(1).max(200)),
});

export const operatorFeedbackItemSchema = feedbackItemSchema.extend({
  /** The author's public user number. */
  userId: z.number().int(),
  /** 'web' or 'family' (a native client of the family, which sends text only). */
  source: z.string(),
});
export type OperatorFeedbackItem = z.infer<typeof operatorFeedbackItemSchema>;

