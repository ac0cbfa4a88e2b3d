import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { THOUSANDS_SEPARATOR, formatVnd, parseVnd, vndFromNumber, type MoneyLocale } from './money.ts';

const NBSP = '\u00a0';
const locales: MoneyLocale[] = ['en', 'vn', 'zh'];
const amount = fc.bigInt({ min: 0n, max: 10n ** 24n });

describe('formatVnd', () => {
  it.each([
    [0n, '0', '0'],
    [7n, '7', '7'],
    [999n, '999', '999'],
    [1000n, '1.000', '1,000'],
    [12345n, '12.345', '12,345'],
    [2000000n, '2.000.000', '2,000,000'],
    [1234567890n, '1.234.567.890', '1,234,567,890'],
  ])('%s → vn %j, en %j', (value, vn, en) => {
    expect(formatVnd(value, 'vn')).toBe(vn);
    expect(formatVnd(value, 'en')).toBe(en);
    expect(formatVnd(value, 'zh')).toBe(en);
  });

  it('defaults to Vietnamese without a symbol', () => {
    expect(formatVnd(2000000n)).toBe('2.000.000');
  });

  it('puts ₫ after the amount in every language, joined by a no-break space (decision 113)', () => {
    expect(formatVnd(2000000n, 'vn', { symbol: true })).toBe(`2.000.000${NBSP}₫`);
    expect(formatVnd(2000000n, 'en', { symbol: true })).toBe(`2,000,000${NBSP}₫`);
    expect(formatVnd(2000000n, 'zh', { symbol: true })).toBe(`2,000,000${NBSP}₫`);
  });

  it('writes negative amounts with a leading minus', () => {
    expect(formatVnd(-1500n, 'vn')).toBe('-1.500');
    expect(formatVnd(-1500n, 'vn', { symbol: true })).toBe(`-1.500${NBSP}₫`);
    expect(formatVnd(-1500n, 'en', { symbol: true })).toBe(`-1,500${NBSP}₫`);
  });

  it('groups digits in threes from the right, with a short first group', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom(...locales), (value, locale) => {
        const groups = formatVnd(value, locale).split(THOUSANDS_SEPARATOR[locale]);
        expect(groups[0]!.length).toBeGreaterThanOrEqual(1);
        expect(groups[0]!.length).toBeLessThanOrEqual(3);
        for (const group of groups.slice(1)) expect(group).toMatch(/^\d{3}$/);
        expect(groups.join('')).toBe(value.toString());
      }),
    );
  });
});

describe('parseVnd', () => {
  it.each([
    ['1.000.000', 1000000n],
    ['1,000,000', 1000000n],
    [`2.000.000${NBSP}₫`, 2000000n],
    ['₫2,000,000', 2000000n],
    ['  500 000 ', 500000n],
    ['0', 0n],
    ['007', 7n],
    ['12a3', 123n],
    ['-500', 500n],
    ['99999999999999999999999', 99999999999999999999999n],
  ])('%j → %s', (text, value) => {
    expect(parseVnd(text)).toBe(value);
  });

  it.each(['', '   ', '₫', 'abc', '.,-'])('%j has no digit → null', (text) => {
    expect(parseVnd(text)).toBeNull();
  });

  it('ignores non-ASCII digits rather than reading them', () => {
    expect(parseVnd('١٢٣')).toBeNull();
  });

  it('reads back what formatVnd writes, in every language, with or without the symbol', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom(...locales), fc.boolean(), (value, locale, symbol) => {
        expect(parseVnd(formatVnd(value, locale, { symbol }))).toBe(value);
      }),
    );
  });

  it('reads a negative amount back as its magnitude (entered amounts are never negative)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: -1n }), (value) => {
        expect(parseVnd(formatVnd(value, 'vn', { symbol: true }))).toBe(-value);
      }),
    );
  });

  it('keeps only the digits of any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const digits = text.replace(/[^0-9]/g, '');
        expect(parseVnd(text)).toBe(digits === '' ? null : BigInt(digits));
      }),
    );
  });
});

describe('vndFromNumber', () => {
  it('takes whole numbers', () => {
    expect(vndFromNumber(2000000)).toBe(2000000n);
    expect(vndFromNumber(-5)).toBe(-5n);
    expect(vndFromNumber(0)).toBe(0n);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s', (value) => {
    expect(() => vndFromNumber(value)).toThrow(RangeError);
  });
});
