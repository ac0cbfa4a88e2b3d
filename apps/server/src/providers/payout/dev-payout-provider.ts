import type { Clock } from '../../shared/clock.ts';
import { checkPayoutRequest, PayoutReferenceConflictError, sameTransfer, type PayoutProvider, type PayoutRequest, type PayoutResult } from './payout-provider.ts';

export interface DevPayoutOptions {
  /** How long a transfer stays pending before it succeeds or fails. */
  delayMs: number;
  /** Account numbers whose transfers fail with ACCOUNT_INVALID. */
  failAccounts: readonly string[];
  /** How many transfers it remembers (default DEV_PAYOUT_REMEMBERED); the oldest are forgotten first. */
  remembered?: number;
}

/**
 * The transfers a development partner remembers: a long-running demo or soak paid out without end
 * and kept every transfer in memory (the soak's heap snapshots: 7,273 transfers more after nine
 * minutes at 30 commits a second). The payout job asks about a transfer within seconds of sending
 * it, so one sent 20,000 transfers ago is long recorded and never asked about again.
 */
export const DEV_PAYOUT_REMEMBERED = 20_000;

/** An account number ending in this fails too (a card anyone can add to see 'Payment failed'). */
export const DEV_FAIL_SUFFIX = '0000';

/**
 * Development payouts: nothing leaves the building. A transfer is pending for `delayMs` (by the
 * app's clock, so tests move time instead of waiting), then succeeds, or fails with
 * ACCOUNT_INVALID for the configured accounts and any account ending in 0000. Idempotent by
 * reference like a real partner. Transfers live in memory, the latest DEV_PAYOUT_REMEMBERED of them:
 * after a restart `status` answers null and the payout job submits again, which is what it would do
 * for a partner that never got it.
 */
export class DevPayoutProvider implements PayoutProvider {
  readonly name = 'dev';
  private readonly transfers = new Map<string, { request: PayoutRequest; createdAt: number; id: string }>();
  private sequence = 0;

  constructor(
    private readonly options: DevPayoutOptions,
    private readonly clock: Clock,
  ) {}

  async submit(request: PayoutRequest): Promise<PayoutResult> {
    checkPayoutRequest(request);
    const known = this.transfers.get(request.reference);
    if (known) {
      if (!sameTransfer(known.request, request)) throw new PayoutReferenceConflictError(`Reference ${request.reference} was used for another transfer`);
      return this.resultOf(request.reference)!;
    }
    this.sequence += 1;
    this.transfers.set(request.reference, { request: { ...request }, createdAt: this.clock().getTime(), id: `DEV${String(this.sequence).padStart(10, '0')}` });
    const result = this.resultOf(request.reference)!;
    // A Map keeps insertion order: the first key is the oldest transfer.
    if (this.transfers.size > (this.options.remembered ?? DEV_PAYOUT_REMEMBERED)) this.transfers.delete(this.transfers.keys().next().value!);
    return result;
  }

  async status(reference: string): Promise<PayoutResult | null> {
    return this.resultOf(reference);
  }

  /** How many transfers were made (tests: a payout is never sent twice), remembered or not. */
  get transferCount(): number {
    return this.sequence;
  }

  private resultOf(reference: string): PayoutResult | null {
    const transfer = this.transfers.get(reference);
    if (!transfer) return null;
    const doneAt = transfer.createdAt + this.options.delayMs;
    const base = { reference, amount: transfer.request.amount, partnerTransactionId: transfer.id };
    if (this.clock().getTime() < doneAt) return { ...base, state: 'pending', failureCode: null, failureReason: null, completedAt: null };
    const account = transfer.request.accountNumber;
    if (this.options.failAccounts.includes(account) || account.endsWith(DEV_FAIL_SUFFIX)) {
      return { ...base, state: 'failed', failureCode: 'ACCOUNT_INVALID', failureReason: 'The receiving account does not exist or is closed (development)', completedAt: new Date(doneAt) };
    }
    return { ...base, state: 'succeeded', failureCode: null, failureReason: null, completedAt: new Date(doneAt) };
  }
}
