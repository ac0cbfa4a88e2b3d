import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gsonCanonical, gsonNumber, javaDoubleToString, kotlinxCanonical, parseWireJson, WireNumber } from './wire-json.ts';

describe('parseWireJson', () => {
  it('keeps number texts and parses what JSON.parse parses', () => {
    const tree = parseWireJson('{ "a" : [1.0, -2e3, "x\\u003d\\n"], "b": {"c": null, "d": true} }');
    expect(tree).toEqual({
      entries: [
        ['a', [new WireNumber('1.0'), new WireNumber('-2e3'), 'x=\n']],
        ['b', { entries: [['c', null], ['d', true]] }],
      ],
    });
  });

  it('refuses what JSON.parse refuses', () => {
    for (const text of ['', '{', '{"a":1,}', '[01]', '{"a":"\t"}', "{'a':1}", '{"a":1} x', '{"a":.5}', '"\\x"', 'nul']) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(() => parseWireJson(text), text).toThrow(SyntaxError);
    }
  });

  it('refuses nesting deeper than 256 instead of overflowing the stack', () => {
    expect(() => parseWireJson('['.repeat(100_000))).toThrow(SyntaxError);
  });

  it('agrees with JSON.parse on any JSON text (kotlinx reading of a JSON.stringify text is the sorted text)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const text = JSON.stringify(value);
        // A JSON.stringify text has plain numbers, so kotlinx must give back the same text once sorted.
        // (Objects are written by hand: JSON.stringify would put integer-like keys first.)
        const write = (node: unknown): string => {
          if (Array.isArray(node)) return `[${node.map(write).join(',')}]`;
          if (node && typeof node === 'object') {
            const keys = Object.keys(node).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
            return `{${keys.map((key) => `${JSON.stringify(key)}:${write((node as Record<string, unknown>)[key])}`).join(',')}}`;
          }
          return JSON.stringify(node);
        };
        const sorted = write(value);
        expect(kotlinxCanonical(parseWireJson(text))).toBe(sorted);
      }),
    );
  });
});

describe('gsonNumber (Android org.json read, Gson write)', () => {
  // Right-hand sides printed by OpenJDK 17: Double.toString(Double.valueOf(text)) for doubles.
  const cases: [string, string][] = [
    ['0', '0'],
    ['-0', '0'],
    ['42', '42'],
    ['-7', '-7'],
    ['2000000', '2000000'],
    ['10000000', '10000000'],
    ['9223372036854775807', '9223372036854775807'],
    ['-9223372036854775808', '-9223372036854775808'],
    ['9223372036854775808', '9.223372036854776E18'],
    ['12345678901234567890', '1.2345678901234567E19'],
    ['1.0', '1.0'],
    ['1e3', '1000.0'],
    ['1E+2', '100.0'],
    ['1e7', '1.0E7'],
    ['0.1', '0.1'],
    ['0.001', '0.001'],
    ['0.0001', '1.0E-4'],
    ['0.5e-10', '5.0E-11'],
    ['1234567.0', '1234567.0'],
    ['9999999.0', '9999999.0'],
    ['123.456', '123.456'],
    ['-2.5', '-2.5'],
    ['-0.0', '-0.0'],
    ['0e5', '0.0'],
    ['1e308', '1.0E308'],
  ];
  it.each(cases)('%s → %s', (raw, written) => {
    expect(gsonNumber(raw)).toBe(written);
  });

  it('gives null for a double Gson refuses to write (infinite)', () => {
    expect(gsonNumber('1e999')).toBeNull();
    expect(gsonCanonical(parseWireJson('{"a":1e999}'))).toBeNull();
  });

  it('writes doubles in Java notation', () => {
    expect(javaDoubleToString(0)).toBe('0.0');
    expect(javaDoubleToString(-1e-3)).toBe('-0.001');
    expect(javaDoubleToString(1.5e-7)).toBe('1.5E-7');
    expect(javaDoubleToString(9_999_999.5)).toBe('9999999.5');
  });
});

describe('gsonCanonical and kotlinxCanonical', () => {
  it('sort keys at every depth, in and out of arrays', () => {
    const tree = parseWireJson('{"z":1,"a":{"y":"b","b":{"d":2,"c":1}},"m":[{"q":1,"p":2}]}');
    const expected = '{"a":{"b":{"c":1,"d":2},"y":"b"},"m":[{"p":2,"q":1}],"z":1}';
    expect(gsonCanonical(tree)).toBe(expected);
    expect(kotlinxCanonical(tree)).toBe(expected);
  });

  it('undo Gson HTML escaping and keep non-ASCII text raw', () => {
    const tree = parseWireJson('{"n":"a\\u003db\\u0026c\\u003cd\\u003e\\u0027","v":"Nguy\\u1ec5n Hà"}');
    expect(gsonCanonical(tree)).toBe(`{"n":"a=b&c<d>'","v":"Nguyễn Hà"}`);
    expect(kotlinxCanonical(tree)).toBe(`{"n":"a=b&c<d>'","v":"Nguyễn Hà"}`);
  });

  it('escape quotes, backslashes and control characters; Gson also U+2028 and U+2029', () => {
    const tree = parseWireJson('{"s":"q\\"b\\\\n\\nt\\tx\\u0001\\u2028/"}');
    expect(gsonCanonical(tree)).toBe('{"s":"q\\"b\\\\n\\nt\\tx\\u0001\\u2028/"}');
    expect(kotlinxCanonical(tree)).toBe('{"s":"q\\"b\\\\n\\nt\\tx\\u0001\u2028/"}');
  });

  it('numbers: Gson reformats, kotlinx keeps the text', () => {
    const tree = parseWireJson('{"rate":1.0,"exp":1e3,"big":12345678901234567890,"neg":-0,"id":7}');
    expect(gsonCanonical(tree)).toBe('{"big":1.2345678901234567E19,"exp":1000.0,"id":7,"neg":0,"rate":1.0}');
    expect(kotlinxCanonical(tree)).toBe('{"big":12345678901234567890,"exp":1e3,"id":7,"neg":-0,"rate":1.0}');
  });

  it('nulls: Gson drops null members but keeps nulls in arrays; kotlinx keeps both', () => {
    const tree = parseWireJson('{"b":[null,1],"a":null,"c":{"d":null}}');
    expect(gsonCanonical(tree)).toBe('{"b":[null,1],"c":{}}');
    expect(kotlinxCanonical(tree)).toBe('{"a":null,"b":[null,1],"c":{"d":null}}');
  });

  it('repeated keys: the last value wins', () => {
    const tree = parseWireJson('{"a":1,"b":2,"a":3}');
    expect(gsonCanonical(tree)).toBe('{"a":3,"b":2}');
    expect(kotlinxCanonical(tree)).toBe('{"a":3,"b":2}');
  });

  it("Gson writes an array nested in an array through reflection (VT's signer leaves it unsorted)", () => {
    const tree = parseWireJson('{"m":[[{"b":1,"a":null,"c":2}],3]}');
    expect(gsonCanonical(tree)).toBe('{"m":[{"values":[{"nameValuePairs":{"b":1,"c":2}}]},3]}');
    expect(kotlinxCanonical(tree)).toBe('{"m":[[{"a":null,"b":1,"c":2}],3]}');
  });

  it('pretty-printed and compact texts give the same canonical text', () => {
    const pretty = '{\n    "version": "1.0.0",\n    "mobileType": "1",\n    "list": [\n        1,\n        2\n    ]\n}';
    expect(kotlinxCanonical(parseWireJson(pretty))).toBe('{"list":[1,2],"mobileType":"1","version":"1.0.0"}');
  });
});
