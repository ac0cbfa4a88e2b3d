import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import type { Clock } from './clock.ts';

/** What every module may take from the app: configuration, database, clock and providers. */
export interface Infra {
  config: Config;
  database: Database;
  clock: Clock;
  sms: SmsProvider;
  /** The request-signing secret and the OTP pepper (from configuration or app_settings). */
  secrets: { signSecret: string; otpPepper: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    infra: Infra;
  }
}
