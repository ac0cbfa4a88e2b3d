import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstMessageKey } from '../../validation.ts';
import { idSchema, wholeNumber } from './common.ts';

/** What a caller gets: the number, or the message key the envelope answers with (it reads the error alone). */
const read = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : firstMessageKey(result.error);
};

const refused = [true, [3], null, undefined, {}, '1e3', '-3', '+3', '-0', '1.5', 1.5, '', ' ', 'abc', NaN, Infinity, '99999999999999999999'];

describe('idSchema and wholeNumber (integer text read as wire.ts reads it)', () => {
  it('an id is a number or its digits (trimmed); everything else asks for input, as the form shows it', () => {
    for (const value of [7, '7', ' 7 ', '0007']) expect(read(idSchema, value), JSON.stringify(value)).toBe(7);
    expect(read(idSchema, '2147483647')).toBe(2_147_483_647);
    for (const value of [...refused, 0, '0', -3, 2_147_483_648, '2147483648']) expect(read(idSchema, value), String(value)).toBe('validation.required');
  });

  it('a whole number without a message of its own fails as a request failure (absent too), then its schema decides', () => {
    const days = wholeNumber(z.number().int().min(1).max(60));
    const money = wholeNumber(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));
    for (const value of [7, '7', ' 7 ', '0007']) expect(read(days, value), JSON.stringify(value)).toBe(7);
    for (const value of [...refused, 0, '0', -3, 61, '61']) expect(read(days, value), String(value)).toBe('error.requestFailed');
    expect(read(money, '0')).toBe(0);
    expect(read(money, '9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(read(money, '9007199254740992')).toBe('error.requestFailed');
    expect(read(money.default(0), undefined)).toBe(0);
  });
});
