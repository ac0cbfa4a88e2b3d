import { describe, expect, it } from 'vitest';
import { maskPhoneForOperators, nameKeyOf, searchKeysOf } from './borrower-search.ts';

describe('searchKeysOf', () => {
  it('reads a phone in the forms people type, normalised like the sign-in', () => {
    for (const typed of ['0912345678', '091 234 5678', '0912.345.678', '+84 912 345 678', '84912345678', '(091) 234-5678']) {
      expect(searchKeysOf(typed), typed).toEqual([{ key: 'phone', phone: '0912345678' }]);
    }
  });

  it('reads 12 digits as an ID number, 9 digits not starting with 0 as both a phone and an old ID number', () => {
    expect(searchKeysOf('001095012345')).toEqual([{ key: 'idNumber', idNumber: '001095012345' }]);
    expect(searchKeysOf('912345678')).toEqual([
      { key: 'phone', phone: '0912345678' },
      { key: 'idNumber', idNumber: '912345678' },
    ]);
    expect(searchKeysOf('012345678')).toEqual([{ key: 'idNumber', idNumber: '012345678' }]);
  });

  it('reads an order number in any case', () => {
    expect(searchKeysOf(' sen25112512345678 ')).toEqual([{ key: 'orderNo', orderNo: 'SEN25112512345678' }]);
  });

  it('reads letters as the start of a name, and refuses what is too short to mean anything', () => {
    expect(searchKeysOf('  Nguyễn   Văn ')).toEqual([{ key: 'name', prefix: 'Nguyễn Văn' }]);
    expect(searchKeysOf('Đỗ')).toEqual([{ key: 'name', prefix: 'Đỗ' }]);
    expect(searchKeysOf('a')).toEqual([]);
    expect(searchKeysOf('12345')).toEqual([]);
    expect(searchKeysOf('+12345678901')).toEqual([]);
  });
});

describe('nameKeyOf', () => {
  it('drops diacritics and case, đ as d, spaces collapsed (what the database index compares)', () => {
    expect(nameKeyOf('  NGUYỄN   Văn Đức ')).toBe('nguyen van duc');
    // decomposed input (NFD, as some keyboards send it) gives the same key
    expect(nameKeyOf('Nguye\u0302\u0303n')).toBe('nguyen');
  });
});

describe('maskPhoneForOperators', () => {
  it('keeps the carrier prefix and the last three digits', () => {
    expect(maskPhoneForOperators('0912345678')).toBe('091****678');
    expect(maskPhoneForOperators('closed:0b4d0000-0000-0000-0000-000000000000')).toBeNull();
  });
});
