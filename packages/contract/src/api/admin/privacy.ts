import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { plainText } from '../../wire.ts';
import { dataRequestSchema, DATA_REQUEST_DEADLINES } from '../data-rights.ts';
import { idSchema, operatorRefSchema, reasonSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';

/**
 * The back office's side of personal-data protection (issue 25 item 9; docs/decisions/116): the
 * queue of borrowers' data-subject requests with their deadlines, and the breach register with the
 * 72-hour clock to notify the authority (A05, Ministry of Public Security).
 */

const readErrors = ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'] as const;

/** Hours from discovering a breach to notifying the authority (Law 91/2025 art. 23; Decree 356/2025). */
export const BREACH_NOTIFY_HOURS = 72;

/**
 * The queue's tabs: open requests; open ones that need action soon (`due_soon`: overdue, or due
 * within `DATA_REQUEST_DEADLINES.remindWorkingDays` Vietnam working days; decision 121); closed
 * (completed or refused) ones; every one.
 */
export const DATA_REQUEST_FILTERS = ['open', 'due_soon', 'closed', 'all'] as const;
export type DataRequestFilter = (typeof DATA_REQUEST_FILTERS)[number];

/** One request in the queue: the borrower's view plus who they are and who acted. */
export const adminDataRequestSchema = dataRequestSchema.extend({
  /** The borrower's public number (borrowers/detail takes it). */
  userId: z.number().int(),
  /** '091****678'. */
  phoneMasked: z.string(),
  /** Extended by whom and when (null: not extended). */
  extendedBy: operatorRefSchema.nullable(),
  extendedAt: z.string().nullable(),
  /** Completed or refused by whom (null: open, or closed by the system, as a consent withdrawal is at once). */
  closedBy: operatorRefSchema.nullable(),
  /**
   * The operators' reminder of an open request (decision 121), from its due day (the extended one
   * if extended) and today in Vietnam: `overdue` past the end of it, `due_soon` when it is within
   * `DATA_REQUEST_DEADLINES.remindWorkingDays` working days; null otherwise and once closed.
   */
  reminder: z.enum(['overdue', 'due_soon']).nullable(),
});
export type AdminDataRequest = z.infer<typeof adminDataRequestSchema>;

export const adminDataRequestsEndpoint = defineEndpoint({
  id: 'adminListDataRequests',
  method: 'GET',
  path: ADMIN_PATHS.dataRequests,
  summary: "Back office: borrowers' data-subject requests with their deadlines; open ones by due day (soonest first), closed ones newest first.",
  module: 'privacy',
  request: z.object({ state: z.enum(DATA_REQUEST_FILTERS).default('open') }),
  response: z.array(adminDataRequestSchema),
  signed: false,
  session: 'operator',
  permission: 'privacy.requests',
  errors: [...readErrors],
});

const actionErrors = [...readErrors, 'DATA_REQUEST_NOT_FOUND', 'DATA_REQUEST_CLOSED'] as const;

export const adminDataRequestExtendEndpoint = defineEndpoint({
  id: 'adminExtendDataRequest',
  method: 'POST',
  path: ADMIN_PATHS.dataRequestExtend,
  summary: 'Back office: extends an open request once, by 1 to 15 days, with the reason the borrower sees.',
  module: 'privacy',
  request: z.object({
    id: idSchema,
    days: z.coerce
      .number({ error: 'validation.admin.extensionDays' })
      .int({ error: 'validation.admin.extensionDays' })
      .min(1, { error: 'validation.admin.extensionDays' })
      .max(DATA_REQUEST_DEADLINES.maxExtensionDays, { error: 'validation.admin.extensionDays' }),
    reason: reasonSchema,
  }),
  response: adminDataRequestSchema,
  signed: false,
  session: 'operator',
  permission: 'privacy.requests',
  audited: 'privacy.extend',
  errors: [...actionErrors, 'DATA_REQUEST_EXTENDED'],
});

export const adminDataRequestCompleteEndpoint = defineEndpoint({
  id: 'adminCompleteDataRequest',
  method: 'POST',
  path: ADMIN_PATHS.dataRequestComplete,
  summary: 'Back office: records an open request as completed, with a note of what was done (the borrower sees it).',
  module: 'privacy',
  request: z.object({ id: idSchema, note: reasonSchema }),
  response: adminDataRequestSchema,
  signed: false,
  session: 'operator',
  permission: 'privacy.requests',
  audited: 'privacy.complete',
  errors: [...actionErrors],
});

export const adminDataRequestRefuseEndpoint = defineEndpoint({
  id: 'adminRefuseDataRequest',
  method: 'POST',
  path: ADMIN_PATHS.dataRequestRefuse,
  summary: 'Back office: refuses an open request with the reason the borrower sees (e.g. data the law requires us to keep).',
  module: 'privacy',
  request: z.object({ id: idSchema, reason: reasonSchema }),
  response: adminDataRequestSchema,
  signed: false,
  session: 'operator',
  permission: 'privacy.requests',
  audited: 'privacy.refuse',
  errors: [...actionErrors],
});

/** One personal-data breach in the register. */
export const breachSchema = z.object({
  id: z.number().int(),
  /** ISO time it was discovered: the 72-hour clock starts here. */
  discoveredAt: z.string(),
  description: z.string(),
  dataAffected: z.string(),
  borrowersAffected: z.number().int(),
  /** ISO time the authority must be notified by (discoveredAt + 72 h). */
  notifyBy: z.string(),
  notifiedAt: z.string().nullable(),
  /** The notification's reference (the authority's receipt or our letter's number). */
  notificationReference: z.string().nullable(),
  recordedBy: operatorRefSchema.nullable(),
  recordedAt: z.string(),
  notifiedBy: operatorRefSchema.nullable(),
});
export type BreachView = z.infer<typeof breachSchema>;

const instantSchema = z.iso.datetime({ offset: true, error: 'validation.admin.dateFormat' });
const breachText = (max: number) => plainText(max).trim().min(3, { error: 'validation.admin.reasonRequired' });

export const adminBreachesEndpoint = defineEndpoint({
  id: 'adminListBreaches',
  method: 'GET',
  path: ADMIN_PATHS.breaches,
  summary: 'Back office: the personal-data breach register, not yet notified first (by their deadline), then newest first.',
  module: 'privacy',
  request: z.object({}),
  response: z.array(breachSchema),
  signed: false,
  session: 'operator',
  permission: 'privacy.breaches',
  errors: [...readErrors],
});

export const adminBreachRecordEndpoint = defineEndpoint({
  id: 'adminRecordBreach',
  method: 'POST',
  path: ADMIN_PATHS.breachRecord,
  summary: 'Back office: records a personal-data breach (when discovered, what happened, which data, how many borrowers); the 72-hour clock runs from its discovery.',
  module: 'privacy',
  request: z.object({
    discoveredAt: instantSchema,
    description: breachText(2000),
    dataAffected: breachText(500),
    borrowersAffected: z.coerce.number({ error: 'validation.required' }).int({ error: 'validation.required' }).min(0, { error: 'validation.required' }).max(100_000_000),
  }),
  response: breachSchema,
  signed: false,
  session: 'operator',
  permission: 'privacy.breaches',
  audited: 'breach.record',
  errors: [...readErrors],
});

export const adminBreachNotifiedEndpoint = defineEndpoint({
  id: 'adminMarkBreachNotified',
  method: 'POST',
  path: ADMIN_PATHS.breachNotified,
  summary: 'Back office: records that the authority was notified of a breach (when, and the reference).',
  module: 'privacy',
  request: z.object({ id: idSchema, notifiedAt: instantSchema, reference: breachText(200) }),
  response: breachSchema,
  signed: false,
  session: 'operator',
  permission: 'privacy.breaches',
  audited: 'breach.notify',
  errors: [...readErrors, 'BREACH_NOT_FOUND', 'BREACH_ALREADY_NOTIFIED'],
});
