import { ADMIN_PATHS, ERRORS, type CollectionCase, type CollectionCaseDetail, type CollectionContact, type CollectionPromise, type ContactRefusal } from '@sen/contract';
import { addDays, vietnamDate, vietnamInstant } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/database.ts';
import type { DevSmsProvider } from '../src/providers/sms/dev-sms-provider.ts';
import { createBorrower, openLoan, type TestBorrower } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Collections (issue 23 item 1; decisions 098, 099): overdue loans become cases in their
 * days-past-due bucket (tested at every edge), assigned by the rule or by hand, closed when
 * repaid; the contact governor refuses each rule with its reason on the collector's path (the
 * endpoint) and on the automatic one (the dunning job); promises to pay are kept by a payment and
 * broken the day after their date on the moved clock.
 */

let t: TestApp;
let sms: DevSmsProvider;
let collector: OperatorSession;
let admin: OperatorSession;
let viewer: OperatorSession;

const today = () => vietnamDate(t.clock.now());

/** Moves the test clock forward to `time` (Vietnam) of `date`; the operators sign in again (their sessions idled). */
async function moveTo(date: string, time: string) {
  const target = vietnamInstant(date, time).getTime();
  const now = t.clock.now().getTime();
  if (target < now) throw new Error(`the clock only moves forward (${date} ${time})`);
  t.clock.advance(target - now);
  if (target - now > 60_000) await signIn();
}

async function signIn() {
  collector = await t.operatorSession('collector');
  admin = await t.operatorSession('admin');
  viewer = await t.operatorSession('viewer');
}

interface Overdue {
  borrower: TestBorrower;
  orderId: number;
  caseId: number;
}

/** A borrower with a loan whose only instalment is `dpd` days past due today, and its case (the job run). */
async function overdueLoan(dpd: number, principal = 2_000_000n): Promise<Overdue> {
  const borrower = await createBorrower(t, 50_000_000n);
  const probe = await openLoan(t, borrower, { startDate: addDays(today(), -(90 + dpd)), principal, planNums: 1 });
  const [row] = await executeRows<{ dpd: number }>(t.database.db, sql`select (${today()}::date - min(due_date))::int as dpd from loan_instalments where order_id = ${probe.order.id}`);
  expect(row!.dpd, 'the demo product runs 90 days in one instalment').toBe(dpd);
  await t.services.collections.run();
  return { borrower, orderId: probe.order.id, caseId: await caseOf(probe.order.id) };
}

async function caseOf(orderId: number): Promise<number> {
  const [row] = await executeRows<{ id: number }>(t.database.db, sql`select id from collection_cases where order_id = ${orderId} order by id desc limit 1`);
  return row!.id;
}

const detail = async (caseId: number) => (await admin.browser.get<CollectionCaseDetail>(ADMIN_PATHS.collectionCase, { caseId })).envelope.data;

async function contact(session: OperatorSession, body: Record<string, unknown>) {
  return session.browser.post<{ contact: CollectionContact; refusal: ContactRefusal | null }>(ADMIN_PATHS.collectionContact, body);
}

/** Money for the order now; `paidAt`: the time the bank says it was paid, when it reaches us later. */
async function repay(borrower: TestBorrower, orderId: number, amount: bigint, paidAt = t.clock.now()) {
  const at = t.clock.now();
  await t.database.uow.transaction(() =>
    t.services.collection.apply({ source: `test:${orderId}:${at.getTime()}`, reference: `test-${orderId}-${at.getTime()}`, userId: borrower.userId, amount, receivedAt: paidAt, orderIds: [orderId] }),
  );
}

async function dunningRule(dayPastDue: number, template: string) {
  await t.database.db.execute(sql`insert into collection_dunning_rules (day_past_due, template) values (${dayPastDue}, ${template})`);
}

/** The contacts the dunning job recorded on a case (no operator). */
async function automatic(caseId: number) {
  return executeRows<{ status: string; refused_rule: string | null; channel: string; content: string }>(
    t.database.db,
    sql`select status, refused_rule, channel, content from collection_contacts where case_id = ${caseId} and operator_id is null order by id`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  sms = t.sms;
  await moveTo(addDays(vietnamDate(t.clock.now()), 1), '10:00');
  // Test templates: one with a link (approved by mistake: the governor still refuses it), one not approved.
  await t.database.db.execute(sql`insert into collection_templates (code, channel, body, approved) values
    ('test_link', 'sms', 'Thanh toan khoan vay {orderNo} tai https://sen.vn/pay', true),
    ('test_short_link', 'sms', 'Thanh toan {amount} tai bit.ly/sen-pay', true),
    ('test_unapproved', 'sms', 'Khoan vay {orderNo} qua han', false)`);
});
afterAll(async () => t?.close());

describe('cases', () => {
  it('puts each overdue loan in its bucket at the edges: 10/11, 30/31, 90/91, 180/181 days past due; a loan not yet due has no case', async () => {
    const expected: Array<[number, string]> = [
      [1, '1-10'],
      [10, '1-10'],
      [11, '11-30'],
      [30, '11-30'],
      [31, '31-90'],
      [90, '31-90'],
      [91, '91-180'],
      [180, '91-180'],
      [181, '180+'],
    ];
    const cases: Array<[number, string, number]> = [];
    for (const [dpd, bucket] of expected) cases.push([dpd, bucket, (await overdueLoan(dpd)).caseId]);
    const list = await viewer.browser.get<{ items: CollectionCase[]; buckets: Array<{ code: string; open: number }> }>(ADMIN_PATHS.collectionCases, {});
    expect(list.statusCode, list.body).toBe(200);
    for (const [dpd, bucket, caseId] of cases) {
      const item = list.envelope.data.items.find((candidate) => candidate.id === caseId);
      expect([dpd, item?.bucket, item?.daysPastDue, item?.status]).toEqual([dpd, bucket, dpd, 'open']);
    }
    expect(list.envelope.data.buckets.map((bucket) => bucket.code)).toEqual(['1-10', '11-30', '31-90', '91-180', '180+']);
    // Due today (0 days past due): no case.
    const borrower = await createBorrower(t, 50_000_000n);
    const due = await openLoan(t, borrower, { startDate: addDays(today(), -90), principal: 1_000_000n, planNums: 1 });
    await t.services.collections.run();
    expect(await executeRows(t.database.db, sql`select id from collection_cases where order_id = ${due.order.id}`)).toEqual([]);
    // A day later the same loan is 1 day past due and the 10-day case moves to 11-30.
    await moveTo(addDays(today(), 1), '10:00');
    await t.services.collections.run();
    const moved = await viewer.browser.get<{ items: CollectionCase[] }>(ADMIN_PATHS.collectionCases, { bucket: '11-30' });
    expect(moved.envelope.data.items.find((item) => item.id === cases[1]![2])).toMatchObject({ daysPastDue: 11, bucket: '11-30' });
    await t.services.collections.run();
    expect((await executeRows<{ bucket: string }>(t.database.db, sql`select bucket from collection_cases where order_id = ${due.order.id}`))[0]?.bucket).toBe('1-10');
  });

  it('assigns the unassigned by the rule (fewest open cases in the bucket first), and by hand only by an admin to a collector', async () => {
    const fresh = [await overdueLoan(45), await overdueLoan(46), await overdueLoan(47), await overdueLoan(48)];
    const rows = await executeRows<{ id: number; assignee_id: number | null; assigned_by: string | null }>(
      t.database.db,
      sql`select id, assignee_id, assigned_by from collection_cases where id in ${sql`(${sql.join(fresh.map((item) => sql`${item.caseId}`), sql`, `)})`}`,
    );
    expect(rows.every((row) => row.assignee_id !== null && row.assigned_by === 'rule')).toBe(true);
    const load = await executeRows<{ open: number }>(
      t.database.db,
      sql`select count(c.id)::int as open from operators op left join collection_cases c on c.assignee_id = op.id and c.status = 'open' and c.bucket = '31-90'
           where op.role = 'collector' and op.status = 'active' group by op.id`,
    );
    const counts = load.map((row) => row.open);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);

    const caseId = fresh[0]!.caseId;
    const byHand = await admin.browser.post<{ case: CollectionCase }>(ADMIN_PATHS.collectionAssign, { caseId, operatorId: collector.operator.id });
    expect(byHand.envelope.data.case).toMatchObject({ assignee: { id: collector.operator.id }, assignedBy: 'hand' });
    const toViewer = await admin.browser.post(ADMIN_PATHS.collectionAssign, { caseId, operatorId: viewer.operator.id });
    expect([toViewer.statusCode, toViewer.envelope.code]).toEqual([400, ERRORS.COLLECTION_ASSIGNEE_INVALID.code]);
    const byCollector = await collector.browser.post(ADMIN_PATHS.collectionAssign, { caseId, operatorId: collector.operator.id });
    expect(byCollector.statusCode).toBe(403);
    const mine = await collector.browser.get<{ items: CollectionCase[] }>(ADMIN_PATHS.collectionCases, { assignee: 'me' });
    expect(mine.envelope.data.items.map((item) => item.id)).toContain(caseId);
  });

  it('closes the case when the loan is repaid in full (the settlement event), with its promise kept', async () => {
    const { borrower, orderId, caseId } = await overdueLoan(12);
    await collector.browser.post(ADMIN_PATHS.collectionPromise, { caseId, amount: 1_000_000, promisedDate: addDays(today(), 3) });
    await repay(borrower, orderId, 10_000_000n);
    const page = await detail(caseId);
    expect(page.case).toMatchObject({ status: 'closed', closeReason: 'repaid' });
    expect(page.promises[0]).toMatchObject({ status: 'kept' });
    expect(page.nextAction.kind).toBe('closed');
    const refused = await contact(collector, { caseId, channel: 'call', target: 'borrower', outcome: 'answered' });
    expect([refused.statusCode, refused.envelope.code]).toEqual([409, ERRORS.COLLECTION_CASE_CLOSED.code]);
  });
});

describe('a written-off loan\'s case', () => {
  it('refuses a contact, a note and a promise saying the loan was written off (not "no longer past due"), in en, vn and zh; even before its case closes', async () => {
    const { caseId, orderId } = await overdueLoan(25);
    // The event that closes the case is not delivered yet: the loan's state is enough.
    await t.database.db.execute(sql`update loan_orders set state = 'written_off', written_off_on = ${today()}::date where id = ${orderId}`);
    const english = 'This case is closed: the loan was written off. Money that still comes is recovery; the borrower is not contacted as a collection case';
    const call = await contact(collector, { caseId, channel: 'call', target: 'borrower', outcome: 'answered' });
    expect([call.statusCode, call.envelope.code, call.envelope.message]).toEqual([409, ERRORS.COLLECTION_CASE_CLOSED.code, english]);
    const note = await contact(collector, { caseId, channel: 'note', note: 'Borrower called back' });
    expect(note.envelope.message).toBe(english);
    const promised = await collector.browser.post(ADMIN_PATHS.collectionPromise, { caseId, amount: 100_000, promisedDate: today() });
    expect([promised.statusCode, promised.envelope.message]).toEqual([409, english]);
    // Closed as written off by the job: the same answer, in each language.
    await t.services.collections.run();
    expect((await detail(caseId)).case).toMatchObject({ status: 'closed', closeReason: 'written_off' });
    const inLang = async (lang: string) => (await collector.browser.call('POST', ADMIN_PATHS.collectionContact, { caseId, channel: 'call', target: 'borrower', outcome: 'answered' }, { headers: { lang } })).envelope;
    expect(await inLang('en_US')).toMatchObject({ code: ERRORS.COLLECTION_CASE_CLOSED.code, message: english });
    expect((await inLang('vi_VN')).message).toBe('Hồ sơ đã đóng: khoản vay đã được ghi nhận là nợ xấu (xóa sổ). Tiền trả sau đó được ghi là khoản thu hồi; không liên hệ người vay theo hồ sơ này nữa');
    expect((await inLang('zh_CN')).message).toBe('案件已关闭：该借款已核销。此后收到的款项计为追回款；不再作为催收案件联系借款人');
    expect(await executeRows(t.database.db, sql`select id from collection_contacts where case_id = ${caseId}`)).toEqual([]);
  });
});

describe('the contact governor: a collector', () => {
  it('makes 5 contacts a day across channels; the 6th is refused (daily_limit), recorded, and counts nothing', async () => {
    const { caseId } = await overdueLoan(20);
    const made = [
      await contact(collector, { caseId, channel: 'call', target: 'borrower', outcome: 'no_answer' }),
      await contact(collector, { caseId, channel: 'sms', target: 'borrower', template: 'overdue_notice' }),
      await contact(collector, { caseId, channel: 'message', template: 'overdue_message' }),
      await contact(collector, { caseId, channel: 'call', target: 'borrower', outcome: 'busy' }),
      // A note is not a contact: it does not count.
      await contact(collector, { caseId, channel: 'note', note: 'Borrower asked to be called after lunch' }),
      await contact(collector, { caseId, channel: 'call', target: 'borrower', outcome: 'answered' }),
    ];
    expect(made.map((response) => [response.statusCode, response.envelope.data.refusal])).toEqual(made.map(() => [200, null]));
    const sixth = await contact(collector, { caseId, channel: 'call', target: 'borrower', outcome: 'answered' });
    expect(sixth.envelope.data.refusal).toEqual({ rule: 'daily_limit', message: expect.stringContaining('5 times today') });
    expect(sixth.envelope.data.contact).toMatchObject({ status: 'refused', refusedRule: 'daily_limit', channel: 'call' });
    const page = await detail(caseId);
    expect(page.contactsToday).toBe(5);
    expect(page.contacts.filter((item) => item.status === 'refused')).toHaveLength(1);
    expect(page.nextAction.kind).toBe('daily_limit_reached');
    // The SMS went to the borrower's phone, with the brand, the order and no diacritics.
    const sent = page.contacts.find((item) => item.channel === 'sms')!;
    expect(sent.content).toMatch(new RegExp(`^Sen: Khoan vay ${page.case.orderNo} da qua han 20 ngay`));
    // The next Vietnam day starts a new count.
    await moveTo(addDays(today(), 1), '08:00');
    expect((await contact(collector, { caseId, channel: 'call', target: 'borrower', outcome: 'answered' })).envelope.data.refusal).toBeNull();
  });

  it('contacts only from 07:00 until 21:00 Vietnam time: 20:59 and 07:00 allowed, 21:00 and 06:59 refused (outside_hours)', async () => {
    const { caseId } = await overdueLoan(21);
    const call = () => contact(collector, { caseId, channel: 'call', target: 'borrower', outcome: 'no_answer' });
    await moveTo(today(), '20:59');
    expect((await call()).envelope.data.refusal).toBeNull();
    await moveTo(today(), '21:00');
    const late = await call();
    expect(late.envelope.data.refusal).toEqual({ rule: 'outside_hours', message: 'Refused: contacts are allowed only from 07:00 to 21:00 Vietnam time (now 21:00)' });
    await moveTo(addDays(today(), 1), '06:59');
    const early = await collector.browser.post<{ refusal: ContactRefusal }>(ADMIN_PATHS.collectionContact, { caseId, channel: 'sms', target: 'borrower', template: 'overdue_notice' }, {});
    expect(early.envelope.data.refusal?.rule).toBe('outside_hours');
    // In Vietnamese too.
    const vietnamese = await collector.browser.call<{ refusal: ContactRefusal }>('POST', ADMIN_PATHS.collectionContact, { caseId, channel: 'call', target: 'borrower', outcome: 'busy' }, { headers: { lang: 'vi_VN' } });
    expect(vietnamese.envelope.data.refusal).toEqual({ rule: 'outside_hours', message: 'Bị từ chối: chỉ được liên hệ từ 07:00 đến 21:00 giờ Việt Nam (bây giờ là 06:59)' });
    expect(sms.messages().some((message) => message.text.includes('da qua han 21 ngay') || message.text.includes('da qua han 22 ngay'))).toBe(false);
    await moveTo(today(), '07:00');
    expect((await call()).envelope.data.refusal).toBeNull();
  });

  it("never contacts an emergency contact or another third party about the debt (not_borrower), by key or by the number", async () => {
    const { caseId, borrower } = await overdueLoan(22);
    await moveTo(today(), '10:00');
    const byKey = await contact(collector, { caseId, channel: 'call', target: 'emergency:1', outcome: 'answered' });
    expect(byKey.envelope.data.refusal).toEqual({ rule: 'not_borrower', message: expect.stringContaining('never an emergency contact') });
    expect(byKey.envelope.data.contact).toMatchObject({ targetKind: 'other', targetMasked: '098****001' });
    const byNumber = await contact(collector, { caseId, channel: 'sms', target: '0905000002', template: 'overdue_notice' });
    expect(byNumber.envelope.data.refusal?.rule).toBe('not_borrower');
    expect(sms.messages('0905000002')).toEqual([]);
    // The borrower's own number, typed in the international form, is the borrower.
    const own = await contact(collector, { caseId, channel: 'call', target: `+84${borrower.phone.slice(1)}`, outcome: 'answered' });
    expect(own.envelope.data.refusal).toBeNull();
    expect(own.envelope.data.contact.targetKind).toBe('borrower');
  });

  it('refuses an SMS with a link (sms_link) and a template not on the approved list (template_not_approved); nothing is sent', async () => {
    const { caseId, borrower } = await overdueLoan(23);
    const before = sms.messages(borrower.phone).length;
    const link = await contact(collector, { caseId, channel: 'sms', target: 'borrower', template: 'test_link' });
    expect(link.envelope.data.refusal).toEqual({ rule: 'sms_link', message: 'Refused: an SMS about a debt may not contain a link or web address' });
    const shortLink = await contact(collector, { caseId, channel: 'sms', target: 'borrower', template: 'test_short_link' });
    expect(shortLink.envelope.data.refusal?.rule).toBe('sms_link');
    const unapproved = await contact(collector, { caseId, channel: 'sms', target: 'borrower', template: 'test_unapproved' });
    expect(unapproved.envelope.data.refusal).toEqual({ rule: 'template_not_approved', message: 'Refused: template "test_unapproved" is not on the approved list' });
    const unknown = await contact(collector, { caseId, channel: 'message', template: 'threaten_family' });
    expect(unknown.envelope.data.refusal?.rule).toBe('template_not_approved');
    // An SMS template is not an in-app message template.
    const wrongChannel = await contact(collector, { caseId, channel: 'message', template: 'overdue_notice' });
    expect(wrongChannel.envelope.data.refusal?.rule).toBe('template_not_approved');
    expect(sms.messages(borrower.phone).length).toBe(before);
    const page = await detail(caseId);
    expect(page.contacts.map((item) => item.refusedRule)).toEqual(['template_not_approved', 'template_not_approved', 'template_not_approved', 'sms_link', 'sms_link']);
    expect(page.contactsToday).toBe(0);
  });

  it('answers bad input with a localised validation message, never 5xx', async () => {
    const { caseId } = await overdueLoan(24);
    const noOutcome = await contact(collector, { caseId, channel: 'call', target: 'borrower' });
    expect([noOutcome.statusCode, noOutcome.envelope.message]).toEqual([400, 'Choose the outcome of the call']);
    const badTarget = await contact(collector, { caseId, channel: 'call', target: 'neighbour', outcome: 'answered' });
    expect([badTarget.statusCode, badTarget.envelope.message]).toEqual([400, 'Choose whom to contact: the borrower, an emergency contact or a 10-digit phone number']);
    const noCase = await contact(collector, { caseId: 999_999, channel: 'note', note: 'x' });
    expect([noCase.statusCode, noCase.envelope.code]).toEqual([404, ERRORS.COLLECTION_CASE_NOT_FOUND.code]);
  });
});

describe('the contact governor: the dunning job', () => {
  it('sends the dunning step of the day once, through the governor; refuses 06:59 and 21:00 (outside_hours), recorded once per run day', async () => {
    await moveTo(addDays(today(), 1), '06:59');
    await dunningRule(61, 'overdue_notice');
    const early = await overdueLoan(61);
    await t.services.collections.run();
    expect(await automatic(early.caseId)).toEqual([{ status: 'refused', refused_rule: 'outside_hours', channel: 'sms', content: '' }]);
    await moveTo(today(), '07:00');
    await t.services.collections.run();
    await t.services.collections.run();
    const sent = await automatic(early.caseId);
    expect(sent.map((row) => row.status)).toEqual(['refused', 'sent']);
    expect(sms.messages(early.borrower.phone).filter((message) => message.text.includes('qua han 61 ngay'))).toHaveLength(1);

    await moveTo(today(), '21:00');
    await dunningRule(62, 'overdue_reminder');
    const late = await overdueLoan(62);
    await t.services.collections.run();
    expect(await automatic(late.caseId)).toEqual([{ status: 'refused', refused_rule: 'outside_hours', channel: 'sms', content: '' }]);
    expect(sms.messages(late.borrower.phone).filter((message) => message.text.includes('qua han'))).toEqual([]);
  });

  it('refuses the 6th contact of the day (daily_limit), an SMS with a link (sms_link), an unapproved template, and a third party', async () => {
    await moveTo(addDays(today(), 1), '09:00');
    // Five calls today already: the job's SMS would be the 6th.
    await dunningRule(63, 'overdue_notice');
    const busy = await overdueLoan(63);
    // The job ran inside overdueLoan: the step was sent (1), four calls make five.
    for (let index = 0; index < 4; index += 1) await contact(collector, { caseId: busy.caseId, channel: 'call', target: 'borrower', outcome: 'no_answer' });
    await dunningRule(63, 'overdue_reminder');
    await t.services.collections.run();
    expect((await automatic(busy.caseId)).map((row) => [row.status, row.refused_rule])).toEqual([
      ['sent', null],
      ['refused', 'daily_limit'],
    ]);

    await dunningRule(64, 'test_link');
    const link = await overdueLoan(64);
    expect((await automatic(link.caseId)).map((row) => row.refused_rule)).toEqual(['sms_link']);
    await dunningRule(65, 'test_unapproved');
    const unapproved = await overdueLoan(65);
    expect((await automatic(unapproved.caseId)).map((row) => row.refused_rule)).toEqual(['template_not_approved']);
    // Run again: each refusal is recorded once for the day.
    await t.services.collections.run();
    expect((await automatic(link.caseId)).length + (await automatic(unapproved.caseId)).length).toBe(2);

    // The job's entry point given a third party's number refuses it like a collector's.
    const third = await overdueLoan(66);
    const result = await t.services.collections.contact({ caseId: third.caseId, channel: 'sms', target: 'emergency:2', template: 'overdue_notice', operatorId: null, dunningKey: 'test:third' }, 'dunning');
    expect(result.refusal).toBe('not_borrower');
    expect(sms.messages('0905000002')).toEqual([]);
  });
});

describe('promises to pay', () => {
  it('are kept by a payment that reaches the amount, and broken the day after their date on the moved clock', async () => {
    await moveTo(addDays(today(), 1), '10:00');
    const kept = await overdueLoan(15, 3_000_000n);
    const promised = await collector.browser.post<{ promise: CollectionPromise }>(ADMIN_PATHS.collectionPromise, { caseId: kept.caseId, amount: 500_000, promisedDate: addDays(today(), 2) });
    expect(promised.envelope.data.promise).toMatchObject({ status: 'open', amount: 500_000, madeOn: today() });
    expect((await detail(kept.caseId)).nextAction).toMatchObject({ kind: 'await_promise', date: addDays(today(), 2) });
    await repay(kept.borrower, kept.orderId, 300_000n);
    await t.services.collections.run();
    expect((await detail(kept.caseId)).promises[0]).toMatchObject({ status: 'open', paid: 300_000 });
    await repay(kept.borrower, kept.orderId, 200_000n);
    await t.services.collections.run();
    expect((await detail(kept.caseId)).promises[0]).toMatchObject({ status: 'kept', paid: 500_000 });

    const broken = await overdueLoan(16, 3_000_000n);
    await collector.browser.post(ADMIN_PATHS.collectionPromise, { caseId: broken.caseId, amount: 800_000, promisedDate: today() });
    await repay(broken.borrower, broken.orderId, 100_000n);
    await moveTo(today(), '23:59');
    await t.services.collections.run();
    expect((await detail(broken.caseId)).promises[0]).toMatchObject({ status: 'open' });
    await moveTo(addDays(today(), 1), '00:00');
    await t.services.collections.run();
    const page = await detail(broken.caseId);
    expect(page.promises[0]).toMatchObject({ status: 'broken', paid: 100_000 });
    expect(page.nextAction).toMatchObject({ kind: 'follow_up_broken_promise' });
    const list = await admin.browser.get<{ items: CollectionCase[] }>(ADMIN_PATHS.collectionCases, { promise: 'broken' });
    expect(list.envelope.data.items.map((item) => item.id)).toContain(broken.caseId);

    // The rest was paid on the promised day, and reaches us now (the next morning's statement):
    // the promise was kept after all.
    const promisedDay = addDays(today(), -1);
    await repay(broken.borrower, broken.orderId, 700_000n, new Date(`${promisedDay}T15:00:00+07:00`));
    await t.services.collections.run();
    const judgedAgain = await detail(broken.caseId);
    expect(judgedAgain.promises[0]).toMatchObject({ status: 'kept', paid: 800_000 });
    expect(judgedAgain.nextAction.kind).not.toBe('follow_up_broken_promise');
    // Money paid after the date does not keep it.
    const late = await overdueLoan(18, 3_000_000n);
    await collector.browser.post(ADMIN_PATHS.collectionPromise, { caseId: late.caseId, amount: 500_000, promisedDate: today() });
    await moveTo(addDays(today(), 1), '09:00');
    await t.services.collections.run();
    await repay(late.borrower, late.orderId, 500_000n);
    await t.services.collections.run();
    expect((await detail(late.caseId)).promises[0]).toMatchObject({ status: 'broken', paid: 0 });
  });

  it('one open promise per case (decision 126): a second is refused with the open one\'s date in en, vn and zh; a double submit makes one; once decided, a new one is taken', async () => {
    const { caseId } = await overdueLoan(19, 3_000_000n);
    const by = addDays(today(), 3);
    const first = await collector.browser.post<{ promise: CollectionPromise }>(ADMIN_PATHS.collectionPromise, { caseId, amount: 500_000, promisedDate: by });
    expect(first.statusCode, first.body).toBe(200);
    const second = await collector.browser.post(ADMIN_PATHS.collectionPromise, { caseId, amount: 700_000, promisedDate: addDays(today(), 5) });
    expect([second.statusCode, second.envelope.code, second.envelope.message]).toEqual([
      409,
      ERRORS.COLLECTION_PROMISE_OPEN.code,
      `This case already has an open promise to pay, by ${by}. It stands until the payments keep it or the date passes; record a new promise after that`,
    ]);
    const again = (lang: string) => collector.browser.call('POST', ADMIN_PATHS.collectionPromise, { caseId, amount: 500_000, promisedDate: by }, { headers: { lang } });
    expect((await again('vi_VN')).envelope.message).toBe(`Hồ sơ đang có một hẹn trả nợ chưa kết thúc, hạn ${by}. Hẹn này giữ nguyên cho đến khi khoản thanh toán đáp ứng hoặc quá hạn; hãy ghi hẹn mới sau đó`);
    expect((await again('zh_CN')).envelope.message).toBe(`该案件已有一项未结的还款承诺，期限为${by}。在还款兑现或期限过去之前该承诺保持有效；之后再记录新的承诺`);
    const page = await detail(caseId);
    expect(page.promises.map((promise) => [promise.status, promise.amount, promise.promisedDate])).toEqual([['open', 500_000, by]]);

    // Two submits at once (a double click, two collectors): the case's row lock makes one promise, the other is refused.
    const twice = await overdueLoan(27, 3_000_000n);
    const body = { caseId: twice.caseId, amount: 400_000, promisedDate: addDays(today(), 2) };
    const both = await Promise.all([collector.browser.post(ADMIN_PATHS.collectionPromise, body), admin.browser.post(ADMIN_PATHS.collectionPromise, body)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await detail(twice.caseId)).promises).toHaveLength(1);

    // Broken the day after its date (decided by the new promise itself, before the job runs): the case takes a new promise.
    await moveTo(addDays(body.promisedDate, 1), '09:00');
    const renewed = await collector.browser.post<{ promise: CollectionPromise }>(ADMIN_PATHS.collectionPromise, { ...body, promisedDate: addDays(today(), 2) });
    expect([renewed.statusCode, renewed.envelope.data.promise?.status]).toEqual([200, 'open']);
    expect((await detail(twice.caseId)).promises.map((promise) => promise.status)).toEqual(['open', 'broken']);
  });

  it('refuse a date in the past or more than 30 days ahead, and an amount of 0', async () => {
    const { caseId } = await overdueLoan(17);
    const past = await collector.browser.post(ADMIN_PATHS.collectionPromise, { caseId, amount: 100_000, promisedDate: addDays(today(), -1) });
    expect([past.statusCode, past.envelope.code]).toEqual([400, ERRORS.COLLECTION_PROMISE_DATE.code]);
    const far = await collector.browser.post(ADMIN_PATHS.collectionPromise, { caseId, amount: 100_000, promisedDate: addDays(today(), 31) });
    expect(far.envelope.code).toBe(ERRORS.COLLECTION_PROMISE_DATE.code);
    const zero = await collector.browser.post(ADMIN_PATHS.collectionPromise, { caseId, amount: 0, promisedDate: today() });
    expect([zero.statusCode, zero.envelope.message]).toEqual([400, 'Enter an amount from 1 to 10,000,000,000 VND']);
    const viewerTry = await viewer.browser.post(ADMIN_PATHS.collectionPromise, { caseId, amount: 100_000, promisedDate: today() });
    expect(viewerTry.statusCode).toBeGreaterThanOrEqual(401);
  });
});
