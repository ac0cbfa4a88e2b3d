import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchFamilySign, stripNative, stripUtf16, utf8Bytes, type SignSource } from './family-signing.ts';

/*
 * Independent vectors: every expected sign is node:crypto's md5 over a raw text written out by
 * hand in this file (canonical JSON typed literally, stripping done by hand), never through the
 * code under test. raw = md5hex(appCode) *|* secret *|* canonical *|* timestamp.
 */
const APP_CODE = 'gaanpuhunan';
const SECRET = 'familysecret0123456789';
const TS = '1767225600000';
const md5hex = (data: string | Buffer) => createHash('md5').update(data).digest('hex');
const rawOf = (canonical: string, secret = SECRET) => `${md5hex(APP_CODE)}*|*${secret}*|*${canonical}*|*${TS}`;
const signOf = (canonical: string) => md5hex(Buffer.from(rawOf(canonical), 'utf8'));

const match = (source: SignSource, sign: string, secret = SECRET) => matchFamilySign({ appCode: APP_CODE, secret, timestamp: TS, sign, source });
const jsonSource = (raw: string): SignSource => {
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  return { kind: 'json', rawJson: raw, webPayload: parsed, query: {}, defaults: parsed };
};

describe('the strip regex of the natives', () => {
  // Right-hand sides printed by OpenJDK 17 and by ICU 72 (Android's regex engine) for
  // text.replaceAll("[\\uD83C-\\uDBFF\\uDC00-\\uDFFF]+", ""), as UTF-16 code units.
  const javaCases: [string, string][] = [
    ['a-b', 'ab'],
    ['x\uD83D\uDE00y', 'xy'],
    ['SM-A515F', 'SMA515F'],
    ['\uE000z', 'z'],
    ['\uFF21w', 'w'],
    ['\uD835\uDC00m', 'm'],
    ['2025-01-01', '20250101'],
    ['café', 'café'],
    ['中', '中'],
    ['\uFFFDq', 'q'],
    ['a\uD800b', 'a\uD800b'],
    ['a\uDFFFb', 'ab'],
  ];
  it.each(javaCases)('native: %j → %j', (input, output) => {
    expect(stripNative(input)).toBe(output);
  });

  it('at UTF-16 level removes only the surrogates D83C-DFFF', () => {
    expect(stripUtf16('a-b\uD83D\uDE00c\uE000')).toBe('a-bc\uE000');
    expect(stripUtf16('\uD835\uDC00m')).toBe('\uD835m');
  });

  it('encodes a lone surrogate as Java does (?) or as Kotlin/Native and TextEncoder do (U+FFFD)', () => {
    expect([...utf8Bytes('a\uD835b', 'question')]).toEqual([0x61, 0x3f, 0x62]);
    expect([...utf8Bytes('a\uD835b', 'replacement')]).toEqual([0x61, 0xef, 0xbf, 0xbd, 0x62]);
    expect([...utf8Bytes('\uD83D\uDE00', 'question')]).toEqual([0xf0, 0x9f, 0x98, 0x80]);
  });
});

describe('JSON bodies', () => {
  it("VT: a Gson HTML-escaped body verifies over the decoded, sorted, compact text (hyphens stripped as Android does)", () => {
    const body = '{"version":"1.0.0","mobileType":"2","appCode":"gaanpuhunan","content":"a\\u003db\\u0026c","phoneModel":"SM-A515F"}';
    const canonicalStripped = '{"appCode":"gaanpuhunan","content":"a=b&c","mobileType":"2","phoneModel":"SMA515F","version":"1.0.0"}';
    // Without floats or nulls every reading writes the same text; the native strip is what matters.
    expect(match(jsonSource(body), signOf(canonicalStripped))).toMatch(/^(web|gson|kotlinx)\/native\//);
    // Hashing the bytes as sent is not a reading.
    expect(match(jsonSource(body), md5hex(rawOf(body)))).toBeNull();
  });

  it('KMP: a pretty-printed body with string mobileType verifies over the compact text', () => {
    const body = '{\n    "version": "1.0.0",\n    "mobileType": "1",\n    "appCode": "vayone",\n    "phone": "0912345678",\n    "loginType": 2\n}';
    const canonical = '{"appCode":"vayone","loginType":2,"mobileType":"1","phone":"0912345678","version":"1.0.0"}';
    expect(match(jsonSource(body), signOf(canonical))).toBe('web/none/replacement');
  });

  it('an emoji in a text field: natives strip it from the raw text, our web app does not', () => {
    const body = '{"appCode":"vayone","content":"hi 😀 there","mobileType":"1","version":"1.0.0"}';
    const stripped = '{"appCode":"vayone","content":"hi  there","mobileType":"1","version":"1.0.0"}';
    expect(match(jsonSource(body), signOf(stripped))).toBe('web/utf16/replacement');
    expect(match(jsonSource(body), signOf(body))).toBe('web/none/replacement');
  });

  it('numbers: the Gson reading (1.0, 1000.0, 1.2345678901234567E19) and the kotlinx reading (as written)', () => {
    const body = '{"appCode":"x","rate":1.0,"exp":1e3,"big":12345678901234567890,"id":7}';
    expect(match(jsonSource(body), signOf('{"appCode":"x","big":1.2345678901234567E19,"exp":1000.0,"id":7,"rate":1.0}'))).toBe('gson/native/replacement');
    expect(match(jsonSource(body), signOf('{"appCode":"x","big":12345678901234567890,"exp":1e3,"id":7,"rate":1.0}'))).toBe('kotlinx/native/replacement');
    expect(match(jsonSource(body), signOf('{"appCode":"x","big":12345678901234567000,"exp":1000,"id":7,"rate":1}'))).toBe('web/none/replacement');
  });

  it('nulls: Gson drops null members, kotlinx and our web app keep them', () => {
    const body = '{"b":[null,1],"a":null,"appCode":"x"}';
    expect(match(jsonSource(body), signOf('{"appCode":"x","b":[null,1]}'))).toBe('gson/native/replacement');
    expect(match(jsonSource(body), signOf('{"a":null,"appCode":"x","b":[null,1]}'))).toBe('web/none/replacement');
  });

  it('U+2028 in a value: Gson escapes it, the others keep it raw', () => {
    const body = '{"s":"a\u2028b"}';
    expect(match(jsonSource(body), signOf('{"s":"a\\u2028b"}'))).toBe('gson/native/replacement');
    expect(match(jsonSource(body), signOf('{"s":"a\u2028b"}'))).toBe('web/none/replacement');
  });

  it('a lone surrogate left by the UTF-16 strip: Java bytes (?) and Kotlin/Native bytes (U+FFFD) both verify', () => {
    const body = '{"s":"\uD835\uDC00x"}';
    const raw = rawOf('{"s":"\uD835x"}');
    expect(match(jsonSource(body), md5hex(Buffer.from(raw.replace('\uD835', '?'), 'utf8')))).toMatch(/\/utf16\/question$/);
    expect(match(jsonSource(body), md5hex(Buffer.from(raw.replace('\uD835', '\uFFFD'), 'utf8')))).toMatch(/\/utf16\/replacement$/);
  });

  it('an empty or {} body signs the default params as strings', () => {
    const defaults = { appCode: APP_CODE, mobileType: 2, version: '1.0.0' };
    const expected = signOf('{"appCode":"gaanpuhunan","mobileType":"2","version":"1.0.0"}');
    for (const rawJson of ['{}', '', '  ']) {
      const source: SignSource = { kind: 'json', rawJson, webPayload: {}, query: {}, defaults };
      expect(match(source, expected), JSON.stringify(rawJson)).toMatch(/^(gson|kotlinx)\//);
    }
  });

  it('the native strip applies to the whole raw text, secret included', () => {
    const secret = 'rotated-secret-0123456789';
    const body = '{"appCode":"x"}';
    const raw = `${md5hex(APP_CODE)}*|*rotatedsecret0123456789*|*{"appCode":"x"}*|*${TS}`;
    expect(match(jsonSource(body), md5hex(raw), secret)).toBe('web/native/replacement');
  });

  it('above NATIVE_JSON_READING_LIMIT only the web reading is computed, with every strip (large native bodies are all strings)', () => {
    const big = 'x'.repeat(70_000);
    const body = `{"appCode":"x","info":"${big}","model":"SM-A515F","rate":1.0}`;
    expect(match(jsonSource(body), signOf(`{"appCode":"x","info":"${big}","model":"SMA515F","rate":1}`))).toBe('web/native/replacement');
    // The Gson reading of the float is not tried for a body this large.
    expect(match(jsonSource(body), signOf(`{"appCode":"x","info":"${big}","model":"SMA515F","rate":1.0}`))).toBeNull();
  });

  it('refuses a wrong secret, timestamp, payload or letter case', () => {
    const body = '{"appCode":"x","phone":"0912345678"}';
    const sign = signOf('{"appCode":"x","phone":"0912345678"}');
    expect(match(jsonSource(body), sign)).not.toBeNull();
    expect(match(jsonSource(body), sign, 'another-secret-000000')).toBeNull();
    expect(match(jsonSource(body), sign.toUpperCase())).toBeNull();
    expect(match(jsonSource('{"appCode":"x","phone":"0912345679"}'), sign)).toBeNull();
    expect(matchFamilySign({ appCode: APP_CODE, secret: SECRET, timestamp: '1767225600001', sign, source: jsonSource(body) })).toBeNull();
    expect(match(jsonSource(body), '')).toBeNull();
  });
});

describe('GET, multipart and form bodies', () => {
  it('GET: the natives sign their default params as strings, our web app the whole query', () => {
    const query = { appCode: APP_CODE, version: '1.0.0', mobileType: '2', extra: 'x' };
    const source: SignSource = { kind: 'get', webPayload: query, query, defaults: query };
    expect(match(source, signOf('{"appCode":"gaanpuhunan","mobileType":"2","version":"1.0.0"}'))).toBe('native-get/native/replacement');
    expect(match(source, signOf('{"appCode":"gaanpuhunan","extra":"x","mobileType":"2","version":"1.0.0"}'))).toBe('web/none/replacement');
    expect(match(source, signOf('{"appCode":"gaanpuhunan","mobileType":2,"version":"1.0.0"}'))).toBeNull();
  });

  const fields: [string, string][] = [
    ['amount', '2000000'],
    ['ip', ''],
    ['remark', '   '],
    ['eventFile', 'not-a-file'],
    ['image', 'textimage'],
    ['coordinate', '105.8,21.0'],
  ];
  const multipart: SignSource = {
    kind: 'multipart',
    webPayload: Object.fromEntries(fields),
    fields,
    query: { appCode: APP_CODE, version: '1.0.0', mobileType: '2' },
    defaults: { appCode: APP_CODE, version: '1.0.0', mobileType: '2' },
  };

  it('multipart: non-blank text parts without eventFile, merged with the query; KMP also drops image', () => {
    expect(match(multipart, signOf('{"amount":"2000000","appCode":"gaanpuhunan","coordinate":"105.8,21.0","image":"textimage","mobileType":"2","version":"1.0.0"}'))).toBe(
      'gson-multipart/native/replacement',
    );
    expect(match(multipart, signOf('{"amount":"2000000","appCode":"gaanpuhunan","coordinate":"105.8,21.0","mobileType":"2","version":"1.0.0"}'))).toBe(
      'kotlinx-multipart/native/replacement',
    );
    // Our web app signs every text field it sent, blank ones included.
    expect(match(multipart, signOf('{"amount":"2000000","coordinate":"105.8,21.0","eventFile":"not-a-file","image":"textimage","ip":"","remark":"   "}'))).toBe(
      'web/none/replacement',
    );
    expect(match(multipart, signOf('{"amount":2000000,"appCode":"gaanpuhunan","coordinate":"105.8,21.0","mobileType":"2","version":"1.0.0"}'))).toBeNull();
  });

  it('form-urlencoded: every field as a string (blank ones too, or not) merged with the query', () => {
    const formFields: [string, string][] = [
      ['appCode', APP_CODE],
      ['version', '1.0.0'],
      ['mobileType', '2'],
      ['note', ''],
    ];
    const form: SignSource = { kind: 'form', webPayload: Object.fromEntries(formFields), fields: formFields, query: {}, defaults: Object.fromEntries(formFields) };
    expect(match(form, signOf('{"appCode":"gaanpuhunan","mobileType":"2","note":"","version":"1.0.0"}'))).toMatch(/^(web|gson-form)\//);
    expect(match(form, signOf('{"appCode":"gaanpuhunan","mobileType":"2","version":"1.0.0"}'))).toBe('gson-form-nonblank/native/replacement');
  });
});
