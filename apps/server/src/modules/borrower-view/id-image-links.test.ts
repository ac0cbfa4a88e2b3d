import { describe, expect, it } from 'vitest';
import { IdImageLinks } from './id-image-links.ts';

const FILE = '3f0c1a52-7d7e-4b8e-9f4e-0e6b1d2c3a4b';
const now = new Date('2026-11-25T03:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('IdImageLinks', () => {
  const links = new IdImageLinks('secret-a', 300);

  it('answers the file to the session it was made for, until it expires', () => {
    const { token, expiresAt } = links.issue(FILE, 'session-1', now);
    expect(expiresAt.toISOString()).toBe('2026-11-25T03:05:00.000Z');
    expect(links.verify(token, 'session-1', now)).toBe(FILE);
    expect(links.verify(token, 'session-1', later(299))).toBe(FILE);
    expect(links.verify(token, 'session-1', later(300))).toBeNull();
  });

  it('refuses another session, another key, and any altered part', () => {
    const { token } = links.issue(FILE, 'session-1', now);
    expect(links.verify(token, 'session-2', now)).toBeNull();
    expect(new IdImageLinks('secret-b', 300).verify(token, 'session-1', now)).toBeNull();
    const [fileId, expires, mac] = token.split('.');
    expect(links.verify(`${fileId}.${Number(expires) + 3600}.${mac}`, 'session-1', now)).toBeNull();
    expect(links.verify(`${FILE.replace('3f', '4f')}.${expires}.${mac}`, 'session-1', now)).toBeNull();
    expect(links.verify(`${fileId}.${expires}.${mac}x`, 'session-1', now)).toBeNull();
    expect(links.verify(`${token}.extra`, 'session-1', now)).toBeNull();
    expect(links.verify('garbage', 'session-1', now)).toBeNull();
  });
});
