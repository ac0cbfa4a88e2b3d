import type { Config } from '../../config.ts';
import type { Clock } from '../../shared/clock.ts';
import { DevSmsProvider } from './dev-sms-provider.ts';
import { EsmsProvider } from './esms-provider.ts';
import type { SmsProvider } from './sms-provider.ts';

export function createSmsProvider(config: Config, clock: Clock): SmsProvider {
  if (config.sms.provider === 'esms') return new EsmsProvider(config.sms.esms);
  return new DevSmsProvider(clock, config.nodeEnv === 'development');
}
