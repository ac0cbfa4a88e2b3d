import { describe, expect, it } from 'vitest';
import { FieldCipher, maskTail } from './field-cipher.ts';

const key = 'a'.repeat(64);

describe('FieldCipher', () => {
  it('round-trips and uses a fresh IV for every value', () => {
    const cipher = new FieldCipher(key);
    const first = cipher.encrypt('012345678901');
    const second = cipher.encrypt('012345678901');
    expect(first).not.toBe(second);
    expect(first).not.toContain('012345678901');
    expect(cipher.decrypt(first)).toBe('012345678901');
    expect(cipher.decrypt(second)).toBe('012345678901');
  });

  it('refuses a tampered value and a value made by another key', () => {
    const cipher = new FieldCipher(key);
    const stored = cipher.encrypt('9704198526191432198');
    const parts = stored.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => new FieldCipher('b'.repeat(64)).decrypt(stored)).toThrow();
    expect(() => cipher.decrypt('plain text')).toThrow('not an encrypted field value');
  });

  it('gives a stable blind index per purpose and key', () => {
    const cipher = new FieldCipher(key);
    expect(cipher.blindIndex('id-number', '012345678901')).toBe(cipher.blindIndex('id-number', '012345678901'));
    expect(cipher.blindIndex('id-number', '012345678901')).not.toBe(cipher.blindIndex('bank-account', '012345678901'));
    expect(new FieldCipher('b'.repeat(64)).blindIndex('id-number', '012345678901')).not.toBe(
      cipher.blindIndex('id-number', '012345678901'),
    );
  });

  it('refuses a key of the wrong length', () => {
    expect(() => new FieldCipher('abcd')).toThrow('32 bytes');
  });

  it('masks all but the tail', () => {
    expect(maskTail('9704198526191432198')).toBe('***************2198');
    expect(maskTail('123')).toBe('123');
  });
});
