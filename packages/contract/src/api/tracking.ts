import { z } from 'zod';
import { AD_PUSH_MARK } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { plainText, wireOptionalInt, wireOptionalText } from '../wire.ts';
import { isCalendarDay, nullResponseSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

/**
 * Behaviour tracking, ad attribution and client logs (SPEC.md §3, §7; docs/decisions/065, 066).
 * The family's clients never call these two paths (API-FAMILY.md §8), so their shapes are ours:
 * one event of SPEC §3 at the top level (what a single-event H5 client posts) or a batch
 * `{events: [...]}` (what our web app posts). Unknown fields are dropped.
 */

/** Limits the server enforces and the web app respects (one place for both). */
export const TRACKING_LIMITS = {
  /** Events in one burying/event/send call; more is refused (the web app flushes at 20). */
  maxEventsPerBatch: 100,
  /** Records in one survey log post. */
  maxLogsPerBatch: 100,
  /** Characters of one event's `result` (a JSON text or 'success'). */
  maxResultChars: 4096,
  /** Characters of one survey record's text. */
  maxSurveyChars: 8192,
} as const;

/** Names of the acts the product sends; the conversion funnel counts some of them. */
export const TRACKING_ACTS = {
  /** The first event of a browser session (SPEC.md §4: the session flag). */
  inApp: 'in_app',
  pageView: 'page_view',
  loginSuccess: 'login_success',
  /** A loan application submitted (single or batch) and accepted by the server. */
  loanApply: 'loan_apply',
  /** The app saw a loan paid out (order status past payout). */
  loanPayout: 'loan_payout',
  /** A repayment completed. */
  repaySuccess: 'repay_success',
  /** An ad-attribution event (pushMark 2). */
  adEvent: 'ad_event',
} as const;

/** Tracking page names of the paths SPEC.md §2 names; any other path is tracked as it is. */
export const TRACKING_PAGE_NAMES: Readonly<Record<string, string>> = {
  '/login': 'login',
  '/login/create-password': 'create_password',
  '/': 'home',
  '/home': 'home',
  '/home/has-auth': 'home_has_auth',
  '/home/no-auth': 'home_no_auth',
  '/authentication/batch/kyc': 'kyc',
  '/authentication/info/personal-data': 'personal_data',
  '/authentication/batch/operator-information': 'operator_information',
  '/authentication/info/account-and-contacts': 'account_and_contacts',
  '/authentication/additional-information': 'additional_information',
  '/product/info': 'product_info',
};

/** The tracking page name of a path (its §2 name, else the path itself, without a trailing slash). */
export function trackingPageName(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TRACKING_PAGE_NAMES[path] ?? path;
}

/**
 * The attribution's media source: the adgroup text before the first ' (' (SPEC.md §3), e.g.
 * 'facebook (123)' → 'facebook'. An empty or missing adgroup gives ''.
 */
export function mediaSourceOf(adgroup: string | null | undefined): string {
  if (!adgroup) return '';
  const cut = adgroup.indexOf(' (');
  return cut === -1 ? adgroup : adgroup.slice(0, cut);
}

const malformed = { error: 'error.trackingMalformed' } as const;
const text = (max: number) => wireOptionalText(max);

/** One tracking event (SPEC.md §3). Required: timestamp, deviceId, page and act. */
export const trackingEventSchema = z.object({
  /** 'prod' when the web build is production, else 'staging'. */
  environment: text(16),
  /** Event format version (1). */
  version: wireOptionalInt(),
  /** When it happened on the device, milliseconds since the epoch. */
  timestamp: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
    z.number(malformed).int(malformed).min(0, malformed).max(8_640_000_000_000, malformed),
  ),
  /** The signed-in user's phone, when there is one. Used only to find the user; never stored. */
  phone: text(16),
  page: plainText(256).min(1, malformed),
  previousPage: text(256),
  firstPage: text(256),
  /** The last act on the previous page. */
  previousAct: text(128),
  /** The act before this one on the current page. */
  lastAct: text(128),
  deviceId: plainText(64).min(1, malformed),
  /** Where the visit came from (utm_source / source of the landing URL). */
  source: text(256),
  referer: text(1024),
  /** 'html' for the web app. */
  type: text(16),
  /** Device platform (Android, IOS, PC, UNKNOWN). */
  code: text(32),
  act: plainText(128).min(1, malformed),
  /** A JSON text or 'success'. */
  result: text(TRACKING_LIMITS.maxResultChars),
  /** The session's event counter (SPEC.md §4: reset on a first visit, +1 per event). */
  counter: wireOptionalInt(),
  /** Ad-attribution events only (SPEC.md §3). */
  eventType: text(64),
  adjustId: text(128),
  /** 2 on ad-attribution events (AD_PUSH_MARK). */
  pushMark: wireOptionalInt().refine((value) => value === undefined || value === AD_PUSH_MARK, malformed),
});
export type TrackingEvent = z.input<typeof trackingEventSchema>;
export type ParsedTrackingEvent = z.output<typeof trackingEventSchema>;

/**
 * `{events: [...]}` as is; a body without `events` is one event. Its default params are not
 * event fields: `appCode` and `mobileType` are dropped, and `version` is the event format only when
 * it is a whole number (the app version '1.0.0' is not).
 */
export const trackingSendRequestSchema = z.preprocess(
  (body) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const { appCode: _appCode, mobileType: _mobileType, ...event } = body as Record<string, unknown>;
    if ('events' in event) return { events: event.events };
    if (!/^\d+$/.test(String(event.version ?? ''))) delete event.version;
    return { events: [event] };
  },
  z.object({
    events: z
      .array(trackingEventSchema, malformed)
      .min(1, malformed)
      .max(TRACKING_LIMITS.maxEventsPerBatch, { error: 'error.trackingBatchTooLarge' }),
  }),
);
export type TrackingSendRequest = z.input<typeof trackingSendRequestSchema>;

export const trackingSendResponseSchema = z.object({
  /** Events stored. */
  accepted: z.number().int(),
});

/** The ad-click upload (SPEC.md §7): once per install, after attribution. */
export const adClickUploadRequestSchema = z.object({
  /** Adjust's device id (adid). */
  adId: plainText(128).min(1, malformed),
  /** The landing URL's query string without the leading '?'. */
  refer: wireOptionalText(2048),
  /** JSON text of the attribution: {adid, adgroup, media_source}. */
  data: wireOptionalText(4096),
  /** The browser's device id (the web app also sends it as a header). */
  deviceId: wireOptionalText(64),
});
export type AdClickUploadRequest = z.input<typeof adClickUploadRequestSchema>;

/** One survey record: the family's `{"survey": "<json text>"}`; other keys are kept as text too. */
const surveyRecordSchema = z.record(z.string(malformed).max(64, malformed), z.string(malformed).max(TRACKING_LIMITS.maxSurveyChars, malformed), malformed);

/** The Aliyun-SLS-style client log post (SPEC.md §7; API-FAMILY.md §8). */
export const surveyLogRequestSchema = z.object({
  __topic__: z.string(malformed).min(1, malformed).max(64, malformed),
  __logs__: z.array(surveyRecordSchema, malformed).min(1, malformed).max(TRACKING_LIMITS.maxLogsPerBatch, { error: 'error.trackingBatchTooLarge' }),
});
export type SurveyLogRequest = z.input<typeof surveyLogRequestSchema>;

/** The headers the survey format carries. */
export const SURVEY_LOG_HEADERS = { apiVersion: 'x-log-apiversion', bodyRawSize: 'x-log-bodyrawsize' } as const;
export const SURVEY_LOG_API_VERSION = '0.6.0';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const funnelRequestSchema = z.object({
  /** First day (Vietnam calendar), YYYY-MM-DD. */
  from: z.string().regex(DATE, malformed).refine(isCalendarDay, malformed),
  /** Last day, inclusive. */
  to: z.string().regex(DATE, malformed).refine(isCalendarDay, malformed),
});

export const funnelStepSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** 'server' = counted from the server's own tables; 'tracking' = from tracking events. */
  source: z.enum(['server', 'tracking']),
  count: z.number().int(),
  /** Share of the previous step, 0..1 (1 for the first step; 0 when the previous is 0). */
  fromPrevious: z.number(),
  /** Share of the first step. */
  fromFirst: z.number(),
});
export type FunnelStepFigure = z.infer<typeof funnelStepSchema>;

export const funnelResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  steps: z.array(funnelStepSchema),
});
export type FunnelReport = z.infer<typeof funnelResponseSchema>;

export const trackingSendEndpoint = defineEndpoint({
  id: 'sendTrackingEvents',
  method: 'POST',
  path: API_PATHS.trackingSend,
  summary: 'Stores behaviour-tracking events (one event or {events: [...]}, at most 100); unsigned so the web app can flush with sendBeacon.',
  module: 'tracking',
  request: trackingSendRequestSchema,
  response: trackingSendResponseSchema,
  signed: false,
  session: 'none',
  errors: ['VALIDATION_FAILED', 'TOO_MANY_REQUESTS'],
});

export const adClickUploadEndpoint = defineEndpoint({
  id: 'uploadAdClickInfo',
  method: 'POST',
  path: API_PATHS.adClickUpload,
  summary: 'Records the ad attribution of this device once (a repeat for the same device and adId is a no-op).',
  module: 'tracking',
  request: adClickUploadRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'optional',
  errors: ['VALIDATION_FAILED', 'TOO_MANY_REQUESTS'],
});

export const surveyLogEndpoint = defineEndpoint({
  id: 'ingestSurveyLogs',
  method: 'POST',
  path: API_PATHS.surveyLog,
  summary: 'Client logs in the survey format (__topic__, __logs__; x-log-apiversion 0.6.0); the path is TRACKING_LOG_PATH.',
  module: 'tracking',
  request: surveyLogRequestSchema,
  response: trackingSendResponseSchema,
  signed: false,
  session: 'none',
  errors: ['VALIDATION_FAILED', 'TOO_MANY_REQUESTS'],
});

