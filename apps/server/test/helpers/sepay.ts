import { randomInt } from 'node:crypto';
import { API_PATHS, type RepayQuote, type SepayWebhook } from '@sen/contract';
import type { LightMyRequestResponse } from 'fastify';
import { DEV_SEPAY_WEBHOOK_KEY } from '../../src/config.ts';
import { formatBankTime } from '../../src/modules/repayment/transfer-matching.ts';
import type { TestApp } from './test-app.ts';

/*
 * SePay's webhook as the bank-notification service sends it (https://docs.sepay.vn: a JSON body,
 * `Authorization: Apikey <key>`), for repayment tests: money into the collection account with a
 * content that names a request or an order.
 */

/** A SePay transfer notification: money in to the test app's collection account, now. */
export function sepayTransfer(t: TestApp, overrides: Partial<SepayWebhook> = {}): SepayWebhook {
  const id = randomInt(1, 2 ** 47);
  return {
    id,
    gateway: 'MBBank',
    transactionDate: formatBankTime(t.clock.now()),
    accountNumber: t.config.collection.accountNumber,
    code: null,
    content: 'chuyen tien',
    transferType: 'in',
    transferAmount: 100_000,
    accumulated: 19_077_000,
    subAccount: null,
    referenceCode: `MBVCB.${id}`,
    description: '',
    ...overrides,
  };
}

/** Posts a notification to the webhook with the key (the development default unless given). */
export function postSepay(t: TestApp, body: SepayWebhook | Record<string, unknown>, key: string | null = DEV_SEPAY_WEBHOOK_KEY): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: API_PATHS.sepayWebhook,
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Apikey ${key}` }) },
    payload: JSON.stringify(body),
  });
}

/** The bank's report of a borrower paying `amount` for a request, its content written as a bank writes it. */
export function payRequest(t: TestApp, quote: Pick<RepayQuote, 'transferContent'>, amount: number, overrides: Partial<SepayWebhook> = {}) {
  return postSepay(t, sepayTransfer(t, { content: `NGUYEN VAN A chuyen tien ${quote.transferContent}`, transferAmount: amount, ...overrides }));
}
