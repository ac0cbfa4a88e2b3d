import type pg from 'pg';

/** What @fastify/rate-limit expects of a store (its LocalStore and RedisStore have this shape). */
export interface RateLimitStore {
  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateLimitStore;
}

/** Sweep expired counters on about one increment in this many. */
const SWEEP_EVERY = 500;

/**
 * Per-IP counters in PostgreSQL (table rate_limit_counters), so every instance behind a load
 * balancer counts the same requests. One upsert per request: a key's window restarts once its
 * reset time has passed, using the database clock so instances with skewed clocks agree.
 */
export function postgresRateLimitStore(pool: pg.Pool, onError: (error: Error) => void): new () => RateLimitStore {
  let sinceSweep = 0;
  class PostgresRateLimitStore implements RateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      pool
        .query<{ hits: number; ttl: number }>(
          `insert into rate_limit_counters as c (key, hits, reset_at)
           values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
           on conflict (key) do update set
             hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
             reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
           returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
          [key, timeWindow],
        )
        .then(
          (result) => {
            const row = result.rows[0];
            callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow });
          },
          (error: Error) => callback(error),
        );
      sinceSweep += 1;
      if (sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        pool.query(`delete from rate_limit_counters where reset_at < now() - interval '1 minute'`).catch(onError);
      }
    }

    child(): RateLimitStore {
      return this;
    }
  }
  return PostgresRateLimitStore;
}
