import { AUTH_DONE, TRACKING_ACTS, type FunnelReport } from '@sen/contract';
import { addVietnamDays, vietnamMidnight } from '@sen/domain';
import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/database.ts';

/**
 * The conversion funnel (issue 14): from first visit through sign-in, each certification step,
 * application, payout and repayment. Each step is data: a label, the source it is counted from and
 * how. Server facts (users, user_auth_state) are used where their tables exist; tracking events
 * otherwise. When the order and ledger tables land, the three loan steps become `{ kind: 'sql' }`
 * steps over them (source 'server') and nothing else changes.
 *
 * Cohort: the users who signed up (first login) between `from` and `to` (Vietnam calendar days);
 * every step after sign-in counts those users only, so the figures shrink step by step. The first
 * step counts browsers (device ids) that began a session in the window (act in_app).
 */
export type FunnelMeasure =
  /** Distinct device ids with this act in the window. */
  | { kind: 'trackingDevices'; act: string }
  /** Distinct cohort users with this act in the window. */
  | { kind: 'trackingUsers'; act: string }
  /** Users created in the window (their first sign-in). */
  | { kind: 'newUsers' }
  /** Cohort users with every listed certification column '30'. */
  | { kind: 'certified'; columns: string[] }
  /** Any count over the window; `:from` and `:to` are bound. Returns one row `{ count }`. */
  | { kind: 'sql'; query: (window: FunnelWindow) => SQL };

export interface FunnelStepDefinition {
  key: string;
  label: string;
  source: 'server' | 'tracking';
  measure: FunnelMeasure;
}

export interface FunnelWindow {
  /** Inclusive start, ISO text. */
  start: string;
  /** Exclusive end, ISO text. */
  end: string;
}

/** Certification items of AUTH_CONFIG and their state columns (user_auth_state). */
const ITEM_COLUMNS: Record<string, { column: string; label: string }> = {
  ID: { column: 'id_state', label: 'Identity (ID) certified' },
  WORK: { column: 'work_info_state', label: 'Work information certified' },
  BANK: { column: 'bank_card_state', label: 'Bank card certified' },
  KYC: { column: 'kyc_state', label: 'Face check (KYC) certified' },
  TELECOM: { column: 'telecom_permission_state', label: 'Operator (telecom) certified' },
};

/** The steps for a certification order (AUTH_CONFIG, e.g. 'ID,WORK,BANK,KYC,TELECOM'). */
export function funnelSteps(authConfig: string): FunnelStepDefinition[] {
  const items = authConfig.split(',').filter((item) => item in ITEM_COLUMNS);
  const certification = items.map((item, index): FunnelStepDefinition => ({
    key: `certified_${item.toLowerCase()}`,
    label: ITEM_COLUMNS[item]!.label,
    source: 'server',
    // Cumulative: step k counts users who finished items 1..k.
    measure: { kind: 'certified', columns: items.slice(0, index + 1).map((name) => ITEM_COLUMNS[name]!.column) },
  }));
  return [
    { key: 'first_visit', label: 'First visit (browsers)', source: 'tracking', measure: { kind: 'trackingDevices', act: TRACKING_ACTS.inApp } },
    { key: 'login', label: 'Signed in (new users)', source: 'server', measure: { kind: 'newUsers' } },
    ...certification,
    // No order or ledger tables yet: these three come from the app's events until they exist.
    { key: 'application', label: 'Loan applied', source: 'tracking', measure: { kind: 'trackingUsers', act: TRACKING_ACTS.loanApply } },
    { key: 'payout', label: 'Loan paid out', source: 'tracking', measure: { kind: 'trackingUsers', act: TRACKING_ACTS.loanPayout } },
    { key: 'repayment', label: 'Loan repaid', source: 'tracking', measure: { kind: 'trackingUsers', act: TRACKING_ACTS.repaySuccess } },
  ];
}

/** The window of Vietnam calendar days `from`..`to`; a RangeError when either is not a YYYY-MM-DD date. */
export function funnelWindow(from: string, to: string): FunnelWindow {
  const start = vietnamMidnight(from);
  const end = vietnamMidnight(addVietnamDays(to, 1));
  return { start: start.toISOString(), end: end.toISOString() };
}

function measureQuery(measure: FunnelMeasure, window: FunnelWindow): SQL {
  const inWindow = (column: SQL) => sql`${column} >= ${window.start}::timestamptz and ${column} < ${window.end}::timestamptz`;
  const cohort = sql`select id from users where ${inWindow(sql`created_at`)}`;
  switch (measure.kind) {
    case 'trackingDevices':
      return sql`select count(distinct device_id)::int as count from tracking_events where act = ${measure.act} and ${inWindow(sql`occurred_at`)}`;
    case 'trackingUsers':
      return sql`select count(distinct user_id)::int as count from tracking_events
        where act = ${measure.act} and ${inWindow(sql`occurred_at`)} and user_id in (${cohort})`;
    case 'newUsers':
      return sql`select count(*)::int as count from users where ${inWindow(sql`created_at`)}`;
    case 'certified': {
      const done = sql.join(
        measure.columns.map((column) => sql`${sql.identifier(column)} = ${AUTH_DONE}`),
        sql` and `,
      );
      return sql`select count(*)::int as count from user_auth_state where user_id in (${cohort}) and ${done}`;
    }
    case 'sql':
      return measure.query(window);
  }
}

/** Counts every step over the window and adds the step-to-step and overall conversion. */
export async function computeFunnel(db: Db, steps: FunnelStepDefinition[], from: string, to: string): Promise<FunnelReport> {
  const window = funnelWindow(from, to);
  const counts: number[] = [];
  for (const step of steps) {
    const [row] = await executeRows<{ count: number | string }>(db, measureQuery(step.measure, window));
    counts.push(Number(row?.count ?? 0));
  }
  const first = counts[0] ?? 0;
  return {
    from,
    to,
    steps: steps.map((step, index) => {
      const count = counts[index] ?? 0;
      const previous = index === 0 ? count : (counts[index - 1] ?? 0);
      return {
        key: step.key,
        label: step.label,
        source: step.source,
        count,
        fromPrevious: index === 0 ? 1 : previous === 0 ? 0 : count / previous,
        fromFirst: first === 0 ? 0 : count / first,
      };
    }),
  };
}
