import { inArray } from 'drizzle-orm';
import { adAttributions, clientLogs, trackingEvents, users } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export type TrackingEventRow = typeof trackingEvents.$inferInsert;
export type AdAttributionRow = typeof adAttributions.$inferInsert;

/**
 * Rows per INSERT statement. 22 columns × 500 rows stays far below PostgreSQL's 65,535 bind
 * parameters, and one statement per batch is what makes ingest cheap (decision 065).
 */
const ROWS_PER_STATEMENT = 500;

/** Append-only storage of tracking events, ad attributions and client logs. */
export class TrackingRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** One multi-row INSERT per 500 events; no rows are read back. */
  async insertEvents(rows: TrackingEventRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await this.uow.db.insert(trackingEvents).values(rows.slice(start, start + ROWS_PER_STATEMENT));
    }
  }

  async insertClientLogs(rows: Array<{ topic: string; record: string }>): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await this.uow.db.insert(clientLogs).values(rows.slice(start, start + ROWS_PER_STATEMENT));
    }
  }

  /** Records an attribution; the same device and adId again changes nothing (retries are safe). */
  async insertAttribution(row: AdAttributionRow): Promise<void> {
    await this.uow.db.insert(adAttributions).values(row).onConflictDoNothing({ target: [adAttributions.deviceId, adAttributions.adId] });
  }

  /** User ids by normalised phone, for the phones a batch named (one query per batch). */
  async userIdsByPhone(phones: string[]): Promise<Map<string, string>> {
    if (phones.length === 0) return new Map();
    const rows = await this.uow.db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.phone, phones));
    return new Map(rows.map((row) => [row.phone, row.id]));
  }
}
