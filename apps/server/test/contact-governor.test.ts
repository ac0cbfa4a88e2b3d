import { addDays, vietnamDate, vietnamInstant } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/database.ts';
import { LoanReminders } from '../src/jobs/loan-reminders.ts';
import { createBorrower, openLoan, type TestBorrower } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * One contact governor for every contact (issue 23; decision 108), on PGlite and PostgreSQL: the
 * repayment reminders pass the same admission as the collectors and the dunning job — refused
 * outside 07:00–21:00 whatever their own hours, counted with the collection contacts towards the 5
 * a day (both ways), never a reminder SMS and a dunning SMS about one loan on one day (the dunning
 * step wins) — and a written-off loan's case closes (written_off), so dunning sends it nothing.
 */

let t: TestApp;
let collector: OperatorSession;

const today = () => vietnamDate(t.clock.now());

/** Moves the test clock forward to `time` (Vietnam) of `date`. */
async function moveTo(date: string, time: string) {
  const target = vietnamInstant(date, time).getTime();
  const now = t.clock.now().getTime();
  if (target < now) throw new Error(`the clock only moves forward (${date} ${time})`);
  t.clock.advance(target - now);
  if (target - now > 60_000) collector = await t.operatorSession('collector');
}

/** A borrower whose only instalment (the demo product: 90 days, one instalment) is `dpd` days past due today (0: due today). */
async function loanDaysPastDue(dpd: number): Promise<{ borrower: TestBorrower; orderId: number; orderNo: string }> {
  const borrower = await createBorrower(t, 50_000_000n);
  const loan = await openLoan(t, borrower, { startDate: addDays(today(), -(90 + dpd)), principal: 2_000_000n, planNums: 1 });
  const [row] = await executeRows<{ dpd: number }>(t.database.db, sql`select (${today()}::date - min(due_date))::int as dpd from loan_instalments where order_id = ${loan.order.id}`);
  expect(row!.dpd).toBe(dpd);
  return { borrower, orderId: loan.order.id, orderNo: loan.order.orderNo };
}

async function caseOf(orderId: number): Promise<{ id: number; status: string; close_reason: string | null }> {
  const [row] = await executeRows<{ id: number; status: string; close_reason: string | null }>(
    t.database.db,
    sql`select id, status, close_reason from collection_cases where order_id = ${orderId} order by id desc limit 1`,
  );
  return row!;
}

const call = (caseId: number) => t.services.collections.contact({ caseId, channel: 'call', target: 'borrower', outcome: 'no_answer', operatorId: collector.operator.id });

const remindersOf = (orderId: number) =>
  executeRows<{ kind: string; channels: string; refused_rule: string | null }>(t.database.db, sql`select kind, channels, refused_rule from loan_reminders where order_id = ${orderId} order by id`);

/** The texts sent to the borrower today about loans (their sign-in code was texted too). */
const smsTo = (borrower: TestBorrower) => t.sms.messages(borrower.phone).filter((message) => message.text.startsWith('Sen: ') && !message.text.includes('ma xac thuc'));

/** The reminders job with its own hours wide open (0-24): only the governor keeps it within 07:00–21:00. */
const wideOpenReminders = () =>
  new LoanReminders({
    uow: t.database.uow,
    governor: t.services.contactGovernor,
    messages: t.services.messages,
    sms: t.sms,
    clock: t.clock.now,
    log: t.app.log,
    policy: { daysBefore: [3, 1], maxPerDay: 5, fromHour: 0, untilHour: 24, brand: 'Sen' },
  });

beforeAll(async () => {
  t = await createTestApp();
  await moveTo(addDays(today(), 1), '06:00');
});
afterAll(async () => t?.close());

describe('repayment reminders through the contact governor', () => {
  it('refuses a reminder outside 07:00–21:00 even when the reminders’ own hours allow it: deferred, nothing recorded or sent; 07:00 sends it', async () => {
    const reminders = wideOpenReminders();
    const early = await loanDaysPastDue(0);
    await moveTo(today(), '06:59');
    expect(await reminders.run()).toMatchObject({ reminded: 0, deferred: 1, sms: 0 });
    expect(await remindersOf(early.orderId)).toEqual([]);
    expect(smsTo(early.borrower)).toEqual([]);
    await moveTo(today(), '07:00');
    expect(await reminders.run()).toMatchObject({ reminded: 1, sms: 1 });
    expect(await remindersOf(early.orderId)).toEqual([{ kind: 'due_today', channels: 'message,sms', refused_rule: null }]);

    await moveTo(today(), '21:00');
    const late = await loanDaysPastDue(0);
    expect(await reminders.run()).toMatchObject({ reminded: 0, deferred: 1 });
    expect(await remindersOf(late.orderId)).toEqual([]);
    expect(smsTo(late.borrower)).toEqual([]);
  });

  it('counts a sent reminder towards the 5 contacts a day: a reminder and 4 calls, then the 5th call is refused (daily_limit)', async () => {
    await moveTo(addDays(today(), 1), '10:00');
    // Day 3 past due: an overdue reminder day, and no dunning step.
    const { borrower, orderId } = await loanDaysPastDue(3);
    await t.services.collections.run();
    const caseId = (await caseOf(orderId)).id;
    await t.services.reminders.run();
    expect(await remindersOf(orderId)).toEqual([{ kind: 'overdue', channels: 'message,sms', refused_rule: null }]);
    expect(smsTo(borrower)).toHaveLength(1);
    for (let index = 0; index < 4; index += 1) expect((await call(caseId)).refusal, `call ${index + 1}`).toBeNull();
    expect((await call(caseId)).refusal).toBe('daily_limit');
    expect((await t.services.collections.detail(caseId)).contactsToday).toBe(5);
  });

  it('refuses the reminder after 5 collection contacts (daily_limit): recorded with its rule, nothing sent, not counted', async () => {
    const { borrower, orderId } = await loanDaysPastDue(3);
    await t.services.collections.run();
    const caseId = (await caseOf(orderId)).id;
    for (let index = 0; index < 5; index += 1) expect((await call(caseId)).refusal).toBeNull();
    expect(await t.services.reminders.run()).toMatchObject({ refused: 1 });
    expect(await remindersOf(orderId)).toEqual([{ kind: 'overdue', channels: '', refused_rule: 'daily_limit' }]);
    expect(smsTo(borrower)).toEqual([]);
    expect((await t.services.collections.detail(caseId)).contactsToday).toBe(5);
    // Run again: the refusal stands for the day, recorded once.
    expect(await t.services.reminders.run()).toMatchObject({ refused: 0 });
    expect(await remindersOf(orderId)).toHaveLength(1);
  });
});

describe('never a reminder SMS and a dunning SMS about one loan on one day', () => {
  it('day 1 past due: the dunning step wins, whichever job runs first; the reminder is not sent', async () => {
    await moveTo(addDays(today(), 1), '09:00');
    // Reminders first (the runner's order), then collections.
    const first = await loanDaysPastDue(1);
    await t.services.reminders.run();
    await t.services.collections.run();
    // Collections first, then reminders.
    const second = await loanDaysPastDue(1);
    await t.services.collections.run();
    await t.services.reminders.run();
    for (const { borrower, orderId, orderNo } of [first, second]) {
      const texts = smsTo(borrower).map((message) => message.text);
      expect(texts, orderNo).toHaveLength(1);
      // The seeded day-1 dunning step (overdue_notice).
      expect(texts[0]).toMatch(new RegExp(`^Sen: Khoan vay ${orderNo} da qua han 1 ngay, so tien can thanh toan`));
      expect(await remindersOf(orderId)).toEqual([]);
    }
  });

  it('a dunning SMS step after the loan’s reminder SMS of the day is refused (loan_sms_today), recorded once; a collector may still text', async () => {
    await moveTo(addDays(today(), 1), '09:00');
    const { borrower, orderId } = await loanDaysPastDue(7);
    await t.services.collections.run();
    await t.services.reminders.run();
    expect(await remindersOf(orderId)).toEqual([{ kind: 'overdue', channels: 'message,sms', refused_rule: null }]);
    expect(smsTo(borrower)).toHaveLength(1);
    // A dunning step for day 7 added after the reminder went.
    await t.database.db.execute(sql`insert into collection_dunning_rules (day_past_due, template) values (7, 'overdue_reminder')`);
    try {
      expect(await t.services.collections.run()).toMatchObject({ dunned: 0, dunningRefused: 1 });
      await t.services.collections.run();
      const caseId = (await caseOf(orderId)).id;
      const automatic = await executeRows<{ status: string; refused_rule: string | null }>(
        t.database.db,
        sql`select status, refused_rule from collection_contacts where case_id = ${caseId} and dunning_key is not null`,
      );
      expect(automatic).toEqual([{ status: 'refused', refused_rule: 'loan_sms_today' }]);
      expect(smsTo(borrower)).toHaveLength(1);
      const byHand = await t.services.collections.contact({ caseId, channel: 'sms', target: 'borrower', template: 'overdue_notice', operatorId: collector.operator.id });
      expect(byHand.refusal).toBeNull();
      expect(smsTo(borrower)).toHaveLength(2);
    } finally {
      await t.database.db.execute(sql`delete from collection_dunning_rules where day_past_due = 7`);
    }
  });
});

describe('a written-off loan leaves collections', () => {
  it('write-off closes the open case (written_off) in the event after its transaction; the next dunning run sends nothing', async () => {
    await moveTo(addDays(today(), 1), '09:00');
    const { borrower, orderId } = await loanDaysPastDue(180);
    await t.services.collections.run();
    expect(await caseOf(orderId)).toMatchObject({ status: 'open', close_reason: null });
    await t.database.db.execute(sql`insert into collection_dunning_rules (day_past_due, template) values (181, 'overdue_notice')`);
    try {
      expect((await t.services.writeOffs.runDue()).writtenOff).toBeGreaterThanOrEqual(1);
      expect(await caseOf(orderId)).toMatchObject({ status: 'closed', close_reason: 'written_off' });
      const before = smsTo(borrower).length;
      await moveTo(addDays(today(), 1), '09:00');
      const run = await t.services.collections.run();
      expect(run).toMatchObject({ opened: 0 });
      expect(smsTo(borrower)).toHaveLength(before);
      expect(await executeRows(t.database.db, sql`select id from collection_cases where order_id = ${orderId} and status = 'open'`)).toEqual([]);
      // Nor does a reminder reach it.
      await t.services.reminders.run();
      expect(smsTo(borrower)).toHaveLength(before);
    } finally {
      await t.database.db.execute(sql`delete from collection_dunning_rules where day_past_due = 181`);
    }
  });

  it('a write-off whose event was not delivered: the job closes the case (written_off) before any dunning, and assigns it to nobody', async () => {
    await moveTo(addDays(today(), 1), '09:00');
    const { borrower, orderId } = await loanDaysPastDue(40);
    await t.services.collections.run();
    const caseId = (await caseOf(orderId)).id;
    await t.database.db.execute(sql`update collection_cases set assignee_id = null, assigned_by = null, assigned_at = null where id = ${caseId}`);
    await t.database.db.execute(sql`insert into collection_dunning_rules (day_past_due, template) values (40, 'overdue_reminder')`);
    // The event lost (a crash before delivery): the write-off commits, the handler never runs.
    const events = t.services.events;
    const record = events.record.bind(events);
    events.record = async (type, payload) => (type === 'loan.writtenOff' ? undefined : record(type, payload));
    try {
      await t.database.uow.transaction(() => t.services.writeOffs.writeOff(orderId, { kind: 'manual', proposalId: 0, proposedBy: 0, approvedBy: 0 }));
      expect(await caseOf(orderId)).toMatchObject({ status: 'open' });
      const before = smsTo(borrower).length;
      await t.services.collections.run();
      const closed = await executeRows<{ status: string; close_reason: string; assignee_id: number | null }>(
        t.database.db,
        sql`select status, close_reason, assignee_id from collection_cases where id = ${caseId}`,
      );
      expect(closed).toEqual([{ status: 'closed', close_reason: 'written_off', assignee_id: null }]);
      expect(smsTo(borrower)).toHaveLength(before);
      // The event, delivered late, changes nothing.
      await t.services.collections.onWrittenOff(orderId);
      expect(await caseOf(orderId)).toMatchObject({ status: 'closed', close_reason: 'written_off' });
    } finally {
      events.record = record;
      await t.database.db.execute(sql`delete from collection_dunning_rules where day_past_due = 40`);
    }
  });
});
