import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants.ts';
import { isMessageKey, messages, translate, type MessageKey } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const englishKeys = Object.keys(messages.en).sort() as MessageKey[];

describe('dictionaries', () => {
  it('cover the three interface languages', () => {
    expect(Object.keys(messages).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has exactly the English key set', (lang) => {
    expect(Object.keys(messages[lang]).sort()).toEqual(englishKeys);
  });

  it.each(LANGUAGES)('%s has no empty or padded text', (lang) => {
    for (const [key, text] of Object.entries(messages[lang])) {
      expect(text.trim(), `${lang}:${key}`).not.toBe('');
      expect(text, `${lang}:${key}`).toBe(text.trim());
    }
  });

  it.each(LANGUAGES)('%s uses the same {placeholders} as English', (lang) => {
    for (const key of englishKeys) {
      expect(placeholders(messages[lang][key]), `${lang}:${key}`).toEqual(placeholders(messages.en[key]));
    }
  });

  it('vn and zh are translated, not English copies', () => {
    for (const key of englishKeys) {
      expect(messages.vn[key], `vn:${key}`).not.toBe(messages.en[key]);
      expect(messages.zh[key], `zh:${key}`).not.toBe(messages.en[key]);
    }
  });
});

describe('translate', () => {
  it('fills {name} placeholders from params', () => {
    expect(translate('en', 'error.otpTooSoon', { seconds: 42 })).toBe('Please wait 42s before getting a new OTP');
    expect(translate('vn', 'error.otpTooSoon', { seconds: 42 })).toBe('Vui lòng đợi 42 giây trước khi lấy mã OTP mới');
    expect(translate('zh', 'error.otpTooSoon', { seconds: '7' })).toBe('请等待7秒后再获取验证码');
  });

  it('leaves a placeholder without a param as it is', () => {
    expect(translate('en', 'error.otpTooSoon')).toBe('Please wait {seconds}s before getting a new OTP');
  });

  it('ignores params a text does not use', () => {
    expect(translate('en', 'error.server', { seconds: 1 })).toBe('Server error');
  });

  it('does not treat $ patterns in params specially', () => {
    expect(translate('en', 'error.otpTooSoon', { seconds: '$&$1' })).toBe('Please wait $&$1s before getting a new OTP');
  });

  it('returns the language asked for', () => {
    expect(translate('vn', 'validation.required')).toBe('Vui lòng nhập');
    expect(translate('zh', 'validation.select')).toBe('请选择');
  });
});

describe('isMessageKey', () => {
  it('knows the keys and nothing else', () => {
    expect(isMessageKey('validation.phone.format')).toBe(true);
    expect(isMessageKey('error.server')).toBe(true);
    expect(isMessageKey('error.nope')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('__proto__')).toBe(false);
  });
});

/** SPEC.md §5 and §8, word for word. Hard-coded here so a change to messages.ts cannot drift silently. */
const SPEC_TEXTS: [MessageKey, string][] = [
  // §5 validation rules
  ['validation.phone.required', 'Please check Phone Number'],
  ['validation.phone.format', 'Invalid phone number format'],
  ['validation.otp.required', 'Please check OTP'],
  ['validation.otp.format', 'Invalid OTP format'],
  ['validation.password.format', 'Password must be 3-20 characters, include letters and numbers'],
  ['validation.password.mismatch', 'Password does not match'],
  ['validation.birthDate.underage', 'We refuse to lend money to under 18!'],
  ['validation.number.digitsOnly', 'Only numbers are allowed'],
  ['validation.email.format', 'Please enter the correct email format'],
  ['validation.idNumber.format', 'ID number must be 9 or 12 digits'],
  ['validation.bankNo.mismatch', 'BankNo does not match'],
  ['validation.repayment.required', 'Please select at least one repayment order'],
  ['validation.required', 'Please input'],
  ['validation.select', 'Please select'],
  // §8 envelope and HTTP level
  ['error.sessionExpired', 'Session expired, please login again'],
  ['error.accessDenied', 'Access denied'],
  ['error.requestFailed', 'Request failed'],
  ['error.network', 'Network connection error, please check your network settings'],
  ['error.notFound', 'Requested resource not found'],
  ['error.server', 'Server error'],
  ['error.timeout', 'Request timeout or no server response'],
  // §8 other messages
  ['error.paymentFailed', 'Payment failed'],
  ['error.uploadFailed', 'Upload failed'],
  ['error.submissionFailed', 'Submission Failed'],
  ['error.notEligible', 'Sorry, you are currently unable to apply for loanproducts, please check if you are eligible'],
  ['error.requirementsNotMet', 'Does not meet requirements'],
  ['error.noProducts', 'Sorry, there are no products available to borrow'],
];

describe('English texts are the spec texts', () => {
  it.each(SPEC_TEXTS)('%s = %j', (key, text) => {
    expect(translate('en', key)).toBe(text);
  });
});
