import { PRIVACY_POLICY_VERSION, REG_CLIENTS, type AnyEndpoint, DATA_REQUEST_KINDS } from '@sen/contract';
import fc from 'fast-check';

/**
 * Generated requests for the abuse fuzz: for every contract endpoint, inputs whose keys come from
 * its zod request schema, each value either plausible (so many requests get past validation into
 * the handlers) or hostile (wrong types, control characters, lone surrogates, huge strings, deep
 * nesting), sent in every encoding a client could pick (JSON, query, multipart, url-encoded, raw
 * bytes under odd content types), mostly correctly signed so they reach the handlers.
 */

interface ZodDef {
  type?: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  out?: unknown;
  innerType?: unknown;
  schema?: unknown;
}

function defOf(schema: unknown): ZodDef | undefined {
  return (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;
}

/** The field names of a request schema (objects, also behind pipes, preprocess and optional). */
export function requestKeys(schema: unknown, depth = 0): string[] {
  const def = defOf(schema);
  if (!def || depth > 8) return [];
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    const keys = requestKeys(inner, depth + 1);
    if (keys.length > 0) return keys;
  }
  return [];
}

export const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value: unknown = leaf;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

const hostileStrings = fc.constantFrom(
  '',
  ' ',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '1.0.0\u0000',
  'a\u0000b',
  '\u0007\u001b[31mred',
  'line\r\nX-Injected: yes',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '💣💣💣',
  'Nguyễn Văn Ấn',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%zz%',
  '9'.repeat(400),
  '1e309',
  'NaN',
  '-0',
  '0x10',
  ' 2',
  '2 ',
);

/** A value of any type and many a shape a client should never send. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileStrings },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 120_000 }).map((length) => 'x'.repeat(length)) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 40 }).map((depth) => nested(depth)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 31 }).map((n) => String(n)) },
);

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const md5ish = fc.stringMatching(/^[0-9a-f]{32}$/);

/** Values that pass a field's rule (or nearly), by field name, so requests reach the handlers. */
function plausibleValue(key: string): fc.Arbitrary<unknown> {
  switch (key) {
    case 'phone':
      return fc.oneof(digits(8).map((rest) => `09${rest}`), digits(9).map((rest) => `9${rest.slice(1)}1`));
    case 'smsCode':
      return digits(4);
    case 'passwd':
    case 'newPasswd':
    case 'oldPasswd':
      // Valid md5 hex costs an argon2 hash on the server: kept rare on purpose.
      return fc.oneof({ weight: 1, arbitrary: md5ish }, { weight: 30, arbitrary: fc.stringMatching(/^[0-9a-f]{31}$/) });
    case 'loginType':
    case 'mobileType':
      return fc.constantFrom(1, 2, '1', '2');
    case 'regClient':
      return fc.constantFrom(...REG_CLIENTS, 'h5', 'ios');
    case 'version':
      return fc.constantFrom(PRIVACY_POLICY_VERSION, '1.0.0');
    case 'agreed':
      return fc.boolean();
    case 'appVersion':
      return fc.constantFrom('1.0.0', '2.3.4-beta');
    case 'kind':
      return fc.constantFrom(...DATA_REQUEST_KINDS, 'erase');
    case 'consent':
      return fc.constantFrom('lending', 'tracking', 'marketing');
    default:
      // Ids, counts, days and amounts as numbers, dates and times as the contract writes them: a
      // random string never passes their schemas, so the endpoint behind would never be reached.
      if (/^id$|Id$|^days$|Days$|^amount$|Amount$|Nums$|Count$|Affected$/.test(key)) return fc.oneof(fc.integer({ min: -1, max: 60 }), fc.integer({ min: 1, max: 20_000_000 }));
      if (/^date$|Date$/.test(key)) return fc.constantFrom('2026-11-25', '2026-12-31', '2026-02-30', '25/11/2026');
      if (/At$/.test(key)) return fc.constantFrom('2026-11-25T08:00:00.000Z', '2030-01-01T00:00:00.000Z', 'yesterday');
      return fc.string({ maxLength: 30 });
  }
}

export type Encoding = 'json' | 'query' | 'multipart' | 'urlencoded' | 'raw';

export interface FuzzCase {
  method: 'GET' | 'POST';
  /** Path variant: the endpoint's, percent-encoded, with a trailing slash, ... */
  pathVariant: 'plain' | 'encoded' | 'trailing' | 'double-slash' | 'query-garbage';
  encoding: Encoding;
  /** Field values, merged over the default params unless dropDefaults. */
  fields: Record<string, unknown>;
  dropDefaults: boolean;
  signing: 'good' | 'bad' | 'none' | 'stale';
  token: 'main' | 'none' | 'garbage';
  raw: { contentType: string; body: Buffer } | null;
  lang: string;
}

const rawBodies = fc.oneof(
  fc.constant('{"a":'),
  fc.constant('{"a":1}}'),
  fc.constant('[]'),
  fc.constant('"just a string"'),
  fc.constant('null'),
  fc.constant('{"__proto__":{"admin":true}}'),
  fc.constant('{"constructor":{"prototype":{"x":1}}}'),
  fc.integer({ min: 33, max: 6000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.constant('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'),
  fc.constant('a=%zz&&=&b[c][d]=1&%00=x'),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  '',
  'application/x-evil; boundary=',
);

export function fuzzCaseFor(endpoint: AnyEndpoint): fc.Arbitrary<FuzzCase> {
  const keys = requestKeys(endpoint.request);
  const fieldArbs: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) {
    fieldArbs[key] = fc.oneof({ weight: 3, arbitrary: plausibleValue(key) }, { weight: 2, arbitrary: hostileValue });
  }
  const methods = [endpoint.method, ...(endpoint.alsoAnswers ?? [])];
  return fc.record({
    method: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...methods) }, { weight: 1, arbitrary: fc.constantFrom<'GET' | 'POST'>('GET', 'POST') }),
    pathVariant: fc.oneof(
      { weight: 16, arbitrary: fc.constant('plain' as const) },
      { weight: 1, arbitrary: fc.constantFrom('encoded' as const, 'trailing' as const, 'double-slash' as const, 'query-garbage' as const) },
    ),
    encoding: fc.oneof(
      { weight: 10, arbitrary: fc.constant('json' as const) },
      { weight: 2, arbitrary: fc.constant('multipart' as const) },
      { weight: 1, arbitrary: fc.constant('urlencoded' as const) },
      { weight: 2, arbitrary: fc.constant('raw' as const) },
    ),
    fields: fc.record(fieldArbs, { requiredKeys: [] }).chain((known) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(known) },
        // An unknown key, a default param with a wrong type, or the same key twice as an array.
        { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), hostileValue).map(([key, value]) => ({ ...known, [key]: value })) },
        { weight: 1, arbitrary: fc.constantFrom('appCode', 'version', 'mobileType').chain((key) => hostileValue.map((value) => ({ ...known, [key]: value }))) },
      ),
    ),
    dropDefaults: fc.integer({ min: 0, max: 19 }).map((roll) => roll === 0),
    signing: fc.oneof(
      { weight: 12, arbitrary: fc.constant('good' as const) },
      { weight: 1, arbitrary: fc.constantFrom('bad' as const, 'none' as const, 'stale' as const) },
    ),
    token: fc.oneof({ weight: 6, arbitrary: fc.constant('main' as const) }, { weight: 1, arbitrary: fc.constantFrom('none' as const, 'garbage' as const) }),
    raw: fc.tuple(contentTypes, rawBodies).map(([contentType, body]) => ({ contentType, body: Buffer.from(body, 'latin1') })),
    lang: fc.constantFrom('en_US', 'vi_VN', 'zh_CN', 'xx', ''),
  });
}
