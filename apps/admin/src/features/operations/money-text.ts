import { storedLanguage } from '../../shared/i18n/language.ts';

/**
 * Whole đồng sent as decimal text (the ledger check's totals, which may pass 2^53) written with the
 * language's separators, exactly: formatted as a bigint, never through a float.
 */
export function formatVndText(amount: string): string {
  if (!/^-?\d+$/.test(amount)) return amount;
  return `${new Intl.NumberFormat(storedLanguage() === 'vn' ? 'vi-VN' : 'en-GB').format(BigInt(amount))} ₫`;
}
