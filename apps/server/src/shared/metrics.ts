import type { FastifyReply, FastifyRequest } from 'fastify';

/** What one payout run did, by result (modules/loan/payout.service.ts PayoutRun). */
export type PayoutCounts = Readonly<Record<string, number>>;

/**
 * The server's operational metrics (decision 105). Services and the job runner report through
 * this; `noMetrics` does nothing when METRICS_PORT is unset, and `createPrometheusMetrics`
 * (shared/prometheus-metrics.ts, loaded only when metrics are on) keeps Prometheus series.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** One answered HTTP request (an onResponse hook; only registered when enabled). */
  request(request: FastifyRequest, reply: FastifyReply): void;
  /** One job run: its result, how long it took and how late it started after its period began. */
  jobRun(job: string, result: 'ran' | 'failed' | 'skipped', seconds: number, lagSeconds: number | null): void;
  /** One payout run's outcomes (submitted, succeeded, failed, retried, pending, rejected, unknown). */
  payouts(counts: PayoutCounts): void;
  /** One webhook call's outcome (e.g. sepay: matched | unmatched | duplicate | refused). */
  webhook(source: string, result: string): void;
  /** One OTP text handed to the SMS provider (sent) or refused by it (failed). */
  otpSend(result: 'sent' | 'failed'): void;
}

export const noMetrics: Metrics = {
  enabled: false,
  request() {},
  jobRun() {},
  payouts() {},
  webhook() {},
  otpSend() {},
};
