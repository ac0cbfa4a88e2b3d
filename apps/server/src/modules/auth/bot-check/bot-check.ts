import type { ChallengeResponse } from '@sen/contract';

/** Who asks for a code: passed to a hosted provider that scores requests. */
export interface BotCheckContext {
  ip: string;
}

/**
 * A check that a code request comes from a person's device rather than a script (docs/decisions/036).
 * The self-hosted ALTCHA proof of work is the default; a hosted service (Cap standalone, Turnstile,
 * hCaptcha: any siteverify API) can replace it in production by configuration.
 */
export interface BotCheck {
  readonly kind: ChallengeResponse['kind'];
  /** What GET challenge answers. */
  challenge(): Promise<ChallengeResponse>;
  /** True when `solution` is valid and not used before; a true answer uses it up. */
  redeem(solution: string, context: BotCheckContext): Promise<boolean>;
}

/** BOT_CHECK=off (development and tests only; refused in production): nothing is ever asked. */
export class NoBotCheck implements BotCheck {
  readonly kind = 'off' as const;
  async challenge(): Promise<ChallengeResponse> {
    return { kind: 'off', altcha: null };
  }
  async redeem(): Promise<boolean> {
    return true;
  }
}
