import type { ChallengeResponse } from '@sen/contract';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Clock } from '../../../shared/clock.ts';
import { sha256Hex } from '../../../shared/crypto.ts';
import type { BotCheck } from './bot-check.ts';
import type { BotCheckRepository } from './bot-check.repository.ts';

export interface AltchaOptions {
  hmacKey: string;
  maxNumber: number;
  ttlSeconds: number;
}

/**
 * Self-hosted ALTCHA proof of work (altcha-lib, v1 challenges: what the ALTCHA widget and a few
 * lines of WebCrypto solve). Challenges are signed and carry their expiry, so the server keeps no
 * state until a solution is redeemed; a redeemed solution is recorded so it cannot be replayed.
 */
export class AltchaBotCheck implements BotCheck {
  readonly kind = 'altcha' as const;

  constructor(
    private readonly repository: BotCheckRepository,
    private readonly clock: Clock,
    private readonly options: AltchaOptions,
  ) {}

  async challenge(): Promise<ChallengeResponse> {
    const expires = new Date(this.clock().getTime() + this.options.ttlSeconds * 1000);
    const created = await createChallenge({ hmacKey: this.options.hmacKey, maxNumber: this.options.maxNumber, expires, algorithm: 'SHA-256' });
    return {
      kind: 'altcha',
      altcha: { algorithm: 'SHA-256', challenge: created.challenge, maxnumber: created.maxnumber ?? this.options.maxNumber, salt: created.salt, signature: created.signature },
    };
  }

  async redeem(solution: string): Promise<boolean> {
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    if (!isPayload(payload) || payload.algorithm !== 'SHA-256') return false;
    // Expiry against our clock (the library's check reads Date.now()); a challenge without one is not ours.
    const expiresSeconds = Number(extractParams(payload).expires);
    const now = this.clock();
    if (!Number.isFinite(expiresSeconds) || expiresSeconds * 1000 <= now.getTime()) return false;
    if (!(await verifySolution(payload, this.options.hmacKey, false))) return false;
    return this.repository.redeemOnce(`altcha:${sha256Hex(payload.signature)}`, new Date(expiresSeconds * 1000), now);
  }
}

interface AltchaPayload {
  algorithm: 'SHA-1' | 'SHA-256' | 'SHA-512';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function isPayload(value: unknown): value is AltchaPayload {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.algorithm === 'string' &&
    typeof record.challenge === 'string' &&
    typeof record.salt === 'string' &&
    typeof record.signature === 'string' &&
    Number.isSafeInteger(record.number) &&
    (record.number as number) >= 0
  );
}
