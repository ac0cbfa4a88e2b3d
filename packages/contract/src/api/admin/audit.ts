import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { cursorSchema, idSchema, pageLimitSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';

/** The audit trail (append-only; decision 090): search with filters and a cursor, export as CSV. */

const optionalText = (max: number) => z.string().trim().max(max).optional();
/** An instant, ISO 8601 with an offset, or a Vietnam calendar day (YYYY-MM-DD: its start). */
const instantSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'validation.admin.dateFormat' });

export const auditFilterSchema = z.object({
  /** The acting operator's id. */
  actor: idSchema.optional(),
  /** An action name (`operator.invite`, `proposal.approve`, …) or its prefix ending in '.' (`operator.`). */
  action: optionalText(60),
  /** A target type (`operator`, `proposal`, `product`, `borrower`, `receipt`). */
  targetType: optionalText(40),
  targetId: optionalText(80),
  /** From this instant (inclusive). */
  from: instantSchema.optional(),
  /** Up to this instant (exclusive; a day: the end of that day). */
  to: instantSchema.optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null for the system (a job expiring proposals) or a failed sign-in's unknown e-mail. */
  actor: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminAuditSearchEndpoint = defineEndpoint({
  id: 'adminSearchAudit',
  method: 'GET',
  path: ADMIN_PATHS.audit,
  summary: 'Back office: the audit trail, newest first, filtered; `nextCursor` fetches the next page.',
  module: 'operator',
  request: auditFilterSchema.extend({ cursor: cursorSchema.optional(), limit: pageLimitSchema }),
  response: z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() }),
  signed: false,
  session: 'operator',
  permission: 'audit.read',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'],
});

export const adminAuditExportEndpoint = defineEndpoint({
  id: 'adminExportAudit',
  method: 'GET',
  path: ADMIN_PATHS.auditExport,
  summary: 'Back office: the audit rows matching the filters as CSV (at most 50,000, newest first); the export is itself audited.',
  module: 'operator',
  request: auditFilterSchema,
  response: z.string(),
  binaryResponse: 'text/csv; charset=utf-8',
  signed: false,
  session: 'operator',
  permission: 'audit.read',
  audited: 'audit.export',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'],
});
