import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { AuditService, RequestOrigin } from '../audit/index.ts';
import type { LoginBrakeService } from './login-brake.service.ts';

/** Which password check a guess went to: the login, or the old password of password/update. */
export type PasswordCheck = 'login' | 'old_password';

/**
 * The security side of signing in, kept out of AuthService's flow so it stays one call per step:
 * the per-phone brake around every password check, the security-event log, and the SMS telling
 * the borrower that the password changed.
 */
export class AuthSecurity {
  constructor(
    private readonly audit: AuditService,
    private readonly brake: LoginBrakeService,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    private readonly productName: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Runs one password check under the brake: refused before any hashing when the phone is locked
   * or needs a code; counted as a failure unless `check` answers true. Returns whether it did.
   */
  async checkPassword(
    input: { phone: string; userId: string | null; origin: RequestOrigin; check: PasswordCheck },
    verify: () => Promise<boolean>,
  ): Promise<boolean> {
    const key = this.audit.phoneHash(input.phone);
    const event = { userId: input.userId, phone: input.phone, ip: input.origin.ip, deviceId: input.origin.deviceId };
    const type = input.check === 'login' ? 'login' : 'password_change';
    const method = input.check === 'login' ? 'password' : 'old_password';
    let reservation;
    try {
      reservation = await this.brake.reserve(key);
    } catch (error) {
      if (error instanceof AppError) {
        await this.audit.record({ ...event, type, method, result: 'refused', detail: { reason: error.errorName } });
      }
      throw error;
    }
    const right = await verify();
    if (right) {
      await this.brake.succeeded(key);
      return true;
    }
    await this.audit.record({ ...event, type, method, result: 'failure' });
    if (reservation.lockedForSeconds !== null) {
      await this.audit.record({ ...event, type: 'login_locked', method, result: 'refused', detail: { lockedForSeconds: reservation.lockedForSeconds } });
    }
    if (reservation.codeRequiredNow) await this.audit.record({ ...event, type: 'login_code_required', method, result: 'refused' });
    return false;
  }

  /** A login code proved the phone: its password failures are forgotten. */
  codeProvedPhone(phone: string): Promise<void> {
    return this.brake.succeeded(this.audit.phoneHash(phone));
  }

  /** Records a failed code check (OTP_INCORRECT, OTP_LOCKED ...) and lets the error go on. */
  async codeRefused(error: unknown, input: { phone: string; origin: RequestOrigin; type: 'login' | 'password_change' }): Promise<never> {
    if (error instanceof AppError) {
      const base = { phone: input.phone, ip: input.origin.ip, deviceId: input.origin.deviceId, method: 'sms' };
      await this.audit.record({ ...base, type: input.type, result: 'failure', detail: { reason: error.errorName } });
      if (error.errorName === 'OTP_LOCKED') await this.audit.record({ ...base, type: 'otp_locked', result: 'refused' });
    }
    throw error;
  }

  loggedIn(input: { userId: string; sessionId: string; method: 'sms' | 'password'; origin: RequestOrigin }): Promise<void> {
    return this.audit.record({ type: 'login', result: 'success', userId: input.userId, sessionId: input.sessionId, method: input.method, ...input.origin });
  }

  /**
   * A password was set (first, or after a code login) or changed (old password, code). Older
   * sessions were revoked; a change (not the very first password) is told to the borrower by SMS.
   */
  async passwordReplaced(input: {
    userId: string;
    phone: string;
    sessionId: string;
    how: 'first' | 'after_code_login' | 'old_password' | 'code';
    revokedSessions: number;
    origin: RequestOrigin;
  }): Promise<void> {
    const type = input.how === 'first' || input.how === 'after_code_login' ? 'password_set' : 'password_change';
    const base = { userId: input.userId, ...input.origin };
    await this.audit.record({ ...base, type, method: input.how, result: 'success', sessionId: input.sessionId });
    if (input.revokedSessions > 0) {
      await this.audit.record({ ...base, type: 'session_revoked', method: 'password_change', result: 'success', detail: { count: input.revokedSessions } });
    }
    if (input.how !== 'first') await this.notifyPasswordChanged(input.phone);
  }

  sessionEnded(input: { userId: string; sessionId: string; origin: RequestOrigin }): Promise<void> {
    return this.audit.record({ type: 'session_revoked', method: 'logout', result: 'success', userId: input.userId, sessionId: input.sessionId, ...input.origin });
  }

  /** Best effort: the change is done and recorded whether or not the carrier takes the SMS. */
  private async notifyPasswordChanged(phone: string): Promise<void> {
    const when = new Intl.DateTimeFormat('vi-VN', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hour: '2-digit',
      minute: '2-digit',
      day: '2-digit',
      month: '2-digit',
      hour12: false,
    }).format(this.clock());
    // No year and no hotline digits: the development outbox reads the first 4-6 digit number as a code.
    const text = `${this.productName}: mat khau tai khoan cua ban vua duoc thay doi (${when}). Neu khong phai ban, hay lien he CSKH ngay va khong chia se ma OTP cho ai.`;
    try {
      await this.sms.send(phone, text);
    } catch (error) {
      this.log.warn({ provider: this.sms.name, reason: (error as Error).message }, 'password-change sms failed');
    }
  }
}
