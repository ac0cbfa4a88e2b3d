import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  checkPayoutRequest,
  PayoutReferenceConflictError,
  PayoutRequestError,
  PayoutUnavailableError,
  type PayoutFailureCode,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutResult,
} from './payout-provider.ts';

export interface NapasPayoutOptions {
  baseUrl: string;
  clientId: string;
  secretKey: string;
  timeoutMs: number;
}

/**
 * NAPAS 247 transfers through a payment partner's payout API, in the style Vietnamese partners
 * offer (create a transfer with our reference, query it by reference, HMAC-signed both ways).
 *
 * Requests: JSON, headers X-Client-Id, X-Timestamp (ms) and X-Signature = hex HMAC-SHA256 of
 * `METHOD\nPATH\nTIMESTAMP\nBODY` with our secret key. Answers: `{code, message, data}` signed
 * the same way over `TIMESTAMP\nBODY` (X-Timestamp, X-Signature); an answer that does not verify
 * is not trusted (PayoutUnavailableError: reconcile by status). Amounts travel as decimal text.
 *
 *   POST /transfers                 {reference, amount, currency, bankBin, accountNumber, accountName, description, channel}
 *   GET  /transfers/{reference}
 *
 * Codes: 00 done; 09 the reference exists (data is that transfer: idempotent repeat); 10 the
 * reference exists with other details; 04 no transfer with this reference; 01 malformed; 02 bad
 * signature. Transfer status PROCESSING, SUCCESS or FAILED with an errorCode.
 */
export class NapasPayoutProvider implements PayoutProvider {
  readonly name = 'napas';

  constructor(private readonly options: NapasPayoutOptions) {}

  async submit(request: PayoutRequest): Promise<PayoutResult> {
    checkPayoutRequest(request);
    const body = JSON.stringify({
      reference: request.reference,
      amount: request.amount.toString(),
      currency: 'VND',
      bankBin: request.bankBin,
      accountNumber: request.accountNumber,
      accountName: request.accountName,
      description: request.description,
      channel: 'NAPAS247',
    });
    const answer = await this.call('POST', '/transfers', body);
    if (answer.code === '00' || answer.code === '09') {
      const result = toResult(answer.data);
      if (result.reference !== request.reference) throw new PayoutUnavailableError('The partner answered about another reference');
      if (result.amount !== request.amount) throw new PayoutReferenceConflictError(`Reference ${request.reference} was used for another amount`);
      return result;
    }
    if (answer.code === '10') throw new PayoutReferenceConflictError(`Reference ${request.reference} was used for another transfer`);
    throw new PayoutRequestError(`The partner refused the transfer: ${answer.code} ${answer.message}`);
  }

  async status(reference: string): Promise<PayoutResult | null> {
    const answer = await this.call('GET', `/transfers/${encodeURIComponent(reference)}`, '');
    if (answer.code === '04') return null;
    if (answer.code !== '00') throw new PayoutRequestError(`The partner refused the query: ${answer.code} ${answer.message}`);
    const result = toResult(answer.data);
    if (result.reference !== reference) throw new PayoutUnavailableError('The partner answered about another reference');
    return result;
  }

  private async call(method: 'GET' | 'POST', path: string, body: string): Promise<{ code: string; message: string; data: unknown }> {
    const timestamp = String(Date.now());
    const signature = signPartnerRequest(this.options.secretKey, method, path, timestamp, body);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-client-id': this.options.clientId,
          'x-timestamp': timestamp,
          'x-signature': signature,
        },
        ...(method === 'POST' ? { body } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new PayoutUnavailableError(`Payout partner unreachable: ${(error as Error).name}`);
    }
    const text = await response.text().catch(() => null);
    if (text === null) throw new PayoutUnavailableError('Payout partner answer was cut off');
    if (response.status >= 500) throw new PayoutUnavailableError(`Payout partner answered HTTP ${response.status}`);
    const answerTimestamp = response.headers.get('x-timestamp') ?? '';
    const answerSignature = response.headers.get('x-signature') ?? '';
    if (!verifyPartnerAnswer(this.options.secretKey, answerTimestamp, text, answerSignature)) {
      throw new PayoutUnavailableError(`Payout partner answer (HTTP ${response.status}) does not verify`);
    }
    let parsed: { code?: unknown; message?: unknown; data?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new PayoutUnavailableError('Payout partner answered with a body that is not JSON');
    }
    if (typeof parsed.code !== 'string') throw new PayoutUnavailableError('Payout partner answer has no code');
    return { code: parsed.code, message: typeof parsed.message === 'string' ? parsed.message : '', data: parsed.data };
  }
}

/** Our request signature: hex HMAC-SHA256 of METHOD\nPATH\nTIMESTAMP\nBODY. */
export function signPartnerRequest(secretKey: string, method: string, path: string, timestamp: string, body: string): string {
  return createHmac('sha256', secretKey).update(`${method}\n${path}\n${timestamp}\n${body}`).digest('hex');
}

/** The partner's answer signature: hex HMAC-SHA256 of TIMESTAMP\nBODY. */
export function signPartnerAnswer(secretKey: string, timestamp: string, body: string): string {
  return createHmac('sha256', secretKey).update(`${timestamp}\n${body}`).digest('hex');
}

function verifyPartnerAnswer(secretKey: string, timestamp: string, body: string, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature) || timestamp === '') return false;
  return timingSafeEqual(Buffer.from(signPartnerAnswer(secretKey, timestamp, body), 'hex'), Buffer.from(signature, 'hex'));
}

const FAILURE_CODES: Record<string, PayoutFailureCode> = {
  INVALID_ACCOUNT: 'ACCOUNT_INVALID',
  ACCOUNT_CLOSED: 'ACCOUNT_INVALID',
  NAME_MISMATCH: 'ACCOUNT_INVALID',
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_FUNDS',
  TIMEOUT: 'EXPIRED',
};

function toResult(data: unknown): PayoutResult {
  const transfer = (data ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const reference = text(transfer.reference);
  const amount = text(transfer.amount);
  if (reference === null || amount === null || !/^\d+$/.test(amount)) throw new PayoutUnavailableError('Payout partner answer lacks the transfer');
  const common = { reference, amount: BigInt(amount), partnerTransactionId: text(transfer.transactionId) };
  const completedAt = text(transfer.completedAt);
  switch (transfer.status) {
    case 'PROCESSING':
      return { ...common, state: 'pending', failureCode: null, failureReason: null, completedAt: null };
    case 'SUCCESS':
      return { ...common, state: 'succeeded', failureCode: null, failureReason: null, completedAt: completedAt ? new Date(completedAt) : null };
    case 'FAILED': {
      const errorCode = text(transfer.errorCode) ?? '';
      return {
        ...common,
        state: 'failed',
        failureCode: FAILURE_CODES[errorCode] ?? 'BANK_REJECTED',
        failureReason: text(transfer.errorMessage) ?? errorCode,
        completedAt: completedAt ? new Date(completedAt) : null,
      };
    }
    default:
      throw new PayoutUnavailableError(`Payout partner answered an unknown status ${String(transfer.status)}`);
  }
}
