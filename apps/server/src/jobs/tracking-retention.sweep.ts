import { sql } from 'drizzle-orm';
import { deleteCounted } from '../db/delete-counted.ts';
import { adAttributions, clientLogs, trackingEvents } from '../db/schema.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { JobDefinition } from './job-runner.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Daily retention of the tracking tables (docs/decisions/065): events, attributions and client
 * logs older than TRACKING_RETENTION_DAYS go. Run daily, each run deletes about one day of rows,
 * found through the time indexes.
 */
export function trackingRetentionSweep(uow: UnitOfWork, retentionDays: number): JobDefinition {
  return {
    name: 'tracking-retention',
    schedule: { daily: true },
    transactional: true,
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
