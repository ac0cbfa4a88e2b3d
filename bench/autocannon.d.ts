/**
 * The part of autocannon 8's programmatic API this benchmark uses (the package ships no types and
 * @types/autocannon is not installed). See node_modules/autocannon/README.md, "API".
 */
declare module 'autocannon' {
  export interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
    headers?: Record<string, string>;
    body?: string | Buffer;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    /** Seconds to wait for one response before counting a timeout. */
    timeout?: number;
    pipelining?: number;
    /** Worker threads firing the requests (0: the calling thread). */
    workers?: number;
    title?: string;
    /** A run before the measured one whose results are not reported (options override the main ones). */
    warmup?: { duration?: number; connections?: number };
  }

  /** A histogram summary; latency values are in milliseconds, requests in requests per second. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    title?: string;
    url: string;
    /** Seconds. */
    duration: number;
    connections: number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
