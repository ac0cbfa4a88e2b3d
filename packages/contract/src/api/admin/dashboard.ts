import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { isCalendarDay } from '../common.ts';
import { ADMIN_PATHS } from './paths.ts';

/**
 * The book by day (issue 22 item 8; docs/decisions/096-daily-aggregates-for-dashboards.md): daily
 * aggregates the job runner keeps from the ledger and the orders, and today's figures live.
 */

/** The most days one dashboard call covers. */
export const DASHBOARD_MAX_DAYS = 366;

/** Days-past-due buckets of the overdue book (the loan's oldest instalment not fully paid). */
export const DPD_BUCKETS = ['1-10', '11-30', '31-90', '91-180', '180+'] as const;
export type DpdBucket = (typeof DPD_BUCKETS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateSchema = z.string({ error: 'validation.admin.dateFormat' }).regex(DATE, { error: 'validation.admin.dateFormat' }).refine(isCalendarDay, { error: 'validation.admin.dateFormat' });
const DAY_MS = 86_400_000;

export const dashboardRequestSchema = z
  .object({
    /** First Vietnam business date, YYYY-MM-DD. */
    from: dateSchema,
    /** Last one, inclusive. */
    to: dateSchema,
  })
  .refine(({ from, to }) => from <= to && (Date.parse(to) - Date.parse(from)) / DAY_MS < DASHBOARD_MAX_DAYS, { error: 'validation.admin.dateRange', path: ['to'] });

const count = z.number().int();
/** Whole VND. */
const money = z.number().int();

export const dashboardDaySchema = z.object({
  date: z.string(),
  /** Orders created that day (loan applications) and the principal asked for. */
  applications: z.object({ count, amount: money }),
  /** Credit decisions of reviews that day; `manual`: those a person made (part of approved and rejected); `queued`: cases sent to people. */
  decisions: z.object({ approved: count, rejected: count, calm: count, manual: count, queued: count }),
  /** Loans paid out that day: how many, the cash sent, the principal lent (a deducted fee makes the two differ). */
  payouts: z.object({ count, amount: money, principal: money }),
  /** Repayments received that day (ledger repayment entries) and their amount. */
  repayments: z.object({ count, amount: money }),
  /** Principal owed at the end of the day (ledger: loan principal receivable). */
  outstandingPrincipal: money,
  /**
   * Principal owed at the end of the day by loans past due, by days past due of the loan's oldest
   * instalment not fully paid (portfolio at risk); `ratio` = their principal / outstanding principal.
   */
  overdue: z.object({
    buckets: z.array(z.object({ bucket: z.enum(DPD_BUCKETS), loans: count, principal: money })),
    principal: money,
    ratio: z.number(),
  }),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Today's business date (Vietnam). */
  today: z.string(),
  /** The last date the daily aggregates are kept through (null before the first run). */
  computedThrough: z.string().nullable(),
  /** The aggregated days in the range, oldest first (days without a row yet are left out). */
  days: z.array(dashboardDaySchema),
  /**
   * Today so far when the range reaches today: flows counted now; outstanding principal = the last
   * aggregated day's plus today's postings; overdue as of `overdueAsOf` (the last aggregated day).
   */
  live: dashboardDaySchema.extend({ overdueAsOf: z.string().nullable() }).nullable(),
});
export type DashboardReport = z.infer<typeof dashboardResponseSchema>;

export const adminDashboardEndpoint = defineEndpoint({
  id: 'adminDashboard',
  method: 'GET',
  path: ADMIN_PATHS.dashboard,
  summary: `Back office: applications, decisions, payouts, repayments, outstanding and overdue principal per Vietnam business date (at most ${DASHBOARD_MAX_DAYS} days), and today live.`,
  module: 'dashboard',
  request: dashboardRequestSchema,
  response: dashboardResponseSchema,
  signed: false,
  session: 'operator',
  permission: 'dashboards.read',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'],
});
