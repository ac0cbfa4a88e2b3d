import { z } from 'zod';

/**
 * Field types as the API family's clients put them on the wire (API-FAMILY.md §1, §9): numbers may
 * arrive as numeric strings, the text "null" and the empty string mean "not given", and no text
 * field may carry control characters. Every endpoint schema builds on these so a client of the
 * family and our web app are read the same way.
 */

/** True for what a family client sends when it has no value. */
export function isWireAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'null';
}

/** C0 controls and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** A bounded text with no control characters ('Request failed' otherwise: no field message fits). */
export function plainText(max: number) {
  return z
    .string()
    .max(max)
    .refine((text) => !hasControlCharacters(text), { error: 'validation.controlCharacters' });
}

/** An optional text; "null", "" and null count as absent. */
export function wireOptionalText(max: number) {
  return z.preprocess((value) => (isWireAbsent(value) ? undefined : value), plainText(max).optional());
}

const INTEGER_TEXT = /^-?\d{1,15}$/;

/** An integer sent as a JSON number or a numeric string ("2"); booleans and arrays are refused. */
export function wireInt() {
  return z.preprocess(
    (value) => (typeof value === 'string' && INTEGER_TEXT.test(value.trim()) ? Number(value.trim()) : value),
    z.number().int().safe(),
  );
}

/** An optional integer: absent, null, "" or "null" → undefined. */
export function wireOptionalInt() {
  return z.preprocess((value) => (isWireAbsent(value) ? undefined : value), wireInt().optional());
}

/** One of a few integer codes, sent as a number or a numeric string (mobileType, loginType). */
export function wireIntCode<const Codes extends readonly [number, ...number[]]>(codes: Codes) {
  return wireInt().refine((value): value is Codes[number] => codes.includes(value));
}
