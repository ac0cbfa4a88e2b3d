import { describe, expect, it } from 'vitest';
import { sendCodeRequestSchema } from './auth.ts';
import { challengeResponseSchema } from './challenge.ts';

describe('bot check on login/sms (docs/decisions/036)', () => {
  it('takes the altcha solution as an optional field; the family clients send none', () => {
    expect(sendCodeRequestSchema.parse({ phone: '912345678' })).toEqual({ phone: '0912345678' });
    expect(sendCodeRequestSchema.parse({ phone: '912345678', altcha: 'eyJhIjoxfQ==' }).altcha).toBe('eyJhIjoxfQ==');
    expect(sendCodeRequestSchema.parse({ phone: '912345678', altcha: 'null' }).altcha).toBeUndefined();
    expect(sendCodeRequestSchema.parse({ phone: '912345678', altcha: '' }).altcha).toBeUndefined();
  });

  it('refuses a solution with spaces or control characters, or over 4 KB', () => {
    for (const altcha of ['two words', 'a\u0000b', 'x'.repeat(4097)]) {
      expect(sendCodeRequestSchema.safeParse({ phone: '912345678', altcha }).success, JSON.stringify(altcha).slice(0, 20)).toBe(false);
    }
  });

  it('describes an ALTCHA challenge or says none is served', () => {
    expect(challengeResponseSchema.parse({ kind: 'off', altcha: null })).toEqual({ kind: 'off', altcha: null });
    const altcha = { algorithm: 'SHA-256', challenge: 'ab', maxnumber: 50000, salt: 's?expires=1&', signature: 'cd' };
    expect(challengeResponseSchema.parse({ kind: 'altcha', altcha }).altcha).toEqual(altcha);
    expect(challengeResponseSchema.safeParse({ kind: 'altcha', altcha: { ...altcha, algorithm: 'MD5' } }).success).toBe(false);
  });
});
