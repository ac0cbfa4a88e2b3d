import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { DevLivenessSigner } from '../providers/ekyc/dev-liveness.ts';
import type { EkycProvider } from '../providers/ekyc/ekyc-provider.ts';
import type { PayoutProvider } from '../providers/payout/payout-provider.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import type { FieldCipher } from './field-cipher.ts';
import type { Clock, MovableClock } from './clock.ts';
import type { Metrics } from './metrics.ts';
import type { ObjectStorage } from './uploads/storage.ts';

/** The composition's first layer (compose.ts): configuration, database, clocks, logger, providers and secrets. */
export interface Infra {
  config: Config;
  database: Database;
  clock: Clock;
  /**
   * The loans' business time: due dates, accrual, repayment dates, credit and quota dates. Equal to
   * `clock` except in development, where `devClock` can move it forward (decision 074).
   */
  businessClock: Clock;
  /** Development only: the movable business clock (absent in production). */
  devClock?: MovableClock;
  /** The process's logger; Fastify's request loggers are its children. */
  log: FastifyBaseLogger;
  sms: SmsProvider;
  /** Uploaded files (local directory or S3-compatible bucket; shared/uploads, decision 040). */
  storage: ObjectStorage;
  /** Payouts to borrowers' bank accounts (PAYOUT_PROVIDER). */
  payout: PayoutProvider;
  /** Reads ID cards and checks liveness (EKYC_PROVIDER). */
  ekyc: EkycProvider;
  /** Signs the development liveness page's results (used by the dev provider and the KYC service). */
  devLivenessSigner: DevLivenessSigner;
  /**
   * The request-signing secret, the OTP pepper and the cipher of personal numbers at rest (from
   * configuration or app_settings).
   */
  secrets: { signSecret: string; otpPepper: string; fieldCipher: FieldCipher };
  /** Operational metrics (shared/metrics.ts): Prometheus series when METRICS_PORT is set, nothing otherwise. */
  metrics: Metrics;
}
