import {
  ADMIN_PATHS,
  API_PATHS,
  ERRORS,
  type AdminDataRequest,
  type BreachView,
  type CommittedOrder,
  type DataRequestView,
  type HomeIndex,
  type MyDataRights,
  type OrderDetail,
  type RepayQuote,
} from '@sen/contract';
import { addVietnamDays, isVietnamWorkingDay, vietnamDate, vietnamInstant } from '@sen/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRequests, operatorAudit } from '../src/db/schema.ts';
import { createBorrower, demoProducts, openLoan, type TestBorrower } from './helpers/loans.ts';
import { postMultipart } from './helpers/multipart.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The borrower's data rights with deadlines (issue 25 item 9; decision 116): acknowledged at once
 * with a deadline of 2 Vietnam working days, due in 15 days, one extension of at most 15 days with
 * a reason, one open request per kind, completion and refusal by an operator with their audit
 * rows; a withdrawn lending consent refuses a new loan but not a repayment; the breach register's
 * 72-hour clock.
 */

const HOUR_MS = 3_600_000;
let t: TestApp;
let handler: OperatorSession;
let admin: OperatorSession;
let products: Awaited<ReturnType<typeof demoProducts>>;
/** The Friday the tests file on (its Monday and Tuesday are working days), 10:00 Vietnam time. */
let friday: string;

beforeAll(async () => {
  t = await createTestApp();
  // Move the clock to the next Friday whose Monday and Tuesday are working days, 10:00 in Vietnam.
  let day = addVietnamDays(vietnamDate(t.clock.now()), 1);
  while (!(new Date(`${day}T00:00:00Z`).getUTCDay() === 5 && isVietnamWorkingDay(addVietnamDays(day, 3)) && isVietnamWorkingDay(addVietnamDays(day, 4)))) day = addVietnamDays(day, 1);
  friday = day;
  t.clock.advance(vietnamInstant(friday, '10:00').getTime() - t.clock.now().getTime());
  // Stopped there: the times a request records are compared exactly.
  t.clock.freeze();
  products = await demoProducts(t);
  handler = await t.operatorSession('reviewer');
  admin = await t.operatorSession('admin');
});
afterAll(async () => t?.close());

const file = (b: TestBorrower, payload: Record<string, unknown>, lang: 'en' | 'vn' = 'en') => t.post<DataRequestView>(API_PATHS.dataRightsFile, { token: b.token, payload, lang });
const mine = async (b: TestBorrower) => (await t.post<MyDataRights>(API_PATHS.dataRightsList, { token: b.token })).envelope.data;
const auditRows = (action: string, targetId: number) =>
  t.database.db.select().from(operatorAudit).where(and(eq(operatorAudit.action, action), eq(operatorAudit.targetId, String(targetId))));
const commitQuick = (b: TestBorrower, auditKey: string) =>
  postMultipart<CommittedOrder>(t, API_PATHS.orderCommit, {
    token: b.token,
    fields: { productId: String(products.get('sen-nhanh')!.id), amount: '1000000', payWay: 'CARD', ip: '', imei: 'device-1', coordinate: '0.0,0.0', auditKey },
  });

describe('filing a request', () => {
  it('is acknowledged at once; acknowledge within 2 working days (Friday → Tuesday, across the weekend), complete within 15 days', async () => {
    const borrower = await createBorrower(t);
    const filed = await file(borrower, { kind: 'access' });
    expect(filed.envelope.code, filed.body).toBe(200);
    const request = filed.envelope.data;
    expect(request).toMatchObject({ kind: 'access', state: 'open', consent: null, extendedDue: null, closedAt: null });
    expect(request.acknowledgedAt).toBe(t.clock.now().toISOString());
    expect(request.acknowledgeDue).toBe(addVietnamDays(friday, 4));
    expect(request.due).toBe(addVietnamDays(friday, 15));
    expect((await mine(borrower)).requests.map((row) => row.id)).toEqual([request.id]);
  });

  it('one open request per kind: a second one is refused with its message; another kind is not; once closed, a new one is', async () => {
    const borrower = await createBorrower(t);
    const first = await file(borrower, { kind: 'delete' });
    expect(first.envelope.code).toBe(200);
    const second = await file(borrower, { kind: 'delete', details: 'again' }, 'vn');
    expect([second.statusCode, second.envelope.code, second.envelope.message]).toEqual([409, ERRORS.DATA_REQUEST_OPEN.code, 'Bạn đã có một yêu cầu loại này đang được xử lý. Vui lòng chờ phản hồi của chúng tôi']);
    expect((await file(borrower, { kind: 'correct', details: 'My address changed to Hanoi' })).envelope.code).toBe(200);
    const refused = await handler.browser.post(ADMIN_PATHS.dataRequestRefuse, { id: first.envelope.data.id, reason: 'Loan records must be kept for 5 years' });
    expect(refused.envelope.code, refused.body).toBe(200);
    expect((await file(borrower, { kind: 'delete' })).envelope.code).toBe(200);
  });

  it('checks the details and the consent, with clear messages', async () => {
    const borrower = await createBorrower(t);
    const short = await file(borrower, { kind: 'correct', details: ' name ' });
    expect([short.statusCode, short.envelope.message]).toEqual([400, 'Please describe your request (at least 10 characters)']);
    const long = await file(borrower, { kind: 'access', details: 'x'.repeat(1001) });
    expect(long.envelope.message).toBe('Please keep it to 1000 characters');
    const noConsent = await file(borrower, { kind: 'withdraw_consent' });
    expect(noConsent.envelope.message).toBe('Please choose the consent to withdraw');
    const unknownKind = await file(borrower, { kind: 'forget_me' });
    expect(unknownKind.statusCode).toBe(400);
    expect((await mine(borrower)).requests).toEqual([]);
  });

  it('a borrower sees only their own requests', async () => {
    const one = await createBorrower(t);
    const other = await createBorrower(t);
    await file(one, { kind: 'object', details: 'Please stop using my data for marketing' });
    expect((await mine(other)).requests).toEqual([]);
  });
});

describe('the operators’ queue', () => {
  it('extends once by at most 15 days with a reason, completes with a note; each change has its audit row and the borrower sees it', async () => {
    const borrower = await createBorrower(t);
    const request = (await file(borrower, { kind: 'access' })).envelope.data;
    const queue = await handler.browser.get<AdminDataRequest[]>(ADMIN_PATHS.dataRequests, { state: 'open' });
    expect(queue.envelope.data.find((row) => row.id === request.id)).toMatchObject({ userId: borrower.session.id, state: 'open', due: request.due });

    const tooLong = await handler.browser.post(ADMIN_PATHS.dataRequestExtend, { id: request.id, days: 16, reason: 'Large archive to search' });
    expect([tooLong.statusCode, tooLong.envelope.message]).toEqual([400, 'Extend by 1 to 15 days']);
    const extended = await handler.browser.post<AdminDataRequest>(ADMIN_PATHS.dataRequestExtend, { id: request.id, days: 15, reason: 'Large archive to search' });
    expect(extended.envelope.code, extended.body).toBe(200);
    expect(extended.envelope.data).toMatchObject({ extendedDue: addVietnamDays(request.due, 15), extensionReason: 'Large archive to search', extendedBy: { id: handler.operator.id } });
    const again = await admin.browser.post(ADMIN_PATHS.dataRequestExtend, { id: request.id, days: 1, reason: 'Still searching' });
    expect([again.statusCode, again.envelope.code]).toEqual([409, ERRORS.DATA_REQUEST_EXTENDED.code]);
    expect(await auditRows('privacy.extend', request.id)).toHaveLength(1);

    const completed = await handler.browser.post<AdminDataRequest>(ADMIN_PATHS.dataRequestComplete, { id: request.id, note: 'Export sent to the app' });
    expect(completed.envelope.data).toMatchObject({ state: 'completed', outcome: 'Export sent to the app', closedBy: { id: handler.operator.id }, closedAt: t.clock.now().toISOString() });
    const [row] = await auditRows('privacy.complete', request.id);
    expect(row).toMatchObject({ actorId: handler.operator.id, targetType: 'data_request', reason: 'Export sent to the app' });
    expect((await mine(borrower)).requests[0]).toMatchObject({ state: 'completed', outcome: 'Export sent to the app', extendedDue: addVietnamDays(request.due, 15) });

    // Closed: no more extension, completion or refusal.
    for (const [path, body] of [
      [ADMIN_PATHS.dataRequestComplete, { note: 'twice' }],
      [ADMIN_PATHS.dataRequestRefuse, { reason: 'twice' }],
      [ADMIN_PATHS.dataRequestExtend, { days: 3, reason: 'twice' }],
    ] as const) {
      const closed = await admin.browser.post(path, { id: request.id, ...body });
      expect([closed.statusCode, closed.envelope.code]).toEqual([409, ERRORS.DATA_REQUEST_CLOSED.code]);
    }
    const missing = await admin.browser.post(ADMIN_PATHS.dataRequestComplete, { id: 2_000_000_000, note: 'nothing' });
    expect(missing.envelope.code).toBe(ERRORS.DATA_REQUEST_NOT_FOUND.code);
    const closedTab = await handler.browser.get<AdminDataRequest[]>(ADMIN_PATHS.dataRequests, { state: 'closed' });
    expect(closedTab.envelope.data.some((listed) => listed.id === request.id)).toBe(true);
  });

  it('reminds operators of requests overdue or due within 2 working days (a Friday reaches over the weekend to Tuesday), by their extended day if extended', async () => {
    // One borrower files four kinds; their due days are then set as the test needs (filing makes them all 15 days away).
    const borrower = await createBorrower(t);
    const filed = [];
    for (const kind of ['access', 'delete', 'correct', 'object'] as const) {
      const response = await file(borrower, { kind, details: 'Số điện thoại cũ không còn dùng' });
      expect(response.envelope.code, response.body).toBe(200);
      filed.push(response.envelope.data);
    }
    const [overdue, tuesday, wednesday, extended] = filed as [DataRequestView, DataRequestView, DataRequestView, DataRequestView];
    const setDue = (id: number, due: string, extendedDue: string | null = null) => t.database.db.update(dataRequests).set({ due, extendedDue }).where(eq(dataRequests.id, id));
    await setDue(overdue.id, addVietnamDays(friday, -1));
    await setDue(tuesday.id, addVietnamDays(friday, 4));
    await setDue(wednesday.id, addVietnamDays(friday, 5));
    // Overdue by its first due day, but extended to the Wednesday: not due soon.
    await setDue(extended.id, addVietnamDays(friday, -1), addVietnamDays(friday, 5));

    const reminders = async (state: string) =>
      new Map((await handler.browser.get<AdminDataRequest[]>(ADMIN_PATHS.dataRequests, { state })).envelope.data.filter((row) => row.userId === borrower.session.id).map((row) => [row.id, row.reminder]));
    expect(await reminders('open')).toEqual(
      new Map([
        [overdue.id, 'overdue'],
        [tuesday.id, 'due_soon'],
        [wednesday.id, null],
        [extended.id, null],
      ]),
    );
    // The queue's filter: only what needs action soon, soonest first.
    expect([...(await reminders('due_soon')).entries()]).toEqual([
      [overdue.id, 'overdue'],
      [tuesday.id, 'due_soon'],
    ]);
    // Closed, no reminder.
    expect((await handler.browser.post<AdminDataRequest>(ADMIN_PATHS.dataRequestComplete, { id: overdue.id, note: 'Export sent to the app' })).envelope.data.reminder).toBeNull();
    expect([...(await reminders('due_soon')).keys()]).toEqual([tuesday.id]);
  });

  it('is for roles holding privacy.requests; the breach register for privacy.breaches', async () => {
    const viewer = await t.operatorSession('viewer');
    const denied = await viewer.browser.get(ADMIN_PATHS.dataRequests);
    expect([denied.statusCode, denied.envelope.code]).toEqual([403, ERRORS.OPERATOR_PERMISSION_DENIED.code]);
    const breachesByReviewer = await handler.browser.get(ADMIN_PATHS.breaches);
    expect([breachesByReviewer.statusCode, breachesByReviewer.envelope.code]).toEqual([403, ERRORS.OPERATOR_PERMISSION_DENIED.code]);
  });
});

describe('withdrawing the consent to lending', () => {
  it('takes effect at once: no new loan, but the existing loan is still repaid; given again, borrowing works', async () => {
    const borrower = await createBorrower(t, 10_000_000n);
    const loan = await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 2_000_000n, planNums: 1 });
    const withdrawn = await file(borrower, { kind: 'withdraw_consent', consent: 'lending' });
    expect(withdrawn.envelope.data).toMatchObject({ state: 'completed', consent: 'lending', closedAt: t.clock.now().toISOString() });
    expect((await mine(borrower)).withdrawnConsents).toEqual([{ consent: 'lending', withdrawnAt: t.clock.now().toISOString() }]);

    const refused = await commitQuick(borrower, 'after-withdrawal');
    expect([refused.envelope.code, refused.envelope.message]).toEqual([
      ERRORS.LENDING_CONSENT_WITHDRAWN.code,
      'Bạn đã rút lại sự đồng ý xử lý dữ liệu để cho vay. Hãy đồng ý lại trong Quyền dữ liệu của tôi để vay',
    ]);
    // The home agrees: every card locked, saying why.
    const home = async () => (await t.post<HomeIndex>(API_PATHS.homeIndex, { token: borrower.token })).envelope.data;
    const locked = await home();
    expect(locked.showProducts).toEqual([]);
    expect(new Set(locked.canNotApplyProducts.map((card) => card.lockReason))).toEqual(new Set(['consent']));
    const twice = await file(borrower, { kind: 'withdraw_consent', consent: 'lending' });
    expect(twice.envelope.code).toBe(ERRORS.CONSENT_ALREADY_WITHDRAWN.code);

    // The existing loan is still serviced: a repayment is quoted and applied.
    const quote = await t.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: borrower.token, payload: { orderNoList: [loan.order.orderNo] }, lang: 'en' });
    expect(quote.envelope.code, quote.body).toBe(200);
    const paid = await postSepay(t, sepayTransfer(t, { content: quote.envelope.data.transferContent, transferAmount: quote.envelope.data.amount }));
    expect(paid.statusCode, paid.body).toBe(200);
    const detail = (await t.post<OrderDetail>(API_PATHS.orderDetail, { token: borrower.token, payload: { orderId: loan.order.id }, lang: 'en' })).envelope.data;
    expect(detail.actualNeedRepayAmount).toBe(0);

    const restored = await t.post(API_PATHS.dataRightsRestoreConsent, { token: borrower.token, payload: { consent: 'lending' } });
    expect(restored.envelope.code, restored.body).toBe(200);
    expect((await mine(borrower)).withdrawnConsents).toEqual([]);
    const restoredTwice = await t.post(API_PATHS.dataRightsRestoreConsent, { token: borrower.token, payload: { consent: 'lending' } });
    expect(restoredTwice.envelope.code).toBe(ERRORS.CONSENT_NOT_WITHDRAWN.code);
    expect((await home()).showProducts.length).toBeGreaterThan(0);
    const committed = await commitQuick(borrower, 'after-restore');
    expect(committed.envelope.code, committed.body).toBe(200);
  });

  it('withdrawing the tracking consent does not stop lending', async () => {
    const borrower = await createBorrower(t, 10_000_000n);
    expect((await file(borrower, { kind: 'withdraw_consent', consent: 'tracking' })).envelope.code).toBe(200);
    const committed = await commitQuick(borrower, 'tracking-only');
    expect(committed.envelope.code, committed.body).toBe(200);
  });
});

describe('the breach register', () => {
  it('records a breach with its 72-hour clock, marks it notified once, each with an audit row', async () => {
    const discoveredAt = new Date(t.clock.now().getTime() - 80 * HOUR_MS).toISOString();
    const recorded = await admin.browser.post<BreachView>(ADMIN_PATHS.breachRecord, {
      discoveredAt,
      description: 'A support laptop with an export was stolen',
      dataAffected: 'Names and phone numbers',
      borrowersAffected: 120,
    });
    expect(recorded.envelope.code, recorded.body).toBe(200);
    const breach = recorded.envelope.data;
    expect(breach).toMatchObject({ discoveredAt, notifyBy: new Date(Date.parse(discoveredAt) + 72 * HOUR_MS).toISOString(), notifiedAt: null, recordedBy: { id: admin.operator.id } });
    expect(await auditRows('breach.record', breach.id)).toHaveLength(1);
    const listed = await admin.browser.get<BreachView[]>(ADMIN_PATHS.breaches);
    expect(listed.envelope.data.find((row) => row.id === breach.id)).toMatchObject({ borrowersAffected: 120 });

    const notifiedAt = t.clock.now().toISOString();
    const notified = await admin.browser.post<BreachView>(ADMIN_PATHS.breachNotified, { id: breach.id, notifiedAt, reference: 'A05-2026-0042' });
    expect(notified.envelope.data).toMatchObject({ notifiedAt, notificationReference: 'A05-2026-0042', notifiedBy: { id: admin.operator.id } });
    expect(await auditRows('breach.notify', breach.id)).toHaveLength(1);
    const twice = await admin.browser.post(ADMIN_PATHS.breachNotified, { id: breach.id, notifiedAt, reference: 'again' });
    expect(twice.envelope.code).toBe(ERRORS.BREACH_ALREADY_NOTIFIED.code);
  });

  it('refuses a discovery in the future and a malformed time', async () => {
    const future = await admin.browser.post(ADMIN_PATHS.breachRecord, {
      discoveredAt: new Date(t.clock.now().getTime() + 2 * HOUR_MS).toISOString(),
      description: 'Something',
      dataAffected: 'Phones',
      borrowersAffected: 1,
    });
    expect([future.statusCode, future.envelope.message]).toEqual([400, 'The time cannot be in the future']);
    const malformed = await admin.browser.post(ADMIN_PATHS.breachRecord, { discoveredAt: 'yesterday', description: 'Something', dataAffected: 'Phones', borrowersAffected: 1 });
    expect(malformed.statusCode).toBe(400);
  });
});
