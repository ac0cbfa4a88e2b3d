import { vietnamDate } from '@sen/domain';
import { format, isValid, parse } from 'date-fns';
import { z } from 'zod';
import { MIN_BORROWER_AGE } from './constants.ts';
import { isMessageKey, type MessageKey } from './messages.ts';

/**
 * Validation rules of SPEC.md §5. Every error message is a MessageKey (see messages.ts), so the
 * same rule gives the same localised text in a form and in a server response. Text values are
 * trimmed first: whitespace-only input counts as empty.
 */
const key = (messageKey: MessageKey) => ({ error: messageKey });

/** A required free-text field: 'Please input'. */
export const requiredText = z.string(key('validation.required')).trim().min(1, key('validation.required'));

/** A required choice (select, radio, picker): 'Please select'. */
export const requiredChoice = z
  .string(key('validation.select'))
  .trim()
  .min(1, key('validation.select'));

/** 9 digits not starting with 0, or 10 digits starting with 0. */
export const PHONE_PATTERN = /^(?:[1-9]\d{8}|0\d{9})$/;

export const phoneSchema = z
  .string(key('validation.phone.required'))
  .trim()
  .min(1, key('validation.phone.required'))
  .regex(PHONE_PATTERN, key('validation.phone.format'));

/** One stored form per number: the 10-digit form with its leading 0. */
export function normalizePhone(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.length === 9 ? `0${trimmed}` : trimmed;
}

/** 'User 09*****678 …': keeps the first two and last three digits. */
export function maskPhone(phone: string): string {
  const normalized = normalizePhone(phone);
  return `${normalized.slice(0, 2)}*****${normalized.slice(-3)}`;
}

export const otpSchema = z
  .string(key('validation.otp.required'))
  .trim()
  .min(1, key('validation.otp.required'))
  .regex(/^\d{4}$/, key('validation.otp.format'));

/** The telecom operator's OTP: 4 or 6 digits. */
export const operatorOtpSchema = z
  .string(key('validation.otp.required'))
  .trim()
  .min(1, key('validation.otp.required'))
  .regex(/^(?:\d{4}|\d{6})$/, key('validation.otp.format'));

/** 3-20 printable characters (letters, digits, symbols; no spaces) with at least one letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7E]{3,20}$/;

export const passwordSchema = z
  .string(key('validation.password.required'))
  .min(1, key('validation.password.required'))
  .refine((value) => value.trim().length > 0, key('validation.password.required'))
  .refine((value) => PASSWORD_PATTERN.test(value), key('validation.password.format'));

/** A password and its confirmation; the mismatch is reported on `confirmPassword`. */
export const passwordPairSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string(key('validation.password.required')) })
  .refine((pair) => pair.password === pair.confirmPassword, {
    ...key('validation.password.mismatch'),
    path: ['confirmPassword'],
  });

/** What the server receives in place of a password: lowercase md5 hex (see transformPassword). */
export const transformedPasswordSchema = z
  .string(key('validation.password.required'))
  .regex(/^[0-9a-f]{32}$/, key('validation.password.format'));

/** Parses MM/DD/YYYY or DD-MM-YYYY into a calendar date; null when not a real date. */
export function parseBirthDate(text: string): { year: number; month: number; day: number } | null {
  const trimmed = text.trim();
  let match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed);
  let day: number;
  let month: number;
  let year: number;
  if (match) {
    [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(trimmed);
    if (!match) return null;
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 ? { year, month, day } : null;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/**
 * Whole years between a birth date and the instant `today`, counted on Vietnam's calendar date
 * (a birthday on 29 February counts from 1 March in common years).
 */
export function ageOn(birth: CalendarDate, today: Date): number {
  const [year, month, day] = vietnamDate(today).split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birth.month || (month === birth.month && day >= birth.day);
  return year - birth.year - (hadBirthday ? 0 : 1);
}

/** Parses the wire form yyyy-MM-dd (what the family's clients send as `birthDate`); null when not a real date. */
export function parseIsoDate(text: string): CalendarDate | null {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return null;
  const date = parse(trimmed, 'yyyy-MM-dd', new Date(2000, 0, 1));
  if (!isValid(date) || date.getFullYear() < 1900) return null;
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** A calendar date as yyyy-MM-dd. */
export function formatIsoDate(date: CalendarDate): string {
  return format(new Date(date.year, date.month - 1, date.day), 'yyyy-MM-dd');
}

/** A calendar date as the form shows it: DD-MM-YYYY (the spec's second format, Vietnam's day-first order). */
export function formatDisplayDate(date: CalendarDate): string {
  return format(new Date(date.year, date.month - 1, date.day), 'dd-MM-yyyy');
}

/** Birth date in MM/DD/YYYY or DD-MM-YYYY; under 18 on Vietnam's date `today` is refused. */
export function birthDateSchema(today: () => Date = () => new Date()) {
  return requiredText
    .refine((text) => parseBirthDate(text) !== null, key('validation.birthDate.format'))
    .refine((text) => {
      const birth = parseBirthDate(text);
      return birth === null || ageOn(birth, today()) >= MIN_BORROWER_AGE;
    }, key('validation.birthDate.underage'));
}

/**
 * `birthDate` on the wire: yyyy-MM-dd as the family's clients send it (our form converts its
 * MM/DD/YYYY or DD-MM-YYYY text before sending; both are accepted here too). Output: yyyy-MM-dd.
 * Under 18 on Vietnam's date `today` is refused with the spec's message; `today` null leaves the
 * age to a later check on the caller's own clock (the server's endpoint schema, see personalSave).
 */
export function wireBirthDateSchema(today: (() => Date) | null = () => new Date()) {
  const read = (text: string) => parseIsoDate(text) ?? parseBirthDate(text);
  return requiredText
    .refine((text) => read(text) !== null, key('validation.birthDate.format'))
    .refine((text) => {
      const birth = read(text);
      return today === null || birth === null || ageOn(birth, today()) >= MIN_BORROWER_AGE;
    }, key('validation.birthDate.underage'))
    .transform((text) => formatIsoDate(read(text) as CalendarDate));
}

export const digitsOnlySchema = requiredText.regex(/^\d+$/, key('validation.number.digitsOnly'));

export const emailSchema = requiredText.regex(/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, key('validation.email.format'));

export const idNumberSchema = requiredText.regex(/^(?:\d{9}|\d{12})$/, key('validation.idNumber.format'));

/** A bank card number entered twice; the mismatch is reported on `confirmBankNo`. */
export const bankNumberPairSchema = z
  .object({ bankNo: digitsOnlySchema, confirmBankNo: requiredText })
  .refine((pair) => pair.bankNo === pair.confirmBankNo, {
    ...key('validation.bankNo.mismatch'),
    path: ['confirmBankNo'],
  });

export const repaymentSelectionSchema = z
  .array(z.string(), key('validation.repayment.required'))
  .min(1, key('validation.repayment.required'));

/**
 * The message key of a failed parse: the first issue's message, which the rules above set to a
 * message key. A rule written without one (a plain enum or literal in an endpoint schema) falls
 * back to 'Please input' for a missing value and to 'Request failed' for a wrong one; pass the
 * parsed `input` so a missing value is recognised whatever the rule.
 */
export function firstMessageKey(error: z.ZodError, input?: unknown): MessageKey {
  const issue = error.issues[0];
  if (!issue) return 'error.requestFailed';
  if (isMessageKey(issue.message)) return issue.message;
  const missing =
    input === undefined
      ? issue.code === 'invalid_type' && /received undefined/.test(issue.message)
      : issue.path.reduce<unknown>((node, segment) => (node as Record<PropertyKey, unknown> | null | undefined)?.[segment], input) == null;
  return missing ? 'validation.required' : 'error.requestFailed';
}

/** Validates one value against a schema; null when valid, else the message key. */
export function checkField(schema: z.ZodType, value: unknown): MessageKey | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstMessageKey(result.error);
}
