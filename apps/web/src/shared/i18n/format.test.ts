import { describe, expect, it } from 'vitest';
import { displayDate, formatDecimal, formatInteger, formatPercent, shortDate } from './format.ts';

describe('per-language number formats', () => {
  it('writes percentages the Vietnamese, English and Chinese way', () => {
    expect(formatPercent(14.6, 'vn')).toBe('14,6%');
    expect(formatPercent(0.03, 'vn')).toBe('0,03%');
    expect(formatPercent(14.6, 'en')).toBe('14.6%');
    expect(formatPercent(0.04, 'zh')).toBe('0.04%');
  });

  it('groups thousands per language', () => {
    expect(formatInteger(180, 'vn')).toBe('180');
    expect(formatInteger(10000, 'vn')).toBe('10.000');
    expect(formatInteger(10000, 'en')).toBe('10,000');
  });

  it('writes decimals (rates, APR) per language and leaves what is not a number as it came', () => {
    expect(formatDecimal(0.04, 'vn')).toBe('0,04');
    expect(formatDecimal('0.0400', 'en')).toBe('0.04');
    expect(formatDecimal(23.8456, 'zh', 2)).toBe('23.85');
    expect(formatDecimal('n/a', 'vn')).toBe('n/a');
  });
});

describe('dates', () => {
  it('writes a day for people, and in ten characters for tables', () => {
    expect(displayDate('2026-12-26', '', 'vn')).toBe('26/12/2026');
    expect(displayDate('2026-02-05', '', 'zh')).toBe('2026年2月5日');
    expect(shortDate('2026-02-05', '', 'zh')).toBe('2026/02/05');
    expect(shortDate('2026-02-05', '', 'en')).toBe('05/02/2026');
    expect(shortDate('soon', '—', 'vn')).toBe('—');
  });
});
