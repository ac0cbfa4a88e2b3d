import type { OperatorCompany } from '@sen/contract';

/** Which code of the operator check: the first (otp/one) or the second (otp/two; not for Vietnamobile). */
export type OperatorCodeStep = 1 | 2;

export interface OperatorCodeRequest {
  /** The subscriber's number, normalised (the signed-in user's). */
  phone: string;
  company: OperatorCompany;
  step: OperatorCodeStep;
  /** Who asks, for the send limits. */
  ip: string;
  deviceId: string | null;
}

export interface OperatorCodeSent {
  /** Digits of the code sent: 4 or 6. */
  codeLength: 4 | 6;
  resendAfterSeconds: number;
}

/**
 * The operators' subscriber check (API-FAMILY.md §5.11): the operator sends the subscriber a code,
 * which proves the number is theirs and on that operator. Real operators are reached through a
 * partner; Sen ships the SMS provider (decision 044). Both methods throw the catalogued errors
 * (AppError: OTP_TOO_SOON, OTP_SEND_LIMIT, SMS_UNAVAILABLE, OTP_INCORRECT, OTP_EXPIRED, OTP_LOCKED).
 */
export interface OperatorVerificationProvider {
  readonly name: string;
  sendCode(request: OperatorCodeRequest): Promise<OperatorCodeSent>;
  /** Accepts the current code of this step once. */
  verifyCode(request: { phone: string; company: OperatorCompany; step: OperatorCodeStep; code: string }): Promise<void>;
}
