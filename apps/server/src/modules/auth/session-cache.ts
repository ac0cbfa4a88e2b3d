import type { StoredSession } from './session.repository.ts';

interface Entry {
  session: StoredSession;
  /** Clock milliseconds after which the entry is not used: the earlier of the TTL and the session's expiry. */
  validUntilMs: number;
}

/**
 * Resolved sessions kept for a few seconds, for the embedded database only (decision 030): PGlite
 * lives in this process, so every revocation of its sessions goes through this process and evicts
 * here, and the cache is exact. With PostgreSQL another instance may revoke a session, so there is
 * no cache there (one prepared query per call instead).
 *
 * A read that started before a revocation must not put its (older) answer back afterwards: every
 * eviction bumps `generation`, and a read only stores its answer if no eviction happened meanwhile.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, nowMs: number): StoredSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.validUntilMs <= nowMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** A token to hand back to `set`: the answer is stored only if nothing was evicted since. */
  startRead(): number {
    return this.generation;
  }

  set(readStartedAt: number, tokenHash: string, session: StoredSession, expiresAt: Date, nowMs: number): void {
    if (readStartedAt !== this.generation) return;
    // Bounded memory: when full, start over (the entries are only a few seconds old anyway).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { session, validUntilMs: Math.min(nowMs + this.ttlMs, expiresAt.getTime()) });
  }

  evictSession(sessionId: string): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.session.sessionId === sessionId) this.entries.delete(key);
  }

  evictUser(userId: string): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.session.userId === userId) this.entries.delete(key);
  }
}
