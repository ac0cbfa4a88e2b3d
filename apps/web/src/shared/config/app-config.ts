import { DAILY_INTEREST_RATES, DEFAULT_APP_CODE, DEFAULT_PRODUCT_NAME } from '@sen/contract';

/**
 * Build-time configuration of the web app (DESIGN.md: the brand is configuration). Everything the
 * browser may know lives here; values come from VITE_* variables with the contract's defaults.
 */
export const APP_CODE: string = import.meta.env.VITE_APP_CODE || DEFAULT_APP_CODE;
export const PRODUCT_NAME: string = import.meta.env.VITE_PRODUCT_NAME || DEFAULT_PRODUCT_NAME;

export const SUPPORT_EMAIL = 'hotro@sen.vn';
export const SUPPORT_PHONE = '1900 6868';

/**
 * Product copy shown to visitors on /home/no-auth until /api/loan/app/common/index exists.
 * These are the advertised product terms (indicative, not anyone's offer): the page says so.
 */
export const VISITOR_PRODUCT_TERMS = {
  maxAmountVnd: 10_000_000,
  loanTermDays: 180,
  dailyRateLowPercent: DAILY_INTEREST_RATES[0] * 100,
  dailyRateHighPercent: DAILY_INTEREST_RATES[1] * 100,
  /** Nominal annual rate of the highest daily rate (daily × 365). */
  annualRatePercent: Math.round(DAILY_INTEREST_RATES[1] * 365 * 1000) / 10,
} as const;
