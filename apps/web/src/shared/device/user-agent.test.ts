import { detectRegClient } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { mobileTypeOf, parsePhoneModel } from './user-agent.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SAMSUNG =
  'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const REDUCED_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('user agent helpers', () => {
  it('gives mobileType 1 on iOS and 2 elsewhere', () => {
    expect(mobileTypeOf(IPHONE)).toBe(1);
    expect(mobileTypeOf(SAMSUNG)).toBe(2);
    expect(mobileTypeOf(DESKTOP)).toBe(2);
  });

  it('uses the contract regClient detection (desktop counts as PC)', () => {
    expect(detectRegClient(IPHONE)).toBe('IOS');
    expect(detectRegClient(SAMSUNG)).toBe('Android');
    expect(detectRegClient(DESKTOP)).toBe('PC');
    expect(detectRegClient('')).toBe('UNKNOWN');
  });

  it('parses brand and model best-effort', () => {
    expect(parsePhoneModel(IPHONE)).toEqual({ phoneBrand: 'Apple', phoneModel: 'iPhone' });
    expect(parsePhoneModel(SAMSUNG)).toEqual({ phoneBrand: 'Samsung', phoneModel: 'SM-A536E' });
    expect(parsePhoneModel(REDUCED_ANDROID)).toEqual({ phoneBrand: null, phoneModel: null });
    expect(parsePhoneModel(DESKTOP)).toEqual({ phoneBrand: null, phoneModel: null });
  });
});
