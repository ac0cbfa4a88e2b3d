import { createHash } from 'node:crypto';
import type { OrderSignCode } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { OtpCheck, OtpService } from '../auth/index.ts';
import type { ProductService } from '../product/index.ts';
import { maskPhone } from './agreements.ts';

/** The application a signing code is for: its products, amount and plan as the commit will send them. */
export interface SigningApplication {
  productIds: readonly number[];
  amount: number | undefined;
  planNums: number | undefined;
  /** A batch's plan per product (productInstallmentMap; null or absent: the product's default). */
  plans?: Readonly<Record<string, number | null>> | undefined;
}

/** A batch's chosen plans in one order ('7=3,9=1'); '' when none is chosen (a key as before plans were signed). */
function plansText(application: SigningApplication): string {
  const chosen = new Set(application.productIds.map(String));
  return Object.entries(application.plans ?? {})
    .filter(([productId, plan]) => chosen.has(productId) && plan !== null && plan !== undefined)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([productId, plan]) => `${productId}=${plan}`)
    .join(',');
}

/** Who asks for a code, and from where (the send limits count the phone, the IP and the device). */
export interface SigningRequester {
  userId: string;
  phone: string;
  ip: string;
  deviceId: string | null;
}

/** What the acceptance rows keep of a code that signed (decision 112): never the code. */
export interface CodeEvidence {
  otpCodeId: string;
  codeHash: string;
  phone: string;
}

/**
 * The code's own channel (decision 112): a key made of the borrower and the application, so a
 * signing code is never a login code (another key), a login code never signs, and a code signs
 * only the application it was sent for (another amount, plan or product has another key).
 */
export function signingChannelKey(userId: string, application: SigningApplication): string {
  const products = [...new Set(application.productIds)].sort((a, b) => a - b).join(',');
  const plans = plansText(application);
  const digest = createHash('sha256')
    .update(`${userId}|${products}|${application.amount ?? ''}|${application.planNums ?? ''}${plans ? `|${plans}` : ''}`)
    .digest('hex');
  return `sign-${digest.slice(0, 32)}`;
}

/**
 * Signing a loan's agreements with a code sent by SMS (issue 25 item 7; decision 112): sent
 * through the login code's service (its resend wait, hourly limits per phone, IP and device, the
 * daily SMS budget, 5 tries, its lifetime) on a channel of its own; checked by the commit itself.
 */
export class SigningCodeService {
  constructor(
    private readonly otp: OtpService,
    private readonly products: ProductService,
    private readonly productName: string,
  ) {}

  /** Sends the code for `application` to the borrower's phone; the SMS names what it signs. */
  async send(requester: SigningRequester, application: SigningApplication): Promise<OrderSignCode> {
    const open = new Set((await this.products.activeProducts()).map((product) => product.id));
    if (application.productIds.length === 0 || application.productIds.some((id) => !open.has(id))) throw new AppError('PRODUCT_NOT_AVAILABLE');
    const amount = application.amount !== undefined ? ` ${new Intl.NumberFormat('vi-VN').format(application.amount)} VND` : '';
    const sent = await this.otp.send({
      phone: requester.phone,
      ip: requester.ip,
      deviceId: requester.deviceId,
      // No bot check: the code goes only to the signed-in borrower's own phone, so it cannot be aimed
      // at other numbers; the hourly limits and the daily SMS budget still count it.
      botCheckPassed: true,
      channel: {
        key: signingChannelKey(requester.userId, application),
        digits: 4,
        message: (code, minutes) =>
          `${this.productName}: ma ${code} dung de KY hop dong vay${amount}. Ma het han sau ${minutes} phut. Khong chia se ma nay cho bat ky ai, ke ca nhan vien ${this.productName}.`,
      },
    });
    return { ...sent, phoneMasked: maskPhone(requester.phone) };
  }

  /** How the commit checks `code` for `application` in its own statement. */
  checkOf(userId: string, phone: string, code: string, application: SigningApplication): OtpCheck {
    return this.otp.checkOf(phone, code, signingChannelKey(userId, application));
  }

  /** Why the application's current code could not be tried (none, used up, used or expired). */
  refusalOf(userId: string, phone: string, application: SigningApplication): Promise<AppError> {
    return this.otp.refusalOf(phone, signingChannelKey(userId, application));
  }
}
