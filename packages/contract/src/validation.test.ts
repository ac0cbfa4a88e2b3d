import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from './messages.ts';
import {
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  ageOn,
  bankNumberPairSchema,
  birthDateSchema,
  checkField,
  firstMessageKey,
  digitsOnlySchema,
  emailSchema,
  idNumberSchema,
  maskPhone,
  normalizePhone,
  operatorOtpSchema,
  otpSchema,
  parseBirthDate,
  passwordPairSchema,
  passwordSchema,
  phoneSchema,
  repaymentSelectionSchema,
  requiredChoice,
  requiredText,
  transformedPasswordSchema,
} from './validation.ts';

/** The English text a form would show for `value`, or null when the value is valid. */
function englishError(schema: z.ZodType, value: unknown): string | null {
  const messageKey = checkField(schema, value);
  return messageKey === null ? null : translate('en', messageKey);
}

/** The English text and the path of the first issue of an object schema. */
function firstIssue(schema: z.ZodType, value: unknown): { text: string; path: PropertyKey[] } | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { text: translate('en', issue.message as Parameters<typeof translate>[1]), path: issue.path };
}

const digit = fc.constantFrom(...'0123456789');
const nonZeroDigit = fc.constantFrom(...'123456789');
const digits = (length: number) => fc.array(digit, { minLength: length, maxLength: length }).map((d) => d.join(''));
const whitespace = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u3000'), { minLength: 0, maxLength: 8 })
  .map((chars) => chars.join(''));

describe('phone', () => {
  it.each(['', '   ', undefined, null])('%j → Please check Phone Number', (value) => {
    expect(englishError(phoneSchema, value)).toBe('Please check Phone Number');
  });

  it.each(['012345678', '12345678', '091234567a', '0912345678 9', '09123456789', '912345678 0', '+84912345678'])(
    '%j → Invalid phone number format',
    (value) => {
      expect(englishError(phoneSchema, value)).toBe('Invalid phone number format');
    },
  );

  it.each(['912345678', '0912345678', ' 0912345678 '])('%j is valid', (value) => {
    expect(englishError(phoneSchema, value)).toBeNull();
  });

  it('accepts any 9-digit string not starting with 0', () => {
    fc.assert(
      fc.property(nonZeroDigit, digits(8), (first, rest) => {
        expect(checkField(phoneSchema, first + rest)).toBeNull();
      }),
    );
  });

  it('accepts any 10-digit string starting with 0', () => {
    fc.assert(
      fc.property(digits(9), (rest) => {
        expect(checkField(phoneSchema, `0${rest}`)).toBeNull();
      }),
    );
  });

  it('refuses digit strings of any other shape', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 1, maxLength: 15 }).map((d) => d.join('')), (value) => {
        const ok = (value.length === 9 && value[0] !== '0') || (value.length === 10 && value[0] === '0');
        expect(checkField(phoneSchema, value) === null).toBe(ok);
        expect(PHONE_PATTERN.test(value)).toBe(ok);
      }),
    );
  });

  it('refuses any whitespace-only string as missing', () => {
    fc.assert(
      fc.property(whitespace, (value) => {
        expect(checkField(phoneSchema, value)).toBe('validation.phone.required');
      }),
    );
  });

  it('normalizePhone gives the 10-digit form with its leading 0', () => {
    expect(normalizePhone('912345678')).toBe('0912345678');
    expect(normalizePhone('0912345678')).toBe('0912345678');
    expect(normalizePhone(' 912345678 ')).toBe('0912345678');
  });

  it('normalizePhone maps both forms of a number to one value', () => {
    fc.assert(
      fc.property(nonZeroDigit, digits(8), (first, rest) => {
        expect(normalizePhone(first + rest)).toBe(normalizePhone(`0${first}${rest}`));
      }),
    );
  });

  it('maskPhone keeps the first two and last three digits of the 10-digit form', () => {
    expect(maskPhone('0912345678')).toBe('09*****678');
    expect(maskPhone('912345678')).toBe('09*****678');
    expect(maskPhone('0387654321')).toBe('03*****321');
  });
});

describe('OTP', () => {
  it.each(['', '   ', undefined])('%j → Please check OTP', (value) => {
    expect(englishError(otpSchema, value)).toBe('Please check OTP');
  });

  it.each(['123', '12345', '12a4', '123456', '12 34', '١٢٣٤'])('%j → Invalid OTP format', (value) => {
    expect(englishError(otpSchema, value)).toBe('Invalid OTP format');
  });

  it.each(['1234', '0000', ' 9876 '])('%j is valid', (value) => {
    expect(englishError(otpSchema, value)).toBeNull();
  });

  it('accepts every 4-digit string', () => {
    fc.assert(
      fc.property(digits(4), (value) => {
        expect(checkField(otpSchema, value)).toBeNull();
      }),
    );
  });

  it('operator OTP accepts 4 or 6 digits and nothing else', () => {
    expect(englishError(operatorOtpSchema, '1234')).toBeNull();
    expect(englishError(operatorOtpSchema, '123456')).toBeNull();
    expect(englishError(operatorOtpSchema, '12345')).toBe('Invalid OTP format');
    expect(englishError(operatorOtpSchema, '1234567')).toBe('Invalid OTP format');
    expect(englishError(operatorOtpSchema, '12345a')).toBe('Invalid OTP format');
    expect(englishError(operatorOtpSchema, ' ')).toBe('Please check OTP');
  });
});

describe('password', () => {
  const formatText = 'Password must be 3-20 characters, include letters and numbers';

  it.each([
    ['too short', 'ab'],
    ['too short with a digit', 'a1'],
    ['21 characters', 'a1' + 'b'.repeat(19)],
    ['no digit', 'abcdef'],
    ['no letter', '123456'],
    ['a space inside', 'ab 12'],
    ['leading space', ' ab12'],
    ['non-ASCII letter', 'mật1'],
  ])('%s → the format message', (_label, value) => {
    expect(englishError(passwordSchema, value)).toBe(formatText);
  });

  it.each(['a1b', 'A1b', 'a1!@#$', 'a1' + 'b'.repeat(18), 'Sen12345'])('%j is valid', (value) => {
    expect(englishError(passwordSchema, value)).toBeNull();
  });

  it('exactly 20 characters is valid, 21 is not', () => {
    expect(englishError(passwordSchema, 'a1' + 'x'.repeat(18))).toBeNull();
    expect(englishError(passwordSchema, 'a1' + 'x'.repeat(19))).toBe(formatText);
  });

  it.each(['', '   ', undefined])('%j → Please input', (value) => {
    expect(englishError(passwordSchema, value)).toBe('Please input');
  });

  it('accepts any 3-20 printable ASCII characters containing a letter and a digit', () => {
    const printable = fc.constantFrom(...Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)));
    fc.assert(
      fc.property(
        fc.constantFrom(...'abcXYZ'),
        fc.constantFrom(...'0189'),
        fc.array(printable, { minLength: 1, maxLength: 18 }),
        (letter, number, rest) => {
          const value = letter + rest.join('') + number;
          expect(checkField(passwordSchema, value)).toBeNull();
        },
      ),
    );
  });

  it('refuses anything PASSWORD_PATTERN refuses, with the format message', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 25 }), (value) => {
        fc.pre(value.trim().length > 0);
        const key = checkField(passwordSchema, value);
        expect(key === null).toBe(PASSWORD_PATTERN.test(value));
        if (key !== null) expect(key).toBe('validation.password.format');
      }),
    );
  });

  it('passwordPairSchema reports a mismatch on confirmPassword', () => {
    expect(firstIssue(passwordPairSchema, { password: 'abc123', confirmPassword: 'abc124' })).toEqual({
      text: 'Password does not match',
      path: ['confirmPassword'],
    });
    expect(firstIssue(passwordPairSchema, { password: 'abc123', confirmPassword: 'abc123' })).toBeNull();
  });

  it('passwordPairSchema checks the password rule itself', () => {
    expect(firstIssue(passwordPairSchema, { password: 'ab', confirmPassword: 'ab' })).toEqual({
      text: formatText,
      path: ['password'],
    });
  });

  it('transformedPasswordSchema wants 32 lowercase hex digits', () => {
    expect(checkField(transformedPasswordSchema, '121a1f0163135d6a0eaedf3a95560f09')).toBeNull();
    expect(checkField(transformedPasswordSchema, '121A1F0163135D6A0EAEDF3A95560F09')).toBe('validation.password.format');
    expect(checkField(transformedPasswordSchema, '121a1f0163135d6a0eaedf3a95560f0')).toBe('validation.password.format');
    expect(checkField(transformedPasswordSchema, 'sen123')).toBe('validation.password.format');
  });
});

describe('birth date', () => {
  // 15 June 2026; the rule compares calendar dates, so the time of day must not matter.
  const today = new Date(Date.UTC(2026, 5, 15, 12, 0, 0));
  const schema = birthDateSchema(() => today);

  it.each(['06/15/2008', '15-06-2008', '01/01/1990', '31-12-1970', ' 06/15/2008 '])('%j is accepted', (value) => {
    expect(englishError(schema, value)).toBeNull();
  });

  it('accepts someone who is exactly 18 today and refuses someone one day short', () => {
    expect(englishError(schema, '06/15/2008')).toBeNull();
    expect(englishError(schema, '15-06-2008')).toBeNull();
    expect(englishError(schema, '06/16/2008')).toBe('We refuse to lend money to under 18!');
    expect(englishError(schema, '16-06-2008')).toBe('We refuse to lend money to under 18!');
  });

  it('refuses a date in the future as under 18', () => {
    expect(englishError(schema, '01/01/2030')).toBe('We refuse to lend money to under 18!');
  });

  it.each(['02/30/2000', '30-02-2000', '13/01/2000', '00/10/2000', '31-04-2000', '02/29/2001', '2000-01-01', '1/2/2000', '01/01/1899', 'abc'])(
    '%j is not a real date in an accepted format',
    (value) => {
      expect(englishError(schema, value)).toBe(translate('en', 'validation.birthDate.format'));
    },
  );

  it.each(['', '   ', undefined])('%j → Please input', (value) => {
    expect(englishError(schema, value)).toBe('Please input');
  });

  it('reads MM/DD/YYYY month-first and DD-MM-YYYY day-first', () => {
    expect(parseBirthDate('03/04/2000')).toEqual({ year: 2000, month: 3, day: 4 });
    expect(parseBirthDate('03-04-2000')).toEqual({ year: 2000, month: 4, day: 3 });
    expect(parseBirthDate('02/29/2000')).toEqual({ year: 2000, month: 2, day: 29 });
  });

  it('counts a 29 February birthday from 1 March in common years', () => {
    const birth = { year: 2008, month: 2, day: 29 };
    expect(ageOn(birth, new Date(Date.UTC(2026, 1, 28)))).toBe(17);
    expect(ageOn(birth, new Date(Date.UTC(2026, 2, 1)))).toBe(18);
  });

  it('ageOn is 18 exactly on the 18th birthday, for any birth date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1950-01-01'), max: new Date('2010-12-31'), noInvalidDate: true }), (birthDate) => {
        const birth = { year: birthDate.getUTCFullYear(), month: birthDate.getUTCMonth() + 1, day: birthDate.getUTCDate() };
        fc.pre(!(birth.month === 2 && birth.day === 29));
        const birthday18 = new Date(Date.UTC(birth.year + 18, birth.month - 1, birth.day));
        const dayBefore = new Date(birthday18.getTime() - 24 * 60 * 60 * 1000);
        expect(ageOn(birth, birthday18)).toBe(18);
        expect(ageOn(birth, dayBefore)).toBe(17);
      }),
    );
  });
});

describe('number, e-mail, ID number', () => {
  it('digits only', () => {
    expect(englishError(digitsOnlySchema, '0123456789')).toBeNull();
    expect(englishError(digitsOnlySchema, '12a')).toBe('Only numbers are allowed');
    expect(englishError(digitsOnlySchema, '1 2')).toBe('Only numbers are allowed');
    expect(englishError(digitsOnlySchema, '-12')).toBe('Only numbers are allowed');
    expect(englishError(digitsOnlySchema, '1.5')).toBe('Only numbers are allowed');
    expect(englishError(digitsOnlySchema, '')).toBe('Please input');
  });

  it.each(['a@b.co', 'nguyen.van.a@example.com.vn', 'x+tag@mail.example'])('e-mail %j is valid', (value) => {
    expect(englishError(emailSchema, value)).toBeNull();
  });

  it.each(['a@b', 'ab.com', 'a b@c.com', 'a@@b.com', '@b.com', 'a@b.', 'a@.com'])('e-mail %j is refused', (value) => {
    expect(englishError(emailSchema, value)).toBe('Please enter the correct email format');
  });

  it('a missing e-mail is Please input', () => {
    expect(englishError(emailSchema, ' ')).toBe('Please input');
  });

  it.each(['123456789', '012345678901'])('ID %j is valid', (value) => {
    expect(englishError(idNumberSchema, value)).toBeNull();
  });

  it.each(['1234567890', '12345678', '1234567890123', '12345678a', '12345 6789'])('ID %j is refused', (value) => {
    expect(englishError(idNumberSchema, value)).toBe('ID number must be 9 or 12 digits');
  });

  it('accepts digit strings of length 9 or 12 only', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 1, maxLength: 15 }).map((d) => d.join('')), (value) => {
        expect(checkField(idNumberSchema, value) === null).toBe(value.length === 9 || value.length === 12);
      }),
    );
  });
});

describe('bank number pair', () => {
  it('reports a mismatch on confirmBankNo', () => {
    expect(firstIssue(bankNumberPairSchema, { bankNo: '9704000011112222', confirmBankNo: '9704000011112223' })).toEqual({
      text: 'BankNo does not match',
      path: ['confirmBankNo'],
    });
  });

  it('accepts equal numbers (after trimming)', () => {
    expect(firstIssue(bankNumberPairSchema, { bankNo: '9704000011112222', confirmBankNo: ' 9704000011112222 ' })).toBeNull();
  });

  it('wants digits in the bank number', () => {
    expect(firstIssue(bankNumberPairSchema, { bankNo: '9704-0000', confirmBankNo: '9704-0000' })).toEqual({
      text: 'Only numbers are allowed',
      path: ['bankNo'],
    });
  });
});

describe('repayment selection and generic prompts', () => {
  it('needs at least one order', () => {
    expect(englishError(repaymentSelectionSchema, [])).toBe('Please select at least one repayment order');
    expect(englishError(repaymentSelectionSchema, undefined)).toBe('Please select at least one repayment order');
    expect(englishError(repaymentSelectionSchema, ['ORD-1'])).toBeNull();
  });

  it('requiredText: Please input for missing or whitespace-only', () => {
    expect(englishError(requiredText, '')).toBe('Please input');
    expect(englishError(requiredText, ' \t\n ')).toBe('Please input');
    expect(englishError(requiredText, undefined)).toBe('Please input');
    expect(englishError(requiredText, ' x ')).toBeNull();
  });

  it('requiredText trims what it returns', () => {
    expect(requiredText.parse('  Hà Nội  ')).toBe('Hà Nội');
  });

  it('requiredChoice: Please select for missing or whitespace-only', () => {
    expect(englishError(requiredChoice, '')).toBe('Please select');
    expect(englishError(requiredChoice, '  ')).toBe('Please select');
    expect(englishError(requiredChoice, undefined)).toBe('Please select');
    expect(englishError(requiredChoice, 'MARRIED')).toBeNull();
  });

  it('every required rule refuses any whitespace-only string', () => {
    fc.assert(
      fc.property(whitespace, (value) => {
        expect(checkField(requiredText, value)).toBe('validation.required');
        expect(checkField(requiredChoice, value)).toBe('validation.select');
        expect(checkField(otpSchema, value)).toBe('validation.otp.required');
        expect(checkField(passwordSchema, value)).toBe('validation.password.required');
        expect(checkField(emailSchema, value)).toBe('validation.required');
        expect(checkField(idNumberSchema, value)).toBe('validation.required');
        expect(checkField(digitsOnlySchema, value)).toBe('validation.required');
      }),
    );
  });
});

describe('firstMessageKey', () => {
  it('returns the rule message key, or a generic key for a rule written without one', () => {
    const schema = z.object({ phone: phoneSchema, kind: z.enum(['a', 'b']) });
    const keyOf = (value: unknown) => {
      const result = schema.safeParse(value);
      if (result.success) throw new Error('expected a failure');
      return firstMessageKey(result.error, value);
    };
    expect(keyOf({ phone: '12', kind: 'a' })).toBe('validation.phone.format');
    expect(keyOf({ phone: '0912345678' })).toBe('validation.required');
    expect(keyOf({ phone: '0912345678', kind: 'c' })).toBe('error.requestFailed');
  });
});
