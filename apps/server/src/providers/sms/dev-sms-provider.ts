import { maskPhone } from '@sen/contract';
import type { Clock } from '../../shared/clock.ts';
import type { SmsProvider } from './sms-provider.ts';

export interface OutboxMessage {
  phone: string;
  text: string;
  /** The first 4-6 digit number of the text: the OTP, for the development outbox endpoint. */
  code: string;
  sentAt: string;
}

const OUTBOX_LIMIT = 200;

/**
 * Development SMS: nothing leaves the machine. Messages go to a bounded in-memory outbox read by
 * the development outbox endpoint. In development (only) each code is also printed to stdout
 * with a console line of its own, never through the logger, so that OTPs stay out of the logs.
 */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  private readonly outbox: OutboxMessage[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly printCodes: boolean,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const code = /\b(\d{4,6})\b/.exec(text)?.[1] ?? '';
    this.outbox.unshift({ phone, text, code, sentAt: this.clock().toISOString() });
    if (this.outbox.length > OUTBOX_LIMIT) this.outbox.length = OUTBOX_LIMIT;
    if (this.printCodes) console.info(`[dev sms] OTP for ${maskPhone(phone)} is ${code}`);
  }

  /** Messages sent to `phone` (or all), newest first. */
  messages(phone?: string): OutboxMessage[] {
    return phone ? this.outbox.filter((message) => message.phone === phone) : [...this.outbox];
  }
}
