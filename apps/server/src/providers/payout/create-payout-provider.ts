import type { Config } from '../../config.ts';
import type { Clock } from '../../shared/clock.ts';
import { DevPayoutProvider } from './dev-payout-provider.ts';
import { NapasPayoutProvider } from './napas-payout-provider.ts';
import type { PayoutProvider } from './payout-provider.ts';

export function createPayoutProvider(config: Config, clock: Clock): PayoutProvider {
  if (config.payout.provider === 'napas') return new NapasPayoutProvider(config.payout.napas);
  return new DevPayoutProvider({ delayMs: config.payout.devDelayMs, failAccounts: config.payout.devFailAccounts }, clock);
}
