import { PHONE_PATTERN, phoneSchema } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN_COPY, isPhoneValid } from './phone-check.ts';

describe('phone check of the GET button', () => {
  it('is the contract rule', () => {
    expect(PHONE_PATTERN_COPY.source).toBe(PHONE_PATTERN.source);
    for (const phone of ['0912345678', '912345678', ' 0912345678 ', '091234567', '0012345678x', '', '12345678901']) {
      expect(isPhoneValid(phone), phone).toBe(phoneSchema.safeParse(phone).success);
    }
  });
});
