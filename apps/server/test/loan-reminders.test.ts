import { API_PATHS } from '@sen/contract';
import { addVietnamDays, vietnamHour, vietnamMidnight } from '@sen/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanReminders, userMessages } from '../src/db/schema.ts';
import { isOverdueReminderDay } from '../src/jobs/loan-reminders.ts';
import { createBorrower, openLoan, type TestBorrower } from './helpers/loans.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Repayment reminders (jobs/loan-reminders.ts, decision 075) on PGlite and PostgreSQL: before the
 * due date, on it and when overdue, by message and SMS to the borrower only, within 07:00-21:00
 * Vietnam time, at most REMINDER_MAX_PER_DAY a day, once however often the job runs; and the
 * development clock that moves the loans' business time (decision 074).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ devClock: true });
});
afterAll(async () => t?.close());

/** Moves the test clock to `hour`:00 Vietnam time on `date`. */
function setVietnamTime(date: string, hour: number) {
  const target = vietnamMidnight(date).getTime() + hour * 3_600_000;
  t.clock.advance(target - t.clock.now().getTime());
}

const runReminders = async () => (await t.post<Record<string, number>>(API_PATHS.devRunLoanJobs, { payload: { only: 'reminders' } })).envelope.data;
const remindersOf = (b: TestBorrower) => t.database.db.select().from(loanReminders).where(eq(loanReminders.userId, b.userId));
/** The reminder texts sent to the borrower (their sign-in code was texted too). */
const smsTo = (b: TestBorrower) => (t.sms as unknown as { messages(phone: string): { text: string }[] }).messages(b.phone).filter((sms) => sms.text.startsWith('Sen: ') && !sms.text.includes('ma xac thuc'));
const messagesOf = (b: TestBorrower, template: string) =>
  t.database.db.select().from(userMessages).where(and(eq(userMessages.userId, b.userId), eq(userMessages.template, template)));

describe('repayment reminders (decision 075)', () => {
  it('names the overdue reminder days and the Vietnam hour', () => {
    expect([1, 2, 3, 4, 7, 8, 14, 21, 22].map(isOverdueReminderDay)).toEqual([true, false, true, false, true, false, true, true, false]);
    expect(vietnamHour(new Date('2026-11-24T00:30:00Z'))).toBe(7);
    expect(vietnamHour(new Date('2026-11-24T14:00:00Z'))).toBe(21);
  });

  it('reminds three days and one day before, on the due date and on overdue days, once each, by message and SMS', async () => {
    const b = await createBorrower(t);
    const loan = await openLoan(t, b, { principal: 3_000_000n, planNums: 3, startDate: '2027-01-01' });
    const due = loan.instalments[0]!.dueDate;
    const kinds: string[] = [];
    // Day 1 past due has the seeded dunning SMS step (overdue_notice): the dunning step wins, no reminder (decision 108).
    for (const [offset, kind] of [[-3, 'due_soon'], [-2, null], [-1, 'due_soon'], [0, 'due_today'], [1, null], [2, null], [3, 'overdue'], [7, 'overdue']] as const) {
      setVietnamTime(addVietnamDays(due, offset), 9);
      const first = await runReminders();
      const again = await runReminders();
      expect(again?.reminded, `repeat on day ${offset}`).toBe(0);
      expect(first?.reminded, `day ${offset}`).toBe(kind ? 1 : 0);
      if (kind) kinds.push(kind);
    }
    expect((await remindersOf(b)).map((row) => row.kind)).toEqual(kinds);
    expect(smsTo(b)).toHaveLength(kinds.length);
    expect(smsTo(b)[0]!.text).toMatch(/^Sen: /);
    // Unaccented, as every SMS of ours: 'Khoản vay … quá hạn' → 'Khoan vay … qua han'.
    expect(smsTo(b)[0]!.text).toContain('qua han');
    expect(await messagesOf(b, 'dueReminder')).toHaveLength(3);
    const overdue = await messagesOf(b, 'overdue');
    expect(overdue).toHaveLength(2);
    expect(overdue.map((message) => message.params.daysOverdue)).toEqual([3, 7]);
    expect(overdue.map((message) => message.content).join(' ')).toContain(loan.order.orderNo);
  });

  it('sends nothing outside 07:00-21:00 Vietnam time, and the same day later does', async () => {
    const b = await createBorrower(t);
    const loan = await openLoan(t, b, { principal: 2_000_000n, planNums: 1, startDate: '2027-03-01' });
    const due = loan.instalments[0]!.dueDate;
    for (const hour of [6, 21, 23]) {
      setVietnamTime(due, hour);
      expect(await runReminders()).toMatchObject({ reminded: 0, outsideHours: 1 });
    }
    expect(await remindersOf(b)).toHaveLength(0);
    setVietnamTime(due, 20);
    expect((await runReminders())?.reminded).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(b)).toHaveLength(1);
  });

  it('keeps to the daily cap across a borrower’s loans, most urgent first, and never texts anyone else', async () => {
    const b = await createBorrower(t);
    const first = await openLoan(t, b, { principal: 2_000_000n, planNums: 1, startDate: '2027-05-01' });
    await openLoan(t, b, { principal: 2_500_000n, planNums: 1, startDate: '2027-05-05' });
    // The first loan is 3 days overdue while the second falls due the day after: one reminder, the overdue one.
    setVietnamTime(addVietnamDays(first.instalments[0]!.dueDate, 3), 10);
    const result = await runReminders();
    expect(result?.reminded).toBe(1);
    const rows = await remindersOf(b);
    expect(rows.map((row) => [row.orderId, row.kind])).toEqual([[first.order.id, 'overdue']]);
    expect(smsTo(b)).toHaveLength(1);
    // The emergency contacts (0987000001, 0905000002) hear nothing.
    const sms = t.sms as unknown as { messages(phone?: string): { phone: string }[] };
    expect(sms.messages('0987000001')).toHaveLength(0);
    expect(sms.messages('0905000002')).toHaveLength(0);
  });

  it('does not remind a paid instalment or a closed account', async () => {
    const paid = await createBorrower(t);
    const loan = await openLoan(t, paid, { principal: 2_000_000n, planNums: 1, startDate: '2027-07-01' });
    await t.database.uow.transaction(async () => {
      const locked = (await t.services.loans.lockLoan(loan.order.id))!;
      const { applyRepayment } = await import('@sen/domain');
      const accrued = await t.services.loans.accrueAndPost(locked, '2027-07-10');
      await t.services.loans.saveLoan(locked, applyRepayment(accrued, 5_000_000n).state, t.clock.now());
    });
    const closed = await createBorrower(t);
    const other = await openLoan(t, closed, { principal: 2_000_000n, planNums: 1, startDate: '2027-07-01' });
    const closing = await t.post(API_PATHS.deleteUser, { token: closed.token, payload: { rid: closed.session.id, reason: 3 } });
    // Account closing is refused while a loan is open (a close guard) or allowed: either way no reminder reaches a closed account.
    setVietnamTime(other.instalments[0]!.dueDate, 10);
    await runReminders();
    expect(await remindersOf(paid)).toHaveLength(0);
    if (closing.envelope.code === 200) expect(await remindersOf(closed)).toHaveLength(0);
  });
});

describe('the development clock (decision 074)', () => {
  it('moves the loans’ business date by days and runs the loan jobs, without touching request time', async () => {
    t.clock.advance(-t.clock.now().getTime() + Date.now());
    const b = await createBorrower(t);
    const before = (await t.post<{ businessDate: string; offsetDays: number }>(API_PATHS.devClock, { payload: { reset: true } })).envelope.data;
    const loan = await openLoan(t, b, { productCode: 'sen-nhanh', principal: 2_000_000n, planNums: 1, startDate: before.businessDate });
    const moved = await t.post<{ businessDate: string; offsetDays: number }>(API_PATHS.devClock, { payload: { days: 40 } });
    expect(moved.statusCode).toBe(200);
    expect(moved.envelope.data).toMatchObject({ offsetDays: 40, businessDate: addVietnamDays(before.businessDate, 40) });
    // The jobs ran: the loan is accrued through the moved date and overdue.
    const after = (await t.services.loans.readLoan(loan.order.id))!;
    expect(after.order.accruedThrough).toBe(addVietnamDays(before.businessDate, 40));
    expect(after.state.instalments[0]!.charged.overdueFee).toBeGreaterThan(0n);
    // A signed call with a real-time timestamp still passes after the move.
    expect((await t.post(API_PATHS.homeIndex, { token: b.token })).envelope.code).toBe(200);
    await t.post(API_PATHS.devClock, { payload: { reset: true } });
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ config: (config) => ({ ...config, nodeEnv: 'production' }), devClock: true });
    try {
      const response = await production.app.inject({ method: 'POST', url: API_PATHS.devClock, payload: { days: 1 } });
      expect(response.statusCode).toBe(404);
      expect((await production.app.inject({ method: 'POST', url: API_PATHS.devRunLoanJobs, payload: {} })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
