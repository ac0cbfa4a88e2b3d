import type { ChallengeResponse } from '@sen/contract';
import type { Clock } from '../../../shared/clock.ts';
import { sha256Hex } from '../../../shared/crypto.ts';
import type { BotCheck, BotCheckContext } from './bot-check.ts';
import type { BotCheckRepository } from './bot-check.repository.ts';

export interface HostedBotCheckOptions {
  /** The provider's siteverify URL (Cap standalone, Cloudflare Turnstile, hCaptcha ...). */
  verifyUrl: string;
  secret: string;
  timeoutMs: number;
}

/** How long a hosted token is remembered as used (providers' tokens live at most a few minutes). */
const TOKEN_MEMORY_MS = 10 * 60 * 1000;

/**
 * A hosted check behind the common siteverify protocol: form post of `secret`, `response` and
 * `remoteip`, answer `{ success: boolean }`. The client gets the token from the provider's widget
 * (kind 'hosted'), so the web app needs that widget when this adapter is configured.
 */
export class HostedBotCheck implements BotCheck {
  readonly kind = 'hosted' as const;

  constructor(
    private readonly repository: BotCheckRepository,
    private readonly clock: Clock,
    private readonly options: HostedBotCheckOptions,
  ) {}

  async challenge(): Promise<ChallengeResponse> {
    return { kind: 'hosted', altcha: null };
  }

  async redeem(solution: string, context: BotCheckContext): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.options.secret, response: solution, remoteip: context.ip });
    let success = false;
    try {
      const response = await fetch(this.options.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(this.options.timeoutMs) });
      success = response.ok && ((await response.json()) as { success?: unknown }).success === true;
    } catch {
      // The provider being away refuses the send (fail closed): SMS pumping costs money.
      return false;
    }
    if (!success) return false;
    const now = this.clock();
    return this.repository.redeemOnce(`hosted:${sha256Hex(solution)}`, new Date(now.getTime() + TOKEN_MEMORY_MS), now);
  }
}
