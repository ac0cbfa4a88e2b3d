import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';

const WINDOW_MS = 60_000;
/** Devices tracked at most; past it the oldest windows go first (a flood of ids cannot grow memory). */
const MAX_TRACKED_DEVICES = 200_000;

/**
 * A per-device budget of tracking records per minute (events or log records, not requests), in
 * fixed one-minute windows kept in this process — like the sign-in routes' limit (decision 033).
 * Across N instances a device may send up to N times the budget; the generic per-IP limit, which
 * is shared when a shared rate-limit store is configured, still holds. Tracking needs no more:
 * the budget only keeps one noisy or hostile device from filling the table.
 */
export class DeviceRateLimit {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {}

  /** Counts `records` for `deviceId`; throws TOO_MANY_REQUESTS (with retryAfterSeconds) past the budget. */
  take(deviceId: string, records: number): void {
    const now = this.clock().getTime();
    let window = this.windows.get(deviceId);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      this.windows.delete(deviceId);
      if (this.windows.size >= MAX_TRACKED_DEVICES) this.windows.delete(this.windows.keys().next().value as string);
      window = { startedAt: now, count: 0 };
      this.windows.set(deviceId, window);
    }
    if (window.count + records > this.perMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
      throw new AppError('TOO_MANY_REQUESTS', { data: { retryAfterSeconds } });
    }
    window.count += records;
  }
}
