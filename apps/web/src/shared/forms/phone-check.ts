/**
 * The contract's PHONE_PATTERN (9 digits not starting with 0, or 10 starting with 0), copied so the
 * GET button can follow the typing without loading the contract's validation module, which brings
 * zod into the first route. phone-check.test.ts fails if the copy and the contract's rule differ.
 */
export const PHONE_PATTERN_COPY = /^(?:[1-9]\d{8}|0\d{9})$/;

export function isPhoneValid(phone: string): boolean {
  return PHONE_PATTERN_COPY.test(phone.trim());
}
