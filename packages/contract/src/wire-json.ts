/**
 * The JSON re-serialisations the app family's native signers apply before hashing
 * (API-FAMILY.md §1.4). They parse the body that went on the wire and write it again, so the
 * server cannot hash raw bytes nor rely on JSON.parse: JSON.parse loses how a number was written
 * (`1.0`, `1e3`, 20-digit ids), which the natives keep or reformat in their own ways.
 *
 * - gson:    VT (Android). org.json parses (Android's libcore implementation: integers that fit a
 *            long stay integral, everything else becomes a double), the tree is key-sorted into a
 *            TreeMap and written by Gson, compact, HTML escaping off. Gson drops object members
 *            whose value is JSONObject.NULL (an anonymous class, which Gson writes as null, and
 *            null members are not serialised) and escapes U+2028/U+2029.
 * - kotlinx: KMP. kotlinx.serialization parses into JsonElements, which keep each number's text
 *            as written, sorts keys and writes compact JSON; nulls stay.
 */

/** A number exactly as written in the body. */
export class WireNumber {
  constructor(readonly raw: string) {}
}

export type WireValue = null | boolean | string | WireNumber | WireValue[] | WireObject;
/** Members in body order; a repeated key appears twice (every reader keeps the last value). */
export interface WireObject {
  entries: [string, WireValue][];
}

const MAX_DEPTH = 256;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const PLAIN_RUN = /[^"\\\u0000-\u001f]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Parses strict JSON keeping number texts; throws on anything JSON.parse would refuse (and on nesting deeper than 256). */
export function parseWireJson(text: string): WireValue {
  let index = 0;
  const fail = (): never => {
    throw new SyntaxError(`Invalid JSON at ${index}`);
  };
  const skipSpace = () => {
    for (;;) {
      const code = text.charCodeAt(index);
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return;
      index += 1;
    }
  };
  const readString = (): string => {
    index += 1; // opening quote
    // Fast path: a run of plain characters up to the closing quote.
    PLAIN_RUN.lastIndex = index;
    PLAIN_RUN.test(text);
    if (text.charCodeAt(PLAIN_RUN.lastIndex) === 0x22) {
      const plain = text.slice(index, PLAIN_RUN.lastIndex);
      index = PLAIN_RUN.lastIndex + 1;
      return plain;
    }
    let out = '';
    let start = index;
    for (;;) {
      if (index >= text.length) fail();
      const code = text.charCodeAt(index);
      if (code === 0x22) {
        out += text.slice(start, index);
        index += 1;
        return out;
      }
      if (code < 0x20) fail();
      if (code !== 0x5c) {
        index += 1;
        continue;
      }
      out += text.slice(start, index);
      const escape = text[index + 1];
      const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (escape !== undefined && escape in simple) {
        out += simple[escape];
        index += 2;
      } else if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) {
        out += String.fromCharCode(parseInt(text.slice(index + 2, index + 6), 16));
        index += 6;
      } else {
        fail();
      }
      start = index;
    }
  };
  const readValue = (depth: number): WireValue => {
    if (depth > MAX_DEPTH) fail();
    skipSpace();
    const char = text[index];
    if (char === '{') {
      index += 1;
      const entries: [string, WireValue][] = [];
      skipSpace();
      if (text[index] === '}') {
        index += 1;
        return { entries };
      }
      for (;;) {
        skipSpace();
        if (text[index] !== '"') fail();
        const key = readString();
        skipSpace();
        if (text[index] !== ':') fail();
        index += 1;
        entries.push([key, readValue(depth + 1)]);
        skipSpace();
        if (text[index] === ',') index += 1;
        else if (text[index] === '}') {
          index += 1;
          return { entries };
        } else fail();
      }
    }
    if (char === '[') {
      index += 1;
      const items: WireValue[] = [];
      skipSpace();
      if (text[index] === ']') {
        index += 1;
        return items;
      }
      for (;;) {
        items.push(readValue(depth + 1));
        skipSpace();
        if (text[index] === ',') index += 1;
        else if (text[index] === ']') {
          index += 1;
          return items;
        } else fail();
      }
    }
    if (char === '"') return readString();
    for (const [literal, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(literal, index)) {
        index += literal.length;
        return value;
      }
    }
    NUMBER.lastIndex = index;
    const match = NUMBER.exec(text);
    if (!match) return fail();
    index += match[0].length;
    return new WireNumber(match[0]);
  };
  const value = readValue(0);
  skipSpace();
  if (index !== text.length) fail();
  return value;
}

export function isWireObject(value: WireValue): value is WireObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof WireNumber);
}

/** Key-sorted members (UTF-16 code-unit order, as TreeMap and Kotlin's sortedBy), the last of repeated keys winning. */
function sortedMembers(object: WireObject): [string, WireValue][] {
  const byKey = new Map<string, WireValue>();
  for (const [key, value] of object.entries) byKey.set(key, value);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

// eslint-disable-next-line no-control-regex -- the characters JSON text must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_SEPARATORS = /[\u2028\u2029]/g;

/**
 * JSON string escaping shared by Gson (HTML escaping off) and kotlinx: quote, backslash and control
 * characters (\b \f \n \r \t short, the rest as lowercase \u00xx, as JSON.stringify writes them);
 * Gson also escapes U+2028 and U+2029. Unlike JSON.stringify both write lone surrogates raw.
 */
function quote(text: string, escapeLineSeparators: boolean): string {
  if (!NEEDS_ESCAPE.test(text)) return `"${text}"`;
  if (!LONE_SURROGATE.test(text)) {
    const written = JSON.stringify(text);
    return escapeLineSeparators ? written.replace(LINE_SEPARATORS, (char) => `\\u${char.charCodeAt(0).toString(16)}`) : written;
  }
  let out = '"';
  for (const char of text.split('')) {
    const code = char.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) out += char;
    else out += quote(char, escapeLineSeparators).slice(1, -1);
  }
  return `${out}"`;
}

/** How Java's Double.toString writes a finite double (the shortest digits that round-trip). */
export function javaDoubleToString(value: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const [mantissa = '', exponentText = '0'] = abs.toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  if (abs >= 1e-3 && abs < 1e7) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const integer = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    return `${sign}${integer}.${digits.slice(exponent + 1) || '0'}`;
  }
  return `${sign}${digits[0]}.${digits.slice(1) || '0'}E${exponent}`;
}

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/**
 * A number as Android's org.json reads it and Gson writes it back: a literal without '.' that
 * Long.parseLong accepts stays integral (`-0` → `0`); anything else (a fraction, an exponent,
 * beyond the long range) becomes a double in Java's notation (`1.0`, `1000.0`, `1.0E7`).
 * Null when the double is infinite: Gson refuses to write it, so no native can sign such a body.
 */
export function gsonNumber(raw: string): string | null {
  const leadingZero = raw.startsWith('0') && raw.length > 1; // Android reads these as octal, which JSON never produces
  if (!raw.includes('.') && !leadingZero && /^-?\d+$/.test(raw)) {
    if (raw.length <= 15) return raw === '-0' ? '0' : raw;
    const integral = BigInt(raw);
    if (integral >= LONG_MIN && integral <= LONG_MAX) return integral.toString();
  }
  const double = Number(raw);
  return Number.isFinite(double) ? javaDoubleToString(double) : null;
}

class Unsignable extends Error {}

/**
 * What VT's Gson writes for a value inside a nested array: its signer sorts only objects that sit
 * directly in an object or an array, so an org.json JSONArray inside an array reaches Gson as is
 * and is written through reflection (`{"values":[...]}`, objects as `{"nameValuePairs":{...}}` in
 * body order). No client sends such bodies; this keeps the reading exact anyway.
 */
function gsonReflective(value: WireValue): string | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) return `{"values":[${value.map((item) => gsonReflective(item) ?? 'null').join(',')}]}`;
  if (isWireObject(value)) {
    const byKey = new Map<string, WireValue>();
    for (const [key, member] of value.entries) byKey.set(key, member);
    const members = [...byKey.entries()].flatMap(([key, member]) => {
      const written = gsonReflective(member);
      return written === undefined ? [] : [`${quote(key, true)}:${written}`];
    });
    return `{"nameValuePairs":{${members.join(',')}}}`;
  }
  return gsonScalar(value);
}

function gsonScalar(value: boolean | string | WireNumber): string {
  if (value instanceof WireNumber) {
    const written = gsonNumber(value.raw);
    if (written === null) throw new Unsignable();
    return written;
  }
  return typeof value === 'string' ? quote(value, true) : String(value);
}

/** A value as VT's signer writes it; undefined for a null object member (dropped). */
function gsonValue(value: WireValue, inArray: boolean): string | undefined {
  if (value === null) return inArray ? 'null' : undefined;
  if (Array.isArray(value)) {
    return `[${value.map((item) => (Array.isArray(item) ? gsonReflective(item) : gsonValue(item, true)) ?? 'null').join(',')}]`;
  }
  if (isWireObject(value)) {
    const members = sortedMembers(value).flatMap(([key, member]) => {
      const written = gsonValue(member, false);
      return written === undefined ? [] : [`${quote(key, true)}:${written}`];
    });
    return `{${members.join(',')}}`;
  }
  return gsonScalar(value);
}

/** VT's canonical text of a parsed body; null when VT could not have signed it (an infinite number). */
export function gsonCanonical(value: WireValue): string | null {
  try {
    return gsonValue(value, false) ?? 'null';
  } catch (error) {
    if (error instanceof Unsignable) return null;
    throw error;
  }
}

/** KMP's canonical text of a parsed body: key-sorted, compact, numbers as written, nulls kept. */
export function kotlinxCanonical(value: WireValue): string {
  if (value === null) return 'null';
  if (value instanceof WireNumber) return value.raw;
  if (typeof value === 'string') return quote(value, false);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(kotlinxCanonical).join(',')}]`;
  return `{${sortedMembers(value)
    .map(([key, member]) => `${quote(key, false)}:${kotlinxCanonical(member)}`)
    .join(',')}}`;
}

/** A flat map of text values as a wire object (form fields, query parameters). */
export function wireObjectOf(values: Iterable<[string, string]>): WireObject {
  return { entries: [...values] };
}
