import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstMessageKey } from './validation.ts';
import {
  isWireAbsent,
  wireAbsentAsUndefined,
  wireBoolean,
  wireDefaultParamsSchema,
  wireInt,
  wireIntCode,
  wireIntList,
  wireMobileType,
  wireNumber,
  wireOptionalBoolean,
  wireOptionalInt,
  wireOptionalNumber,
  wireOptionalString,
  wireString,
} from './wire.ts';

const keyOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : firstMessageKey(result.error, value);
};

describe('isWireAbsent', () => {
  it('treats undefined, null, "" and "null" as absent', () => {
    for (const value of [undefined, null, '', 'null']) expect(isWireAbsent(value), String(value)).toBe(true);
    for (const value of [0, false, 'x', 'nullable', [], {}]) expect(isWireAbsent(value), String(value)).toBe(false);
  });
});

describe('numbers', () => {
  it('wireInt takes integers as numbers or numeric strings', () => {
    expect(wireInt().parse(12)).toBe(12);
    expect(wireInt().parse('12')).toBe(12);
    expect(wireInt().parse(' -3 ')).toBe(-3);
    expect(wireInt().parse('2000000')).toBe(2_000_000);
    for (const value of ['1.5', 1.5, 'abc', true, []]) expect(keyOf(wireInt(), value), String(value)).toBe('error.requestFailed');
  });

  it('wireInt reads text as it takes numbers: every safe integer, nothing past it', () => {
    expect(wireInt().parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(wireInt().parse(' -9007199254740991 ')).toBe(-Number.MAX_SAFE_INTEGER);
    for (const value of ['9007199254740992', '99999999999999999999', 9_007_199_254_740_992, '+3', '1e3']) expect(keyOf(wireInt(), value), String(value)).toBe('error.requestFailed');
  });

  it('wireOptionalInt gives undefined for absent values', () => {
    for (const value of [undefined, null, '', 'null']) expect(wireOptionalInt().parse(value)).toBeUndefined();
    expect(wireOptionalInt().parse('7')).toBe(7);
  });

  it('wireNumber and wireOptionalNumber take decimals; absent asks for input, junk fails', () => {
    expect(wireNumber().parse('0.0003')).toBe(0.0003);
    expect(wireNumber().parse(2.5)).toBe(2.5);
    expect(wireNumber().parse(' 2000000 ')).toBe(2_000_000);
    expect(wireOptionalNumber().parse('null')).toBeUndefined();
    expect(wireOptionalNumber().parse('  ')).toBeUndefined();
    expect(keyOf(wireNumber(), 'Infinity')).toBe('error.requestFailed');
    expect(keyOf(wireNumber(), 'null')).toBe('validation.required');
    expect(keyOf(wireNumber({ required: 'validation.select' }), '')).toBe('validation.select');
    expect(keyOf(wireNumber({ min: 1, max: 3 }), '4')).toBe('error.requestFailed');
    expect(wireNumber({ min: 1, max: 3 }).parse('3')).toBe(3);
  });

  it('keeps absent optional fields absent inside an object', () => {
    const schema = z.object({ id: wireInt(), page: wireOptionalInt(), note: wireOptionalString() });
    expect(schema.parse({ id: '5', page: 'null', note: '' })).toEqual({ id: 5, page: undefined, note: undefined });
    expect(schema.parse({ id: 5 })).toEqual({ id: 5 });
    expect(schema.safeParse({ page: 1 }).success).toBe(false);
  });
});

describe('strings and flags', () => {
  it('wireString trims, turns numbers into text and refuses "null"', () => {
    expect(wireString().parse(' abc ')).toBe('abc');
    expect(wireString().parse(2000000)).toBe('2000000');
    expect(keyOf(wireString(), 'null')).toBe('validation.required');
    expect(keyOf(wireString({ max: 3 }), 'abcd')).toBe('error.requestFailed');
    expect(keyOf(wireString(), { a: 1 })).toBe('error.requestFailed');
  });

  it('wireOptionalString treats "null" and "" as absent', () => {
    expect(wireOptionalString().parse('null')).toBeUndefined();
    expect(wireOptionalString().parse('')).toBeUndefined();
    expect(wireOptionalString().parse(null)).toBeUndefined();
    expect(wireOptionalString().parse(' x ')).toBe('x');
  });

  it('wireBoolean takes true/false, "true"/"false", 1/0, "1"/"0"', () => {
    for (const value of [true, 'true', 'TRUE', 1, '1']) expect(wireBoolean().parse(value), String(value)).toBe(true);
    for (const value of [false, 'false', 0, '0']) expect(wireBoolean().parse(value), String(value)).toBe(false);
    expect(keyOf(wireBoolean(), 'yes')).toBe('error.requestFailed');
    expect(keyOf(wireBoolean(), 'null')).toBe('validation.required');
    expect(wireOptionalBoolean().parse('null')).toBeUndefined();
  });
});

describe('enums and lists', () => {
  it('wireIntCode and wireMobileType take numbers and numeric strings', () => {
    const loginType = wireIntCode([1, 2] as const);
    expect(loginType.parse('2')).toBe(2);
    expect(loginType.parse(1)).toBe(1);
    expect(keyOf(loginType, 3)).toBe('error.requestFailed');
    for (const value of [1, 2, '1', '2']) expect(wireMobileType().parse(value)).toBe(Number(value));
    expect(keyOf(wireMobileType(), '3')).toBe('error.requestFailed');
  });

  it('wireIntList takes arrays (numbers or strings) and comma-separated text', () => {
    expect(wireIntList().parse([1, '2'])).toEqual([1, 2]);
    expect(wireIntList().parse('1,2,3')).toEqual([1, 2, 3]);
    expect(wireIntList().parse('4')).toEqual([4]);
    expect(keyOf(wireIntList(), 'null')).toBe('validation.required');
    expect(keyOf(wireIntList(), '1,x')).toBe('error.requestFailed');
    expect(wireIntList({ optional: true }).parse('')).toBeUndefined();
  });

  it('wireAbsentAsUndefined lets any optional schema skip "null"', () => {
    const schema = wireAbsentAsUndefined(z.enum(['CARD', 'WALLET']).optional());
    expect(schema.parse('null')).toBeUndefined();
    expect(schema.parse('CARD')).toBe('CARD');
  });
});

describe('wireDefaultParamsSchema', () => {
  it('accepts every client form of the default params', () => {
    for (const mobileType of [1, 2, '1', '2']) {
      expect(wireDefaultParamsSchema.parse({ appCode: 'vayone', version: '1.0.0', mobileType })).toEqual({ appCode: 'vayone', version: '1.0.0', mobileType: Number(mobileType) });
    }
  });

  it('refuses a "null" version and a foreign mobileType', () => {
    expect(wireDefaultParamsSchema.safeParse({ appCode: 'x', version: 'null', mobileType: 2 }).success).toBe(false);
    expect(wireDefaultParamsSchema.safeParse({ appCode: 'x', version: '1.0.0', mobileType: '3' }).success).toBe(false);
  });
});
