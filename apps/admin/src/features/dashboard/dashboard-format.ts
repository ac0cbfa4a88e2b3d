import { storedLanguage } from '../../shared/i18n/language.ts';

function locale(): string {
  return storedLanguage() === 'vn' ? 'vi-VN' : 'en-GB';
}

/** An axis label in VND, short ('12 Tr ₫', '12M ₫'): whole figures are in the table and tooltips. */
export function formatCompactVnd(amount: number): string {
  return `${new Intl.NumberFormat(locale(), { notation: 'compact', maximumFractionDigits: 1 }).format(amount)} ₫`;
}

/** A share as a percentage with two decimals (overdue ratios are small). */
export function formatRatio(share: number): string {
  return new Intl.NumberFormat(locale(), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(share);
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 0 }).format(value);
}
