import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SIGN_SEPARATOR,
  canonicalPayload,
  computeSign,
  signingString,
  signsEqual,
  sortKeysDeep,
  transformPassword,
} from './signing.ts';

/*
 * Fixed vectors. The expected hex strings were computed independently of signing.ts, with
 * node:crypto's md5 and a hand-written canonical JSON (keys sorted recursively, undefined as
 * null), following the algorithm in signing.ts's doc comment:
 *   sign = lowercase md5( md5(appCode) *|* secret *|* canonicalJson *|* timestampMs )
 */
const APP_CODE = 'senh5';
const SECRET = 'test-secret-0123456789';
const TIMESTAMP = '1767225600000';
const MD5_OF_APP_CODE = 'b3f8acd53876bbe67dcfd2db3ef9cbba';

const vectors: { name: string; payload: unknown; canonical: string; sign: string }[] = [
  { name: 'empty object', payload: {}, canonical: '{}', sign: '52b9ec08e2ac96275f39adcb6c202af5' },
  {
    name: 'nested objects with unsorted keys',
    payload: { z: 1, a: { y: 'b', b: { d: 2, c: 1 } }, m: [3, 1, 2] },
    canonical: '{"a":{"b":{"c":1,"d":2},"y":"b"},"m":[3,1,2],"z":1}',
    sign: 'e62ba64697b8b55a1ac200574d98bdc6',
  },
  {
    name: 'arrays of objects',
    payload: { list: [{ b: 2, a: 1 }, { d: [{ f: 'x', e: 'y' }], c: null }] },
    canonical: '{"list":[{"a":1,"b":2},{"c":null,"d":[{"e":"y","f":"x"}]}]}',
    sign: 'ebc2a5305b3a67016eb6c1216ef669c3',
  },
  {
    name: 'undefined values',
    payload: { b: undefined, a: 'x', c: [undefined, 1] },
    canonical: '{"a":"x","b":null,"c":[null,1]}',
    sign: 'c18648cc09e0aec7ca6b3ce01bde74e8',
  },
  {
    name: 'unicode Vietnamese text',
    payload: { name: 'Nguyễn Văn Á', city: 'Hà Nội', note: 'An toàn & đáng tin cậy' },
    canonical: '{"city":"Hà Nội","name":"Nguyễn Văn Á","note":"An toàn & đáng tin cậy"}',
    sign: '274b5706067e9082d5b45228018e7324',
  },
  {
    name: 'numbers and booleans',
    payload: { int: 42, neg: -7, float: 0.0003, big: 2000000, zero: 0, bool: true },
    canonical: '{"big":2000000,"bool":true,"float":0.0003,"int":42,"neg":-7,"zero":0}',
    sign: 'c5acea057ab1930f259afe032221a22f',
  },
  {
    // JSON.parse makes '__proto__' an ordinary own key; it must be signed like any other.
    name: "a parsed JSON body with a '__proto__' key",
    payload: JSON.parse('{"b":2,"__proto__":{"a":1}}'),
    canonical: '{"__proto__":{"a":1},"b":2}',
    sign: 'c0da9abe36ced99f1075ce6f6e0afc59',
  },
  {
    name: 'GET query parameters in their string form',
    payload: { phone: '0912345678', appCode: 'senh5', version: '1.0.0', mobileType: '2' },
    canonical: '{"appCode":"senh5","mobileType":"2","phone":"0912345678","version":"1.0.0"}',
    sign: '21ac9c28a14ce2733d7880a0b4421b8a',
  },
];

describe('computeSign fixed vectors', () => {
  it.each(vectors)('$name', ({ payload, canonical, sign }) => {
    expect(canonicalPayload(payload)).toBe(canonical);
    const input = { appCode: APP_CODE, secret: SECRET, payload, timestamp: TIMESTAMP };
    expect(signingString(input)).toBe([MD5_OF_APP_CODE, SECRET, canonical, TIMESTAMP].join('*|*'));
    expect(computeSign(input)).toBe(sign);
  });

  it('accepts the timestamp as a number or a string', () => {
    const base = { appCode: APP_CODE, secret: SECRET, payload: {} };
    expect(computeSign({ ...base, timestamp: Number(TIMESTAMP) })).toBe(computeSign({ ...base, timestamp: TIMESTAMP }));
  });

  it('signs a missing payload as the empty object', () => {
    const base = { appCode: APP_CODE, secret: SECRET, timestamp: TIMESTAMP };
    expect(computeSign({ ...base, payload: undefined })).toBe('52b9ec08e2ac96275f39adcb6c202af5');
    expect(computeSign({ ...base, payload: null })).toBe('52b9ec08e2ac96275f39adcb6c202af5');
  });

  it('uses the *|* separator', () => {
    expect(SIGN_SEPARATOR).toBe('*|*');
  });

  it('is lowercase 32-digit hex', () => {
    expect(computeSign({ appCode: APP_CODE, secret: SECRET, payload: { a: 1 }, timestamp: 1 })).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes when any element changes', () => {
    const base = { appCode: APP_CODE, secret: SECRET, payload: { a: 1 }, timestamp: TIMESTAMP };
    const sign = computeSign(base);
    expect(computeSign({ ...base, appCode: 'otherh5' })).not.toBe(sign);
    expect(computeSign({ ...base, secret: 'other' })).not.toBe(sign);
    expect(computeSign({ ...base, payload: { a: 2 } })).not.toBe(sign);
    expect(computeSign({ ...base, payload: { a: '1' } })).not.toBe(sign);
    expect(computeSign({ ...base, timestamp: '1767225600001' })).not.toBe(sign);
  });
});

/** Rebuilds an object with its own keys in the order `shuffle` gives, recursively. */
function reorder(value: unknown, shuffle: (keys: string[]) => string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => reorder(item, shuffle));
  if (value !== null && typeof value === 'object') {
    const entries = shuffle(Object.keys(value)).map((key) => [key, reorder((value as Record<string, unknown>)[key], shuffle)]);
    return Object.fromEntries(entries);
  }
  return value;
}

describe('key order does not change the sign', () => {
  it('holds for a reversed nested payload', () => {
    const payload = { b: { y: 1, x: [{ q: 1, p: 2 }] }, a: 'x' };
    const reversed = reorder(payload, (keys) => [...keys].reverse());
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(payload));
    const input = { appCode: APP_CODE, secret: SECRET, timestamp: TIMESTAMP };
    expect(computeSign({ ...input, payload: reversed })).toBe(computeSign({ ...input, payload }));
  });

  it('holds for any JSON object and any key permutation', () => {
    fc.assert(
      fc.property(fc.object({ maxDepth: 3 }), fc.integer(), (payload, seed) => {
        // A deterministic permutation per seed: rotate the keys by `seed`.
        const shuffled = reorder(payload, (keys) => {
          if (keys.length === 0) return keys;
          const shift = Math.abs(seed) % keys.length;
          return [...keys.slice(shift), ...keys.slice(0, shift)].reverse();
        });
        const input = { appCode: APP_CODE, secret: SECRET, timestamp: TIMESTAMP };
        expect(computeSign({ ...input, payload: shuffled })).toBe(computeSign({ ...input, payload }));
      }),
    );
  });
});

describe('sortKeysDeep', () => {
  it('sorts keys at every depth, including inside arrays', () => {
    const sorted = sortKeysDeep({ c: { z: 1, a: 2 }, a: [{ y: 1, b: 2 }], b: 1 });
    expect(JSON.stringify(sorted)).toBe('{"a":[{"b":2,"y":1}],"b":1,"c":{"a":2,"z":1}}');
  });

  it('turns undefined into null and keeps the key', () => {
    expect(sortKeysDeep({ a: undefined })).toEqual({ a: null });
    expect(sortKeysDeep([undefined])).toEqual([null]);
    expect(sortKeysDeep(undefined)).toBeNull();
  });

  it('keeps array order', () => {
    expect(sortKeysDeep([3, 1, 2])).toEqual([3, 1, 2]);
  });

  it('passes scalars through, and writes dates as ISO text and bigints as digits', () => {
    expect(sortKeysDeep('x')).toBe('x');
    expect(sortKeysDeep(0)).toBe(0);
    expect(sortKeysDeep(false)).toBe(false);
    expect(sortKeysDeep(null)).toBeNull();
    expect(sortKeysDeep(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01T00:00:00.000Z');
    expect(sortKeysDeep({ amount: 12345678901234567890n })).toEqual({ amount: '12345678901234567890' });
  });

  it('does not modify its input', () => {
    const input = { b: { d: 1, c: 2 }, a: 1 };
    sortKeysDeep(input);
    expect(Object.keys(input)).toEqual(['b', 'a']);
    expect(Object.keys(input.b)).toEqual(['d', 'c']);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const once = sortKeysDeep(value);
        expect(JSON.stringify(sortKeysDeep(once))).toBe(JSON.stringify(once));
      }),
    );
  });
});

describe('signsEqual', () => {
  it('is true only for identical strings', () => {
    expect(signsEqual('52b9ec08e2ac96275f39adcb6c202af5', '52b9ec08e2ac96275f39adcb6c202af5')).toBe(true);
    expect(signsEqual('52b9ec08e2ac96275f39adcb6c202af5', '52b9ec08e2ac96275f39adcb6c202af6')).toBe(false);
    expect(signsEqual('52b9ec08e2ac96275f39adcb6c202af5', '52b9ec08e2ac96275f39adcb6c202af')).toBe(false);
    expect(signsEqual('', '')).toBe(true);
    expect(signsEqual('abc', '')).toBe(false);
  });

  it('is case-sensitive (the sign header must be lowercase)', () => {
    expect(signsEqual('52b9ec08e2ac96275f39adcb6c202af5', '52B9EC08E2AC96275F39ADCB6C202AF5')).toBe(false);
  });

  it('agrees with === on any pair of strings', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => signsEqual(a, b) === (a === b)));
  });
});

describe('transformPassword', () => {
  it('is the lowercase md5 hex of the typed text (independent vectors)', () => {
    expect(transformPassword('sen123')).toBe('121a1f0163135d6a0eaedf3a95560f09');
    expect(transformPassword('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    // UTF-8 bytes of the text are hashed.
    expect(transformPassword('Mật1')).toBe('5f6a237e25c13240c08d38eb644ed42e');
  });

  it('does not trim or normalise case', () => {
    expect(transformPassword(' sen123')).not.toBe(transformPassword('sen123'));
    expect(transformPassword('SEN123')).not.toBe(transformPassword('sen123'));
  });
});
