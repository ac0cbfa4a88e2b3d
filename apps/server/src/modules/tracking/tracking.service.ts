import { PHONE_PATTERN, mediaSourceOf, normalizePhone, type ParsedTrackingEvent } from '@sen/contract';
import type { Clock } from '../../shared/clock.ts';
import type { DeviceRateLimit } from './device-rate-limit.ts';
import type { TrackingEventRow, TrackingRepository } from './tracking.repository.ts';

/** A device clock further off than this is not believed: the event is stamped with the server's time. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export interface AttributionInput {
  adId: string;
  refer?: string | undefined;
  data?: string | undefined;
  deviceId: string;
  userId: string | null;
}

/** The attribution's adgroup from the uploaded JSON text; anything unreadable gives null. */
export function adgroupOf(data: string | undefined): string | null {
  if (!data) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    const adgroup = (parsed as { adgroup?: unknown } | null)?.adgroup;
    return typeof adgroup === 'string' && adgroup !== '' ? adgroup.slice(0, 512) : null;
  } catch {
    return null;
  }
}

/** Behaviour events, ad attribution and client logs: validated upstream, limited per device here, stored append-only. */
export class TrackingService {
  constructor(
    private readonly repository: TrackingRepository,
    private readonly clock: Clock,
    private readonly deviceLimit: DeviceRateLimit,
  ) {}

  /** Stores a batch; the whole batch is refused (429) when one of its devices is over its budget. */
  async recordEvents(events: ParsedTrackingEvent[]): Promise<number> {
    const perDevice = new Map<string, number>();
    for (const event of events) perDevice.set(event.deviceId, (perDevice.get(event.deviceId) ?? 0) + 1);
    for (const [deviceId, count] of perDevice) this.deviceLimit.take(deviceId, count);

    const phones = new Set<string>();
    for (const event of events) {
      const phone = event.phone ? normalizePhone(event.phone) : '';
      if (PHONE_PATTERN.test(phone)) phones.add(phone);
    }
    const userIds = await this.repository.userIdsByPhone([...phones]);
    const now = this.clock().getTime();
    const rows: TrackingEventRow[] = events.map((event) => {
      const believable = Math.abs(event.timestamp - now) <= MAX_CLOCK_SKEW_MS;
      return {
        occurredAt: new Date(believable ? event.timestamp : now),
        deviceId: event.deviceId,
        userId: event.phone ? (userIds.get(normalizePhone(event.phone)) ?? null) : null,
        environment: event.environment ?? null,
        eventVersion: event.version ?? null,
        page: event.page,
        previousPage: event.previousPage ?? null,
        firstPage: event.firstPage ?? null,
        previousAct: event.previousAct ?? null,
        lastAct: event.lastAct ?? null,
        source: event.source ?? null,
        referer: event.referer ?? null,
        type: event.type ?? null,
        code: event.code ?? null,
        act: event.act,
        result: event.result ?? null,
        counter: event.counter ?? null,
        eventType: event.eventType ?? null,
        adjustId: event.adjustId ?? null,
        pushMark: event.pushMark ?? null,
      };
    });
    await this.repository.insertEvents(rows);
    return rows.length;
  }

  /** Records the ad attribution once per device and adId (a retry is a no-op). */
  async recordAttribution(input: AttributionInput): Promise<void> {
    this.deviceLimit.take(input.deviceId, 1);
    const adgroup = adgroupOf(input.data);
    await this.repository.insertAttribution({
      deviceId: input.deviceId,
      userId: input.userId,
      adId: input.adId,
      adgroup,
      mediaSource: adgroup === null ? null : mediaSourceOf(adgroup),
      refer: input.refer ?? null,
    });
  }

  /** Stores survey records, each as its JSON text; `budgetKey` is the device (or IP) the budget counts against. */
  async recordClientLogs(topic: string, records: Array<Record<string, string>>, budgetKey: string): Promise<number> {
    this.deviceLimit.take(budgetKey, records.length);
    await this.repository.insertClientLogs(records.map((record) => ({ topic, record: JSON.stringify(record) })));
    return records.length;
  }
}
