import { sql, type SQL } from 'drizzle-orm';
import { executeRows } from '../db/database.ts';
import { adAttributions, clientLogs, trackingEvents } from '../db/schema.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { Sweep } from './sweep-runner.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

async function deleteCounted(uow: UnitOfWork, statement: SQL): Promise<number> {
  const [row] = await executeRows<{ deleted: number }>(uow.db, sql`with gone as (${statement} returning 1) select count(*)::int as deleted from gone`);
  return row?.deleted ?? 0;
}

/**
 * Daily retention of the tracking tables (docs/decisions/065): events, attributions and client
 * logs older than TRACKING_RETENTION_DAYS go. Run daily, each run deletes about one day of rows,
 * found through the time indexes.
 */
export function trackingRetentionSweep(uow: UnitOfWork, retentionDays: number): Sweep {
  return {
    name: 'tracking-retention',
    async run({ now }) {
      const before = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
      return {
        trackingEvents: await deleteCounted(uow, sql`delete from ${trackingEvents} where ${trackingEvents.occurredAt} < ${before}`),
        adAttributions: await deleteCounted(uow, sql`delete from ${adAttributions} where ${adAttributions.createdAt} < ${before}`),
        clientLogs: await deleteCounted(uow, sql`delete from ${clientLogs} where ${clientLogs.receivedAt} < ${before}`),
      };
    },
  };
}
