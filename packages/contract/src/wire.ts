import { z } from 'zod';
import { MOBILE_TYPE } from './constants.ts';
import type { MessageKey } from './messages.ts';

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

const INTEGER_TEXT = /^-?\d+$/;
const WHOLE_NUMBER_TEXT = /^\d+$/;

/**
 * Integer text → its number: trimmed digits, with a minus sign unless `signed` is false. The one
 * reading of integer text (wireInt here, the back office's wholeNumber); `error` is the caller's
 * message for text that is not. Digits past a safe integer read as an unsafe number, which the
 * callers' number schemas refuse (Number never rounds them down to a safe one).
 */
export function integerText(options: { signed?: boolean; error?: { error: string } } = {}) {
  return z
    .string()
    .trim()
    .regex(options.signed === false ? WHOLE_NUMBER_TEXT : INTEGER_TEXT, options.error)
    .transform(Number);
}

const signedIntegerText = integerText();

/** Integer text as its number, anything else as it came, for the schema after it to judge (a z.preprocess step). */
export function numberFromIntegerText(value: unknown): unknown {
  const text = signedIntegerText.safeParse(value);
  return text.success ? text.data : value;
}

/** An integer sent as a JSON number or a numeric string ("2"); booleans and arrays are refused. */
export function wireInt() {
  return z.preprocess(numberFromIntegerText, z.number().int().safe());
}

/** An optional integer: absent, null, "" or "null" → undefined. */
export function wireOptionalInt() {
  return z.preprocess((value) => (isWireAbsent(value) ? undefined : value), wireInt().optional());
}

/** One of a few integer codes, sent as a number or a numeric string (mobileType, loginType). */
export function wireIntCode<const Codes extends readonly [number, ...number[]]>(codes: Codes) {
  return wireInt().refine((value): value is Codes[number] => codes.includes(value));
}

/*
 * More coercions for the family's wire (issue 6 transport): every helper below treats undefined,
 * null, "", whitespace and "null" as absent; a required helper then fails with `required`
 * ('Please input' unless given), a value of the wrong kind with 'Request failed'.
 */

export interface WireOptions {
  /** Message key when the value is absent (default 'validation.required'). */
  required?: MessageKey;
  /** Message key when the value is present but not acceptable (default 'error.requestFailed'). */
  invalid?: MessageKey;
}

export interface WireNumberOptions extends WireOptions {
  min?: number;
  max?: number;
}

/** isWireAbsent after trimming: whitespace-only text and " null " are absent too. */
function isEmpty(value: unknown): boolean {
  return isWireAbsent(typeof value === 'string' ? value.trim() : value);
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** "12" → 12, " 1.5 " → 1.5; anything else unchanged (and then refused by the number schema). */
function toNumber(value: unknown): unknown {
  if (isEmpty(value)) return undefined;
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value.trim());
  return value;
}

function messages(options: WireOptions) {
  const required = options.required ?? 'validation.required';
  const invalid = options.invalid ?? 'error.requestFailed';
  return { required, invalid, error: (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid) };
}

function numberSchema(options: WireNumberOptions, integer: boolean) {
  const { invalid, error } = messages(options);
  let schema = z.number({ error });
  if (integer) schema = schema.int({ error: invalid });
  if (options.min !== undefined) schema = schema.min(options.min, { error: invalid });
  if (options.max !== undefined) schema = schema.max(options.max, { error: invalid });
  return schema;
}

/** A required finite number: 0.5 or "0.5" → 0.5. */
export function wireNumber(options: WireNumberOptions = {}) {
  return z.preprocess(toNumber, numberSchema(options, false));
}

export function wireOptionalNumber(options: WireNumberOptions = {}) {
  return z.preprocess(toNumber, numberSchema(options, false).optional());
}

/** Text as the clients send it: trimmed; a number (VT's BigDecimal amounts) becomes its decimal text. */
function toText(value: unknown): unknown {
  if (isEmpty(value)) return undefined;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return value;
}

/** A required string; "null" and blank count as absent. Pass `inner` to add rules (regex, max ...). */
export function wireString(options: WireOptions & { max?: number } = {}) {
  const { invalid, error } = messages(options);
  const schema = z.string({ error });
  return z.preprocess(toText, options.max === undefined ? schema : schema.max(options.max, { error: invalid }));
}

/** An optional string: absent, "", "null" → undefined; otherwise trimmed text. */
export function wireOptionalString(options: WireOptions & { max?: number } = {}) {
  const { invalid, error } = messages(options);
  const schema = z.string({ error });
  return z.preprocess(toText, (options.max === undefined ? schema : schema.max(options.max, { error: invalid })).optional());
}

const TRUE_TEXTS = new Set(['true', '1']);
const FALSE_TEXTS = new Set(['false', '0']);

function toBoolean(value: unknown): unknown {
  if (isEmpty(value)) return undefined;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (TRUE_TEXTS.has(text)) return true;
    if (FALSE_TEXTS.has(text)) return false;
  }
  return value;
}

/** A required flag: true/false, "true"/"false", 1/0, "1"/"0". */
export function wireBoolean(options: WireOptions = {}) {
  return z.preprocess(toBoolean, z.boolean({ error: messages(options).error }));
}

export function wireOptionalBoolean(options: WireOptions = {}) {
  return z.preprocess(toBoolean, z.boolean({ error: messages(options).error }).optional());
}

/** `mobileType`: 1 (iOS, H5) or 2 (Android), as 1, 2, "1" or "2". */
export function wireMobileType() {
  return wireIntCode([MOBILE_TYPE.IOS, MOBILE_TYPE.ANDROID]);
}

/**
 * A list of integer ids: a JSON array of numbers or numeric strings ([1,"2"]) or a comma-separated
 * text ("1,2,3", VT's recordIdStr). Absent → required error; empty items are skipped.
 */
export function wireIntList(options: WireOptions & { optional?: boolean } = {}) {
  const { invalid, error } = messages(options);
  const toList = (value: unknown): unknown => {
    if (isEmpty(value)) return undefined;
    const items = typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(items)) return value;
    return items.filter((item) => !isEmpty(item)).map(toNumber);
  };
  const list = z.array(z.number({ error: invalid }).int({ error: invalid }).refine(Number.isSafeInteger, { error: invalid }), { error });
  return z.preprocess(toList, options.optional ? list.optional() : list);
}

/** Wraps any schema so that "null", "" and null arrive as undefined (the schema decides if that is allowed). */
export function wireAbsentAsUndefined<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (isEmpty(value) ? undefined : value), schema);
}

/**
 * The default params every signed call carries (API-FAMILY.md §1.1), as any client of the family
 * sends them: in the JSON body, the multipart or form fields, or the query.
 */
export const wireDefaultParamsSchema = z.object({
  appCode: wireString({ max: 64 }),
  version: wireString({ max: 32 }),
  mobileType: wireMobileType(),
});
export type WireDefaultParams = z.infer<typeof wireDefaultParamsSchema>;
