import { describe, expect, it } from 'vitest';
import { formatInteger, formatPercent } from './format.ts';

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
});
