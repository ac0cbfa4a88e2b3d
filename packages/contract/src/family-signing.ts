import { md5 } from 'js-md5';
import { SIGN_SEPARATOR, appCodeDigest, canonicalPayload, signsEqual } from './signing.ts';
import { gsonCanonical, kotlinxCanonical, parseWireJson, wireObjectOf, type WireValue } from './wire-json.ts';

/**
 * Verifying a sign the way every client of the family may have computed it (API-FAMILY.md §1.4,
 * docs/decisions/026-family-sign-readings.md). A sign is accepted when it matches any one
 * reading:
 *
 *   web     our web app: JSON.stringify of the payload with keys sorted, nothing stripped
 *   gson    VT: org.json + TreeMap + Gson (wire-json.ts), raw text stripped as Android strips it
 *   kotlinx KMP: kotlinx JsonElements (wire-json.ts), stripped as Android, iOS or a JS port strips it
 *
 * raw  = md5hex(appCode) *|* secret *|* canonical *|* timestamp,  sign = md5hex(UTF-8 of stripped raw)
 *
 * Readings are produced lazily and identical raw texts are hashed once, so a well-signed request
 * usually costs one md5 and a refused one a handful.
 */

/** The regex the natives apply to the raw text, as written in their source. */
export const FAMILY_STRIP_SOURCE = '[\\uD83C-\\uDBFF\\uDC00-\\uDFFF]+';

/** The regex read at UTF-16 level (JavaScript without the u flag): surrogates D83C-DFFF go. */
export function stripUtf16(text: string): string {
  // Deliberately without the u flag: the class must match lone surrogate code units.
  // eslint-disable-next-line no-misleading-character-class
  return text.replace(/[\uD83C-\uDBFF\uDC00-\uDFFF]+/g, '');
}

/**
 * The same regex as Java's Pattern and ICU (Android) compile it: they join the escapes
 * `\uDBFF\uDC00` into the one code point U+10FC00, so the class is the range U+D83C..U+10FC00
 * plus a literal '-' plus U+DFFF. Every astral character, every lone surrogate from D83C, the BMP
 * from U+E000 (private use, fullwidth forms, U+FFFD) and every hyphen-minus are removed.
 * Checked against OpenJDK 17 and ICU 72 (decision 026).
 */
export function stripNative(text: string): string {
  return text.replace(/[\u{D83C}-\u{10FC00}-]+/gu, '');
}

const STRIPS = { none: (text: string) => text, utf16: stripUtf16, native: stripNative } as const;
type StripMode = keyof typeof STRIPS;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encoder = new TextEncoder();

/**
 * UTF-8 of a text that may hold lone surrogates (left by stripping half of a pair): Java's
 * String.getBytes writes '?', Kotlin/Native and TextEncoder write U+FFFD.
 */
export function utf8Bytes(text: string, loneSurrogate: 'question' | 'replacement'): Uint8Array {
  return encoder.encode(loneSurrogate === 'question' ? text.replace(LONE_SURROGATE, '?') : text);
}

/** What the server knows of a signed request, in the form each reading needs. */
export interface SignSource {
  kind: 'get' | 'json' | 'multipart' | 'form';
  /** What our web app signs: the query (strings), the parsed JSON body, the multipart text fields. */
  webPayload: unknown;
  /** The JSON body text as received (kind json). */
  rawJson?: string;
  /** Text parts or form fields in body order (kinds multipart and form); files are not here. */
  fields?: [string, string][];
  query: Record<string, unknown>;
  /** appCode, mobileType and version as the request carries them: the natives' default canonical. */
  defaults: { appCode?: unknown; mobileType?: unknown; version?: unknown };
}

interface Reading {
  name: string;
  canonical: () => string | null;
  strips: StripMode[];
}

const firstText = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : typeof first === 'number' ? String(first) : undefined;
};

/** `{"appCode":..,"mobileType":..,"version":..}` with string values: the natives' ApiRequest/ParamBean defaults. */
export function defaultParamsCanonical(defaults: SignSource['defaults']): string | null {
  const entries: [string, string][] = [];
  for (const key of ['appCode', 'mobileType', 'version'] as const) {
    const text = firstText(defaults[key]);
    if (text === undefined) return null;
    entries.push([key, text]);
  }
  return kotlinxCanonical(wireObjectOf(entries));
}

const queryEntries = (query: Record<string, unknown>): [string, string][] =>
  Object.entries(query).flatMap(([key, value]) => {
    const text = firstText(value);
    return text === undefined ? [] : [[key, text] as [string, string]];
  });

/** Form or multipart text values merged with the query as a native signs them; `{}` falls back to the defaults. */
function fieldsCanonical(source: SignSource, keep: (name: string, value: string) => boolean, write: (value: WireValue) => string | null) {
  return () => {
    const map = new Map<string, string>();
    for (const [name, value] of source.fields ?? []) if (keep(name, value)) map.set(name, value);
    for (const [name, value] of queryEntries(source.query)) map.set(name, value);
    if (map.size === 0) return defaultParamsCanonical(source.defaults);
    return write(wireObjectOf(map.entries()));
  };
}

const NATIVE_STRIPS: StripMode[] = ['native', 'utf16', 'none'];

/** Largest JSON body (characters) for which the Gson and kotlinx readings are computed (decision 026). */
export const NATIVE_JSON_READING_LIMIT = 64 * 1024;

function readingsOf(source: SignSource): Reading[] {
  const web: Reading = { name: 'web', canonical: () => canonicalPayload(source.webPayload), strips: ['none', 'utf16', 'native'] };
  if (source.kind === 'get') {
    return [web, { name: 'native-get', canonical: () => defaultParamsCanonical(source.defaults), strips: NATIVE_STRIPS }];
  }
  if (source.kind === 'json') {
    const raw = source.rawJson ?? '';
    const empty = raw.trim() === '' || raw === '{}';
    let parsed: WireValue | undefined;
    const tree = () => {
      if (parsed === undefined) parsed = parseWireJson(raw);
      return parsed;
    };
    const safely = (write: (value: WireValue) => string | null) => () => {
      if (empty) return defaultParamsCanonical(source.defaults);
      try {
        return write(tree());
      } catch {
        return null; // not strict JSON: no native produced it
      }
    };
    // Above the limit only the web reading is tried (with every strip): it equals the natives'
    // readings for bodies without fractions, long integers, nulls or U+2028 — which is what large
    // native bodies (userDevice/save: stringified device data) are — and re-parsing is the costly part.
    if (raw.length > NATIVE_JSON_READING_LIMIT) return [web];
    return [web, { name: 'gson', canonical: safely(gsonCanonical), strips: NATIVE_STRIPS }, { name: 'kotlinx', canonical: safely(kotlinxCanonical), strips: NATIVE_STRIPS }];
  }
  const nonBlank = (value: string) => value.trim() !== '';
  if (source.kind === 'multipart') {
    return [
      web,
      { name: 'gson-multipart', canonical: fieldsCanonical(source, (name, value) => nonBlank(value) && name !== 'eventFile', gsonCanonical), strips: NATIVE_STRIPS },
      {
        name: 'kotlinx-multipart',
        canonical: fieldsCanonical(source, (name, value) => nonBlank(value) && name !== 'eventFile' && name !== 'image', kotlinxCanonical),
        strips: NATIVE_STRIPS,
      },
    ];
  }
  return [
    web,
    { name: 'gson-form', canonical: fieldsCanonical(source, () => true, gsonCanonical), strips: NATIVE_STRIPS },
    { name: 'gson-form-nonblank', canonical: fieldsCanonical(source, (_name, value) => nonBlank(value), gsonCanonical), strips: NATIVE_STRIPS },
  ];
}

export interface FamilySignInput {
  appCode: string;
  secret: string;
  /** The `timestamp` header as received. */
  timestamp: string;
  /** The `sign` header as received. */
  sign: string;
  source: SignSource;
}

/** The name of the first reading whose sign equals the received one, or null when none does. */
export function matchFamilySign({ appCode, secret, timestamp, sign, source }: FamilySignInput): string | null {
  if (!/^[0-9a-f]{32}$/.test(sign)) return null;
  const prefix = appCodeDigest(appCode) + SIGN_SEPARATOR + secret + SIGN_SEPARATOR;
  const suffix = SIGN_SEPARATOR + timestamp;
  const tried = new Set<string>();
  for (const reading of readingsOf(source)) {
    const canonical = reading.canonical();
    if (canonical === null) continue;
    for (const mode of reading.strips) {
      const raw = STRIPS[mode](prefix + canonical + suffix);
      if (tried.has(raw)) continue;
      tried.add(raw);
      const hasLone = raw.search(LONE_SURROGATE) !== -1;
      const encodings = hasLone ? (['question', 'replacement'] as const) : (['replacement'] as const);
      for (const encoding of encodings) {
        if (signsEqual(md5(utf8Bytes(raw, encoding)), sign)) return `${reading.name}/${mode}/${encoding}`;
      }
    }
  }
  return null;
}
