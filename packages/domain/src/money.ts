/**
 * Money (DESIGN.md "Rules of the house"): an amount is a whole number of Vietnamese đồng held in
 * a `bigint`. There are no fractions of a đồng anywhere; a computation that yields one goes
 * through `roundVnd` (rounding.ts), the only place rounding happens.
 */
export type Vnd = bigint;

/** The interface languages (the same codes as @sen/contract's Language). */
export type MoneyLocale = 'en' | 'vn' | 'zh';

export const VND_SYMBOL = '₫';

/**
 * Thousands separator per language: '.' in Vietnamese (1.000.000), ',' in English and Chinese
 * (1,000,000), as each language writes numbers.
 */
export const THOUSANDS_SEPARATOR: Record<MoneyLocale, string> = { vn: '.', en: ',', zh: ',' };

/** Between the amount and the trailing ₫: a no-break space, so the two never wrap apart. */
const NO_BREAK_SPACE = '\u00a0';

export interface FormatVndOptions {
  /**
   * Add the ₫ symbol, after the amount in every language ('1.000.000 ₫' vn, '1,000,000 ₫' en and
   * zh): the one money format of each language (decision 113).
   */
  symbol?: boolean;
}

/** Writes an amount with thousands separators, e.g. 2000000n → '2.000.000' (vn) or '2,000,000' (en, zh). */
export function formatVnd(amount: Vnd, locale: MoneyLocale = 'vn', options: FormatVndOptions = {}): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, THOUSANDS_SEPARATOR[locale]);
  const sign = negative ? '-' : '';
  if (!options.symbol) return sign + grouped;
  return `${sign}${grouped}${NO_BREAK_SPACE}${VND_SYMBOL}`;
}

/**
 * Reads an amount the way an amount field does (SPEC.md §5: non-digits stripped): every character
 * that is not an ASCII digit is dropped, so '1.000.000 ₫', '1,000,000' and '1000000' all give
 * 1000000n. A minus sign is dropped too: entered amounts are never negative. null when the text
 * holds no digit at all.
 */
export function parseVnd(text: string): Vnd | null {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? null : BigInt(digits);
}

/** An amount from a JSON number; refuses fractions and numbers beyond the exact integer range. */
export function vndFromNumber(amount: number): Vnd {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole number of VND: ${amount}`);
  return BigInt(amount);
}
