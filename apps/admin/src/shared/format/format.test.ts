import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { formatBankTime, formatDateTime, formatDay, formatPpm, formatVnd, vietnamDay } from './format.ts';

afterEach(() => changeLanguage('vn'));

describe('formatting', () => {
  it('takes the calendar day in Vietnam, not in the browser zone', () => {
    // 18:00 UTC is already the next day in Ho Chi Minh City (UTC+7).
    expect(vietnamDay(new Date('2026-03-01T18:00:00Z'))).toBe('2026-03-02');
  });

  it('writes VND with the language separators', async () => {
    await changeLanguage('en');
    expect(formatVnd(1_500_000)).toBe('1,500,000 ₫');
    await changeLanguage('vn');
    expect(formatVnd(1_500_000)).toBe('1.500.000 ₫');
  });

  it('writes a due day as the same language writes an instant\'s day, whatever the browser zone', async () => {
    await changeLanguage('en');
    expect(formatDay('2026-12-12')).toBe('12 Dec 2026');
    expect(formatDateTime('2026-12-12T03:05:00Z')).toContain('12 Dec 2026');
    await changeLanguage('vn');
    expect(formatDay('2026-12-01')).toBe(formatDateTime('2026-12-01T05:00:00Z').replace(/^\d{2}:\d{2} /, ''));
    expect(formatDay(null)).toBe('—');
  });

  it('writes the bank\'s wall-clock time of a transfer as an instant in Vietnam, other text as it came', async () => {
    await changeLanguage('en');
    expect(formatBankTime('2026-11-26 14:02:37')).toBe(formatDateTime('2026-11-26T07:02:37Z'));
    expect(formatBankTime('2026-11-26 14:02:37')).toContain('14:02');
    expect(formatBankTime('2026-11-26T23:30')).toContain('26 Nov 2026');
    expect(formatBankTime('26/11/2026 14:02')).toBe('26/11/2026 14:02');
    expect(formatBankTime(null)).toBe('—');
  });

  it('writes ppm rates as percentages', async () => {
    await changeLanguage('en');
    expect(formatPpm(300)).toBe('0.03 %');
    expect(formatPpm(350)).toBe('0.035 %');
    expect(formatPpm(20_000)).toBe('2.00 %');
  });
});
