import { normalizePhone, PHONE_PATTERN } from '@sen/contract';

/**
 * What an operator typed in the borrower search, read as the keys it can be (decision 097). Digits
 * may be a phone and an ID number at once (a 9-digit number not starting with 0 is both an old
 * CMND and a phone without its 0), so both are looked up; anything with letters is a name.
 */
export type SearchKey =
  | { key: 'phone'; phone: string }
  | { key: 'idNumber'; idNumber: string }
  | { key: 'orderNo'; orderNo: string }
  | { key: 'name'; prefix: string };

/** 'SEN' + yyMMdd + 8 digits (newOrderNo). */
const ORDER_NO = /^SEN\d{14}$/i;
/** CMND (9 digits) or CCCD (12 digits), as the personal-data step accepts them. */
const ID_NUMBER = /^(?:\d{9}|\d{12})$/;
/** Separators people type inside numbers: spaces, dots, dashes, brackets. */
const SEPARATORS = /[\s.()-]/g;

/** The name as the database compares it (nameSearchKey), to count its letters; the database applies its own. */
export function nameKeyOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function searchKeysOf(query: string): SearchKey[] {
  const text = query.trim();
  const compact = text.replace(SEPARATORS, '');
  if (ORDER_NO.test(compact)) return [{ key: 'orderNo', orderNo: compact.toUpperCase() }];
  if (/^\+?\d+$/.test(compact)) {
    const international = compact.startsWith('+');
    const digits = compact.replace('+', '');
    const keys: SearchKey[] = [];
    // +84 912 345 678 and 84912345678 are the phone 0912345678; the sign-in takes 912345678 or 0912345678.
    const national = /^84\d{9}$/.test(digits) ? digits.slice(2) : international ? null : digits;
    if (national !== null && PHONE_PATTERN.test(national)) keys.push({ key: 'phone', phone: normalizePhone(national) });
    if (!international && ID_NUMBER.test(digits)) keys.push({ key: 'idNumber', idNumber: digits });
    return keys;
  }
  const prefix = text.replace(/\s+/g, ' ');
  return nameKeyOf(prefix).length >= 2 ? [{ key: 'name', prefix }] : [];
}

/** A phone as the back office shows it: '0912345678' → '091****678' (the carrier prefix and the last three). */
export function maskPhoneForOperators(phone: string): string | null {
  if (!/^\d{10}$/.test(phone)) return null;
  return `${phone.slice(0, 3)}****${phone.slice(-3)}`;
}
