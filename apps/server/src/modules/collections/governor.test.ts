import { describe, expect, it } from 'vitest';
import { vietnamInstant } from '@sen/domain';
import { containsLink, judgeContact, type ContactFacts } from './governor.ts';

const base: ContactFacts = {
  channel: 'sms',
  targetPhone: '0912345678',
  borrowerPhone: '0912345678',
  template: 'overdue_notice',
  approvedTemplates: new Set(['overdue_notice']),
  text: 'Sen: Khoan vay SEN26112612345678 da qua han 3 ngay, so tien 1.250.000 VND.',
  at: vietnamInstant('2026-11-26', '10:00'),
  contactsToday: 0,
};

describe('the contact governor', () => {
  it('lets a lawful contact through', () => {
    expect(judgeContact(base)).toBeNull();
  });

  it('refuses a loan’s second automatic SMS of the day (loan_sms_today), after the hours and the daily limit', () => {
    expect(judgeContact({ ...base, loanSmsToday: true })).toBe('loan_sms_today');
    expect(judgeContact({ ...base, loanSmsToday: true, contactsToday: 4 })).toBe('loan_sms_today');
    expect(judgeContact({ ...base, loanSmsToday: true, contactsToday: 5 })).toBe('daily_limit');
    expect(judgeContact({ ...base, loanSmsToday: true, at: vietnamInstant('2026-11-26', '21:00') })).toBe('outside_hours');
    expect(judgeContact({ ...base, loanSmsToday: false, contactsToday: 5 })).toBe('daily_limit');
  });

  it.each([
    ['06:59', 'outside_hours'],
    ['07:00', null],
    ['20:59', null],
    ['21:00', 'outside_hours'],
    ['23:30', 'outside_hours'],
  ])('at %s Vietnam time: %s', (time, rule) => {
    expect(judgeContact({ ...base, at: vietnamInstant('2026-11-26', time) })).toBe(rule);
  });

  it('counts the day: the 5th contact is allowed, the 6th refused', () => {
    expect(judgeContact({ ...base, contactsToday: 4 })).toBeNull();
    expect(judgeContact({ ...base, contactsToday: 5 })).toBe('daily_limit');
  });

  it('refuses a third party first, whatever else is wrong', () => {
    expect(judgeContact({ ...base, targetPhone: '0987000001', contactsToday: 9, at: vietnamInstant('2026-11-26', '23:00') })).toBe('not_borrower');
  });

  it('refuses a template off the list (or of another channel) and needs none for a call', () => {
    expect(judgeContact({ ...base, template: 'harsh' })).toBe('template_not_approved');
    expect(judgeContact({ ...base, template: null })).toBe('template_not_approved');
    expect(judgeContact({ ...base, channel: 'call', template: null })).toBeNull();
  });

  it('finds links in an SMS and leaves amounts, dates and "v.v" alone', () => {
    for (const text of ['pay at https://sen.vn/p', 'http://x.y', 'vao www.sen-pay.com', 'bit.ly/abc', 'xem sen.vn', 'Sen.VN/pay', 'zalo://chat', 'tai example.com.', 'thanhtoan.online', 'vao 103.21.5.7/pay', 'http://10.0.0.1', '10.0.0.1:8080', 'sen。vn/pay', 'sen．vn', 'xem sen.xn--p1ai'])
      expect(containsLink(text), text).toBe(true);
    for (const text of ['so tien 1.250.000 VND', 'ngay 26.11.2026', 'Cam on quy khach. Vui long thanh toan', 'dien, nuoc v.v', 'Sen: ma 1234', 'tra 1.200.150.100/thang', 'gio 10:30 ngay 1.2.2026'])
      expect(containsLink(text), text).toBe(false);
    expect(judgeContact({ ...base, text: 'Sen: thanh toan tai sen.vn/pay' })).toBe('sms_link');
    // A call has no text to check.
    expect(judgeContact({ ...base, channel: 'call', template: null, text: 'https://x.vn' })).toBeNull();
  });
});
