import { createHmac, randomInt } from 'node:crypto';
import { OTP_RESEND_SECONDS } from '@sen/contract';
import { vietnamDate } from '@sen/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { hexEqual } from '../../shared/crypto.ts';
import type { OtpRepository } from './otp.repository.ts';

/** Wrong tries after which a code is dead (OTP_LOCKED) and a new one must be requested. */
export const OTP_MAX_ATTEMPTS = 5;
const HOUR_MS = 60 * 60 * 1000;

export interface OtpOptions {
  ttlSeconds: number;
  limitPerPhoneHour: number;
  limitPerIpHour: number;
  limitPerDeviceHour: number;
  /** From this send of a phone, IP or device within the hour a bot check is needed (0: never). */
  botCheckFromSend: number;
  /** Server secret mixed into code hashes (app_settings), never sent anywhere. */
  pepper: string;
  productName: string;
  /** OTP SMS the whole service may send per Vietnam calendar day (SMS_DAILY_BUDGET); unlimited when absent. */
  smsDailyBudget?: number;
}

/** The outcome of a send: when another code may be asked for and when this one dies. */
export interface OtpSent {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

/**
 * A code other than the login code sent through the same service (e.g. the operator check's): kept
 * apart from the login code (its own key, so neither supersedes the other) but counted in the same
 * hourly limits, resend wait and SMS budget of the phone, IP and device.
 */
export interface OtpChannel {
  /** Prefix of the code's key, e.g. 'operator-1'. */
  key: string;
  digits: 4 | 6;
  /** The SMS text for `code`, which lives `minutes`. */
  message: (code: string, minutes: number) => string;
}

/** Login OTPs: 4 random digits by SMS, stored hashed, 60 s resend wait, hourly send limits. */
export class OtpService {
  constructor(
    private readonly repository: OtpRepository,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    private readonly options: OtpOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** HMAC-SHA256 keyed with the pepper (in production from OTP_PEPPER, never from the database). */
  private hash(phone: string, code: string): string {
    return createHmac('sha256', this.options.pepper).update(`${phone}:${code}`).digest('hex');
  }

  /**
   * Sends a new code to `phone` (normalised). Attempts count towards the hourly limits even when
   * the provider fails (each one reached the vendor); a failed send does not start the resend wait
   * and leaves the previous code in force.
   */
  async send(input: { phone: string; ip: string; deviceId: string | null; botCheckPassed?: boolean; channel?: OtpChannel }): Promise<OtpSent> {
    const now = this.clock();
    const digits = input.channel?.digits ?? 4;
    const code = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
    const codeKey = codeKeyOf(input.phone, input.channel?.key);
    const codeId = await this.repository.withSendLocks(input, async () => {
      const latest = await this.repository.latest(codeKey);
      if (latest) {
        const elapsedMs = now.getTime() - latest.createdAt.getTime();
        if (elapsedMs < OTP_RESEND_SECONDS * 1000) {
          const retryAfterSeconds = Math.min(OTP_RESEND_SECONDS, Math.ceil((OTP_RESEND_SECONDS * 1000 - elapsedMs) / 1000));
          throw new AppError('OTP_TOO_SOON', { params: { seconds: retryAfterSeconds }, data: { retryAfterSeconds } });
        }
      }
      const counts = await this.repository.sendCounts({ ...input, since: new Date(now.getTime() - HOUR_MS) });
      const limits = this.options;
      if (counts.phone >= limits.limitPerPhoneHour || counts.ip >= limits.limitPerIpHour || counts.device >= limits.limitPerDeviceHour) {
        const by = counts.phone >= limits.limitPerPhoneHour ? 'phone' : counts.ip >= limits.limitPerIpHour ? 'ip' : 'device';
        this.log.warn({ limitedBy: by }, 'otp send limit reached');
        throw new AppError('OTP_SEND_LIMIT');
      }
      // Decided under the send locks, so a burst of parallel sends cannot all count as the first.
      const nextSend = Math.max(counts.phone, counts.ip, counts.device) + 1;
      if (limits.botCheckFromSend > 0 && nextSend >= limits.botCheckFromSend && !input.botCheckPassed) {
        throw new AppError('CHALLENGE_REQUIRED');
      }
      await this.repository.logSend({ phone: input.phone, ip: input.ip, deviceId: input.deviceId, now });
      return this.repository.insertCode({
        phone: codeKey,
        codeHash: this.hash(codeKey, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.options.ttlSeconds * 1000),
      });
    });

    // The service-wide daily budget against SMS pumping: outside the send locks, so it is one short
    // conditional upsert and never a lock held across every phone.
    const day = vietnamDate(now);
    const budget = this.options.smsDailyBudget;
    if (budget !== undefined && !(await this.repository.reserveDailySms(day, budget))) {
      await this.repository.deleteCode(codeId);
      this.log.error({ budget }, 'daily SMS budget spent: no more OTP SMS today (SMS_DAILY_BUDGET)');
      throw new AppError('SMS_UNAVAILABLE');
    }

    const minutes = Math.max(1, Math.round(this.options.ttlSeconds / 60));
    const text =
      input.channel?.message(code, minutes) ??
      `${this.options.productName}: ma xac thuc cua ban la ${code}. Ma het han sau ${minutes} phut. Khong chia se ma nay cho bat ky ai.`;
    try {
      await this.sms.send(input.phone, text);
    } catch (error) {
      await this.repository.deleteCode(codeId);
      if (budget !== undefined) await this.repository.releaseDailySms(day);
      this.log.warn({ provider: this.sms.name, reason: (error as Error).message }, 'sms provider failed');
      throw new AppError('SMS_UNAVAILABLE');
    }
    return { resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: this.options.ttlSeconds };
  }

  /**
   * What checking `code` of a channel needs when another statement does it (the loan commit checks
   * the signing code inside its transaction in one statement, decision 112): never the code itself.
   */
  checkOf(phoneNumber: string, code: string, channelKey: string): OtpCheck {
    const codeKey = codeKeyOf(phoneNumber, channelKey);
    return { codeKey, codeHash: this.hash(codeKey, code), now: this.clock(), maxAttempts: OTP_MAX_ATTEMPTS };
  }

  /** Why a channel's current code could not be used: none (OTP_INCORRECT), tries used up (OTP_LOCKED), used or expired (OTP_EXPIRED). */
  async refusalOf(phoneNumber: string, channelKey: string): Promise<AppError> {
    const latest = await this.repository.latest(codeKeyOf(phoneNumber, channelKey));
    if (!latest) return new AppError('OTP_INCORRECT');
    if (latest.failedAttempts >= OTP_MAX_ATTEMPTS && !latest.consumedAt) return new AppError('OTP_LOCKED');
    return new AppError('OTP_EXPIRED');
  }

  /** Accepts the current code of `phone` (of `channelKey`, else the login code) once; throws the catalogued OTP error otherwise. */
  async verify(phoneNumber: string, code: string, channelKey?: string): Promise<void> {
    const phone = codeKeyOf(phoneNumber, channelKey);
    const now = this.clock();
    const latest = await this.repository.latest(phone);
    if (!latest) throw new AppError('OTP_INCORRECT');
    if (latest.failedAttempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_LOCKED');
    if (latest.consumedAt || latest.expiresAt.getTime() <= now.getTime()) throw new AppError('OTP_EXPIRED');
    // The try is reserved before the guess is compared, so parallel guesses cannot exceed the limit.
    const attempt = await this.repository.reserveAttempt(latest.id, now, OTP_MAX_ATTEMPTS);
    if (attempt === null) {
      const current = await this.repository.latest(phone);
      const usedUp = current?.id === latest.id && !current.consumedAt && current.failedAttempts >= OTP_MAX_ATTEMPTS;
      throw new AppError(usedUp ? 'OTP_LOCKED' : 'OTP_EXPIRED');
    }
    if (!hexEqual(latest.codeHash, this.hash(phone, code))) {
      throw new AppError(attempt >= OTP_MAX_ATTEMPTS ? 'OTP_LOCKED' : 'OTP_INCORRECT');
    }
    if (!(await this.repository.consume(latest.id, now))) throw new AppError('OTP_EXPIRED');
  }
}

/** A code as another statement checks it (decision 112): where it is kept, its keyed hash, and the OTP clock's now. */
export interface OtpCheck {
  codeKey: string;
  codeHash: string;
  now: Date;
  maxAttempts: number;
}

/** Where a code is kept: the phone for the login code, `key:phone` for another channel's. */
function codeKeyOf(phone: string, channelKey: string | undefined): string {
  return channelKey ? `${channelKey}:${phone}` : phone;
}
