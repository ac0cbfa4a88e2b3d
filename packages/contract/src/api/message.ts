import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { wireIntList, wireOptionalInt } from '../wire.ts';
import { API_PATHS } from './paths.ts';

/**
 * The borrower's messages (issue 10; API-FAMILY.md §8 "fcm/sendRecord"). Every message comes from
 * a real event through the server's `messages.notify`, one template per kind of event.
 */
export const MESSAGE_TEMPLATES = [
  'creditReviewStarted',
  'creditApproved',
  'creditRejected',
  'newProducts',
  'loanDisbursed',
  'payoutFailed',
  'dueReminder',
  'overdue',
  // Repayments (issue 12, modules/repayment).
  'repaymentReceived',
  'loanSettled',
  'creditLimitRaised',
  'repaymentCreditHeld',
  'repaymentReceiptRejected',
  // Credit reviews a person decides (decision 095): the reviewer's request for information.
  'creditInfoRequested',
  // Refunds of an overpayment (issue 23; decision 100).
  'refundSent',
  'refundFailed',
  // Restructuring (issue 23 item 5; decision 117): an offer approved for the borrower to review.
  'restructureOffered',
] as const;
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];

/** The most records one page serves; the family's clients ask for 9999 (VT) or 999 (KMP) and get the newest this many. */
export const MESSAGE_PAGE_MAX = 100;
/** A page when the client names no size. */
export const MESSAGE_PAGE_DEFAULT = 20;
/** The most ids one update may name. */
export const MESSAGE_UPDATE_MAX_IDS = 500;

const pageNumber = (fallback: number) =>
  wireOptionalInt()
    .refine((value) => value === undefined || (value >= 1 && value <= 1_000_000), { error: 'error.requestFailed' })
    .transform((value) => value ?? fallback);

/** `{pageNum, pageSize}` as VT and KMP send them (numbers or numeric strings); sizes above the maximum are served the maximum. */
export const messageListRequestSchema = z.object({
  pageNum: pageNumber(1),
  pageSize: pageNumber(MESSAGE_PAGE_DEFAULT).transform((size) => Math.min(size, MESSAGE_PAGE_MAX)),
});
export type MessageListRequest = z.input<typeof messageListRequestSchema>;

/**
 * One message as the family reads it (VT `MessageRecord`, KMP `MessageBean`). `readStatus` is a
 * boolean as VT (the newer client) expects; KMP's Int reading is not served (API-FAMILY.md §8).
 */
export const messageRecordSchema = z.object({
  /** The message's number (ids on the wire are numbers). */
  id: z.number().int(),
  readStatus: z.boolean(),
  /** The title, in the language of the request (`lang`): messages are stored as template and parameters and rendered on read (decision 113). */
  theme: z.string(),
  content: z.string(),
  /** Sent at, Vietnam time, 'dd-MM-yyyy HH:mm:ss' (what VT parses). */
  createTime: z.string(),
  /** The family's second time field; Sen puts the sending time there too [INFERRED]. */
  respTime: z.string(),
  /** The negation of readStatus (the family's dot on the item). */
  unreadMark: z.boolean(),
  /** The borrower's unread messages in all, repeated on every record as the family's bean carries it. */
  unreadCount: z.number().int(),
  /** Extra fields (old clients ignore them): the kind of event, and the sending time as ISO 8601. */
  template: z.enum(MESSAGE_TEMPLATES),
  createdAt: z.string(),
});
export type MessageRecord = z.infer<typeof messageRecordSchema>;

export const messagePageSchema = z.object({
  /** All of the borrower's messages (the family's paging field). */
  total: z.number().int(),
  /** Newest first. */
  list: z.array(messageRecordSchema),
  /** Extra fields: the page served (pageSize after the maximum) and the unread count. */
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  unreadCount: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/**
 * Marks messages read: `recordIdStr` "1,2,3" (VT, VH2) or `recordIdList` [1,2,3] (KMP), or both
 * (the union is marked). Ids that are not the caller's are ignored, never revealed.
 */
export const messageUpdateRequestSchema = z
  .object({
    recordIdStr: wireIntList({ optional: true }).optional(),
    recordIdList: wireIntList({ optional: true }).optional(),
  })
  .transform(({ recordIdStr, recordIdList }) => ({ ids: [...new Set([...(recordIdStr ?? []), ...(recordIdList ?? [])])] }))
  .refine((value) => value.ids.length > 0, { error: 'validation.required' })
  .refine((value) => value.ids.length <= MESSAGE_UPDATE_MAX_IDS, { error: 'error.requestFailed' });
export type MessageUpdateRequest = z.input<typeof messageUpdateRequestSchema>;

export const messageUpdateResponseSchema = z.object({
  /** How many of the named messages became read now (already read or not the caller's: not counted). */
  updated: z.number().int(),
  unreadCount: z.number().int(),
});
export type MessageUpdateResult = z.infer<typeof messageUpdateResponseSchema>;

export const messageUnreadCountSchema = z.object({ unreadCount: z.number().int() });
export type MessageUnreadCount = z.infer<typeof messageUnreadCountSchema>;

export const messageDetailRequestSchema = z.object({
  id: wireOptionalInt().refine((value) => value !== undefined, { error: 'validation.required' }).transform((value) => value as number),
});
export type MessageDetailRequest = z.input<typeof messageDetailRequestSchema>;

export const messageListEndpoint = defineEndpoint({
  id: 'listMessages',
  method: 'POST',
  path: API_PATHS.messageList,
  summary: "The caller's messages, newest first, one page (pageNum from 1; pageSize served up to 100). A visitor gets an empty page.",
  module: 'message',
  request: messageListRequestSchema,
  response: messagePageSchema,
  signed: true,
  session: 'optional',
  errors: ['VALIDATION_FAILED'],
});

export const messageUpdateEndpoint = defineEndpoint({
  id: 'markMessagesRead',
  method: 'POST',
  path: API_PATHS.messageUpdate,
  summary: "Marks the caller's messages read by recordIdStr ('1,2,3') or recordIdList ([1,2,3]); other users' ids are ignored.",
  module: 'message',
  request: messageUpdateRequestSchema,
  response: messageUpdateResponseSchema,
  signed: true,
  session: 'required',
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED'],
});

export const messageUnreadCountEndpoint = defineEndpoint({
  id: 'countUnreadMessages',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.messageUnreadCount,
  summary: "How many of the caller's messages are unread (0 for a visitor): the badge on Mine.",
  module: 'message',
  request: z.object({}),
  response: messageUnreadCountSchema,
  signed: true,
  session: 'optional',
  errors: [],
});

export const messageDetailEndpoint = defineEndpoint({
  id: 'getMessage',
  method: 'POST',
  path: API_PATHS.messageDetail,
  summary: "One of the caller's messages by id (404 for any other id); reading it does not mark it read.",
  module: 'message',
  request: messageDetailRequestSchema,
  response: messageRecordSchema,
  signed: true,
  session: 'required',
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED', 'NOT_FOUND'],
});
