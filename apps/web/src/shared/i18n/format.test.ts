import { describe, expect, it } from 'vitest';
import { displayDate, formatDecimal, formatInteger, formatPercent, money, moneyRange, shortDate, vietnamDayOf } from './format.ts';
import { messages } from '@sen/contract';
import { en } from '../../locales/en.ts';
import { vn } from '../../locales/vn.ts';
import { zh } from '../../locales/zh.ts';

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

describe('money: one format per language (decision 113)', () => {
  const NBSP = '\u00a0';
  it('writes VND with the language’s separators and ₫ after the amount, in vn, en and zh', () => {
    expect(money(10_000_000, 'vn')).toBe(`10.000.000${NBSP}₫`);
    expect(money(10_000_000, 'en')).toBe(`10,000,000${NBSP}₫`);
    expect(money(10_000_000, 'zh')).toBe(`10,000,000${NBSP}₫`);
    expect(money(2_000_000.7, 'en')).toBe(`2,000,000${NBSP}₫`);
    expect(moneyRange(1_000_000, 7_000_000, 'en')).toBe(`1,000,000${NBSP}₫ – 7,000,000${NBSP}₫`);
  });

  it('leaves no amount written into the app’s texts: amounts come from money(), ₫ alone only as a unit label', () => {
    for (const [name, dictionary] of Object.entries({ en, vn, zh })) {
      for (const [key, text] of Object.entries(dictionary as Record<string, string>)) {
        // The contract's shared texts (the back office's too) are the server's, not this app's.
        if (key in messages.en) continue;
        expect(text, `${name} ${key}`).not.toMatch(/\d\s*₫|₫\s*[\d{]|\}\s*₫/);
      }
    }
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

describe('the day of an instant, in Vietnam time', () => {
  it('is the Vietnamese calendar day at 23:30 and at 00:30 Vietnam time, whatever the UTC date', () => {
    // 23:30 on the 25th in Hanoi is 16:30 UTC the same day; 00:30 on the 26th is 17:30 UTC on the 25th.
    expect(vietnamDayOf('2026-11-25T16:30:00.000Z')).toBe('2026-11-25');
    expect(vietnamDayOf('2026-11-25T17:30:00.000Z')).toBe('2026-11-26');
    expect(vietnamDayOf('2026-11-26T00:30:00+07:00')).toBe('2026-11-26');
    expect(displayDate(vietnamDayOf('2026-11-25T17:30:00.000Z'), '', 'vn')).toBe('26/11/2026');
  });

  it('is empty for text that is not a time', () => {
    expect(vietnamDayOf('soon')).toBe('');
  });
});

describe('formatApr (issue 25: always the same decimals)', () => {
  it('two decimals in every language', async () => {
    const { formatApr } = await import('./format.ts');
    expect([formatApr(21, 'vn'), formatApr(21.5, 'vn'), formatApr(21.375, 'en'), formatApr(20.1, 'zh')]).toEqual(['21,00', '21,50', '21.38', '20.10']);
  });
});
