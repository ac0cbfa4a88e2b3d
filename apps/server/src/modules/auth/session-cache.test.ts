import { describe, expect, it } from 'vitest';
import type { StoredSession } from './session.repository.ts';
import { SessionCache } from './session-cache.ts';

const session = (sessionId: string, userId: string): StoredSession => ({
  sessionId,
  userId,
  loginMethod: 'sms',
  createdAt: new Date(0),
  deviceId: null,
  lastSeenAt: new Date(0),
});
const FAR = new Date(10_000_000);

describe('SessionCache', () => {
  it('serves an entry until its TTL or the session expiry, whichever comes first', () => {
    const cache = new SessionCache(5_000);
    cache.set(cache.startRead(), 'a', session('s1', 'u1'), FAR, 1_000);
    expect(cache.get('a', 5_999)?.sessionId).toBe('s1');
    expect(cache.get('a', 6_000)).toBeUndefined();
    cache.set(cache.startRead(), 'b', session('s2', 'u1'), new Date(2_000), 1_000);
    expect(cache.get('b', 1_999)?.sessionId).toBe('s2');
    expect(cache.get('b', 2_000)).toBeUndefined();
  });

  it('evicts by session and by user', () => {
    const cache = new SessionCache(5_000);
    cache.set(cache.startRead(), 'a', session('s1', 'u1'), FAR, 0);
    cache.set(cache.startRead(), 'b', session('s2', 'u1'), FAR, 0);
    cache.set(cache.startRead(), 'c', session('s3', 'u2'), FAR, 0);
    cache.evictSession('s1');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.sessionId).toBe('s2');
    cache.evictUser('u1');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.sessionId).toBe('s3');
  });

  it('does not store the answer of a read that an eviction overtook', () => {
    const cache = new SessionCache(5_000);
    const readStartedAt = cache.startRead();
    cache.evictUser('u1');
    cache.set(readStartedAt, 'a', session('s1', 'u1'), FAR, 0);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = new SessionCache(5_000, 2);
    for (const key of ['a', 'b', 'c']) cache.set(cache.startRead(), key, session(key, 'u'), FAR, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.sessionId).toBe('c');
  });
});
