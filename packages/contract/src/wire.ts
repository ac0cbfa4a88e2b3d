import { z } from 'zod';
import { MOBILE_TYPE } from './constants.ts';
import type { MessageKey } from './messages.ts';

/**
 * Input coercions for the app family's wire (API-FAMILY.md §1.1, §9): the clients send numbers
 * as JSON numbers or numeric strings (multipart and form values are always strings), `mobileType`
 * as 1, 2, "1" or "2", and the string "null" where a value is missing. Every helper here treats
 * undefined, null, "", whitespace and "null" as absent; a required helper then fails with
 * `required` ('Please input' unless given), a value of the wrong kind with 'Request failed'.
 *
 * Use them in endpoint request schemas: `z.object({ orderId: wireInt(), remark: wireOptionalString() })`.
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

/** Absent on the wire: undefined, null, blank text or the text "null" (any case). */
export function isWireEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return text === '' || text.toLowerCase() === 'null';
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** "12" → 12, " 1.5 " → 1.5; anything else unchanged (and then refused by the number schema). */
function toNumber(value: unknown): unknown {
  if (isWireEmpty(value)) return undefined;
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

/** A required integer: 12 or "12" → 12. Safe integers only (ids and amounts in VND). */
export function wireInt(options: WireNumberOptions = {}) {
  return z.preprocess(toNumber, numberSchema(options, true).refine(Number.isSafeInteger, { error: messages(options).invalid }));
}

/** An optional integer: absent ("null", "", null) → undefined. */
export function wireOptionalInt(options: WireNumberOptions = {}) {
  return z.preprocess(toNumber, numberSchema(options, true).refine(Number.isSafeInteger, { error: messages(options).invalid }).optional());
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
  if (isWireEmpty(value)) return undefined;
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
  if (isWireEmpty(value)) return undefined;
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

/** One of the given integers, sent as a number or numeric string (loginType 1|2, imgType codes ...). */
export function wireIntEnum<const Values extends readonly [number, ...number[]]>(values: Values, options: WireOptions = {}) {
  const { invalid, error } = messages(options);
  return z.preprocess(
    toNumber,
    z.number({ error }).refine((value): value is Values[number] => values.includes(value), { error: invalid }),
  ) as unknown as z.ZodType<Values[number], unknown>;
}

/** `mobileType`: 1 (iOS, H5) or 2 (Android), as 1, 2, "1" or "2". */
export function wireMobileType(options: WireOptions = {}) {
  return wireIntEnum([MOBILE_TYPE.IOS, MOBILE_TYPE.ANDROID] as const, options);
}

/**
 * A list of integer ids: a JSON array of numbers or numeric strings ([1,"2"]) or a comma-separated
 * text ("1,2,3", VT's recordIdStr). Absent → required error; empty items are skipped.
 */
export function wireIntList(options: WireOptions & { optional?: boolean } = {}) {
  const { invalid, error } = messages(options);
  const toList = (value: unknown): unknown => {
    if (isWireEmpty(value)) return undefined;
    const items = typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(items)) return value;
    return items.filter((item) => !isWireEmpty(item)).map(toNumber);
  };
  const list = z.array(z.number({ error: invalid }).int({ error: invalid }).refine(Number.isSafeInteger, { error: invalid }), { error });
  return z.preprocess(toList, options.optional ? list.optional() : list);
}

/** Wraps any schema so that "null", "" and null arrive as undefined (the schema decides if that is allowed). */
export function wireAbsentAsUndefined<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (isWireEmpty(value) ? undefined : value), schema);
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
