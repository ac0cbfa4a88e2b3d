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
 * The advertised daily interest rates (SPEC.md §1, §9: 0.03% or 0.04% a day), in percent. The
 * visitor home's other figures (largest amount, annual rate, term) come from the server's
 * configuration (common/index), never from here.
 */
export const DAILY_RATES_PERCENT = {
  low: DAILY_INTEREST_RATES[0] * 100,
  high: DAILY_INTEREST_RATES[1] * 100,
} as const;
