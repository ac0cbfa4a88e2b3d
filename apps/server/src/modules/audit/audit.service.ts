import type { Clock } from '../../shared/clock.ts';
import { hmacSha256Hex } from '../../shared/crypto.ts';
import type { AuditRepository } from './audit.repository.ts';

export type SecurityEventType =
  | 'login'
  | 'password_set'
  | 'password_change'
  | 'session_revoked'
  | 'otp_locked'
  | 'login_locked'
  | 'login_code_required'
  | 'bot_check_failed'
  | 'account_closed'
  // The back office (decision 089): operators have no user id; detail.operatorId names them.
  | 'operator_sign_in'
  | 'operator_sign_out'
  | 'operator_locked';

/** Where a request came from; every field optional (background jobs have none). */
export interface RequestOrigin {
  ip?: string | null;
  deviceId?: string | null;
}

export interface SecurityEvent extends RequestOrigin {
  type: SecurityEventType;
  result: 'success' | 'failure' | 'refused';
  /** The account, when known. */
  userId?: string | null;
  /** Only when no user is known (failed sign-in of an unknown phone): stored as a peppered hash. */
  phone?: string | null;
  /** sms | password | old_password | code | logout | password_change ... */
  method?: string | null;
  sessionId?: string | null;
  detail?: Record<string, string | number | boolean> | null;
}

/**
 * The security-event log (append-only table security_events). Callers describe what happened;
 * this service keeps the phone out of the row (a keyed hash instead) and stamps the time.
 */
export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly clock: Clock,
    private readonly phoneKey: string,
  ) {}

  /** The keyed hash the audit log and the brake use instead of a phone number. */
  phoneHash(phone: string): string {
    return hmacSha256Hex(this.phoneKey, `phone:${phone}`).slice(0, 32);
  }

  /** The back office's borrower page: the borrower's latest `limit` events, newest first (no phone hashes or details). */
  async latestOf(userId: string, limit: number) {
    const rows = await this.repository.latestOfUser(userId, limit);
    return rows.map(({ occurredAt, ...row }) => ({ ...row, at: occurredAt.toISOString() }));
  }

  async record(event: SecurityEvent): Promise<void> {
    await this.repository.insert({
      occurredAt: this.clock(),
      type: event.type,
      result: event.result,
      userId: event.userId ?? null,
      phoneHash: event.userId || !event.phone ? null : this.phoneHash(event.phone),
      method: event.method ?? null,
      ip: event.ip ?? null,
      deviceId: event.deviceId ?? null,
      sessionId: event.sessionId ?? null,
      detail: event.detail ? JSON.stringify(event.detail) : null,
    });
  }
}
