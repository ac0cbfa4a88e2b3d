import type { Language } from '@sen/contract';

/** The Intl locale of each interface language. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', vn: 'vi-VN', zh: 'zh-CN' };

/** A percentage in the language's own way (vn '14,6%', '0,03%'; en '14.6%'). `percent` is in percent (14.6). */
export function formatPercent(percent: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** A whole number with the language's grouping (vn '1.000', en '1,000'). */
export function formatInteger(value: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: 0 }).format(value);
}
