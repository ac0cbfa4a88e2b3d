import { findOperator } from '@sen/contract';
import type { OperatorCodeRequest, OperatorCodeSent, OperatorCodeStep, OperatorVerificationProvider } from './operator-provider.ts';

/** The part of the OTP service the provider uses (modules/auth OtpService): same limits as the login code. */
export interface CodeSender {
  send(input: {
    phone: string;
    ip: string;
    deviceId: string | null;
    botCheckPassed?: boolean;
    channel: { key: string; digits: 4 | 6; message: (code: string, minutes: number) => string };
  }): Promise<{ resendAfterSeconds: number }>;
  verify(phone: string, code: string, channelKey: string): Promise<void>;
}

/** First code 4 digits, second 6: the two lengths the operators use (SPEC.md §5). */
const DIGITS: Record<OperatorCodeStep, 4 | 6> = { 1: 4, 2: 6 };

function channelKey(company: string, step: OperatorCodeStep): string {
  return `operator-${company}-${step}`;
}

/**
 * OPERATOR_PROVIDER=sms: the codes are Sen's own, sent through the SMS provider (SMS_PROVIDER) by
 * the OTP service, so they share the login code's resend wait, hourly limits per phone, IP and
 * device, and daily SMS budget. It proves the borrower holds the SIM of the number, not what the
 * operator's subscriber record says (decision 044). The caller is signed in (its session came from
 * a login code or password), so no bot check is asked for.
 */
export class SmsOperatorProvider implements OperatorVerificationProvider {
  readonly name = 'sms';

  constructor(
    private readonly codes: CodeSender,
    private readonly productName: string,
  ) {}

  async sendCode(request: OperatorCodeRequest): Promise<OperatorCodeSent> {
    const digits = DIGITS[request.step];
    const operator = findOperator(request.company)?.name ?? request.company;
    const sent = await this.codes.send({
      phone: request.phone,
      ip: request.ip,
      deviceId: request.deviceId,
      botCheckPassed: true,
      channel: {
        key: channelKey(request.company, request.step),
        digits,
        message: (code, minutes) =>
          `${this.productName}: ma xac minh nha mang ${operator} cua ban la ${code}. Ma het han sau ${minutes} phut. Khong chia se ma nay cho bat ky ai.`,
      },
    });
    return { codeLength: digits, resendAfterSeconds: sent.resendAfterSeconds };
  }

  async verifyCode(request: { phone: string; company: string; step: OperatorCodeStep; code: string }): Promise<void> {
    await this.codes.verify(request.phone, request.code, channelKey(request.company, request.step));
  }
}
