import { describe, expect, it } from 'vitest';
import { firstMessageKey } from '../validation.ts';
import { fileDataRequestSchema } from './data-rights.ts';

const refusal = (input: unknown) => {
  const result = fileDataRequestSchema.safeParse(input);
  return result.success ? null : firstMessageKey(result.error, input);
};

describe('a data-subject request', () => {
  it('needs a kind', () => {
    expect(refusal({})).toBe('validation.select');
    expect(refusal({ kind: 'forget_me' })).toBe('validation.select');
  });

  it('needs details (at least 10 characters, trimmed) to correct, restrict or object; at most 1000', () => {
    for (const kind of ['correct', 'restrict', 'object']) expect(refusal({ kind, details: '  too short ' })).toBe('validation.dataRequest.detailsTooShort');
    expect(refusal({ kind: 'correct', details: 'My name is misspelt' })).toBeNull();
    expect(refusal({ kind: 'access' })).toBeNull();
    expect(refusal({ kind: 'delete', details: null })).toBeNull();
    expect(refusal({ kind: 'access', details: 'x'.repeat(1001) })).toBe('validation.dataRequest.detailsTooLong');
    expect(refusal({ kind: 'access', details: 'bad\u0007text' })).toBe('validation.controlCharacters');
  });

  it('names the consent it withdraws', () => {
    expect(refusal({ kind: 'withdraw_consent' })).toBe('validation.dataRequest.consentRequired');
    expect(refusal({ kind: 'withdraw_consent', consent: 'marketing' })).toBe('validation.dataRequest.consentRequired');
    expect(fileDataRequestSchema.parse({ kind: 'withdraw_consent', consent: 'lending' })).toEqual({ kind: 'withdraw_consent', consent: 'lending', details: '' });
  });
});
