import { API_PATHS, ERRORS, MESSAGE_PAGE_MAX, type MessagePage, type MessageRecord } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLanguages, userMessages } from '../src/db/schema.ts';
import { DEMO_USER, seedDemo } from '../src/demo-seed.ts';
import { MessageRepository } from '../src/modules/message/message.repository.ts';
import { MessageService } from '../src/modules/message/message.service.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The borrower's messages (issue 10): notify (templates, language, dedupe, the caller's
 * transaction), the family's list and update, our unread count and detail, and ownership.
 * Runs on PGlite and on PostgreSQL (TEST_DB=postgres), where parallel notifies come from two pools.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Borrower {
  token: string;
  userId: string;
}

async function borrower(): Promise<Borrower> {
  const session = await t.loginWithOtp();
  return { token: session.token, userId: await t.internalUserId(session.id) };
}

const list = (who: Borrower, payload: Record<string, unknown> = {}) => t.post<MessagePage>(API_PATHS.messageList, { token: who.token, payload });
const update = (who: Borrower, payload: Record<string, unknown>) => t.post<{ updated: number; unreadCount: number }>(API_PATHS.messageUpdate, { token: who.token, payload });
const unread = async (who: Borrower) => (await t.post<{ unreadCount: number }>(API_PATHS.messageUnreadCount, { token: who.token })).envelope.data.unreadCount;

/** `count` approvals with distinct events (limits 1..count million), oldest first. */
async function approvals(who: Borrower, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 1; index <= count; index += 1) {
    const result = await t.services.messages.notify(who.userId, 'creditApproved', { creditLimit: index * 1_000_000 }, { eventKey: `test-approval:${index}` });
    ids.push(result.id);
  }
  return ids;
}

describe('visitors', () => {
  it('get an empty page and no unread messages, and cannot mark or open any', async () => {
    const page = await t.post<MessagePage>(API_PATHS.messageList, { payload: { pageNum: 1, pageSize: 10 } });
    expect(page.envelope).toMatchObject({ code: 200, data: { total: 0, list: [], unreadCount: 0 } });
    expect((await t.get<{ unreadCount: number }>(API_PATHS.messageUnreadCount)).envelope.data).toEqual({ unreadCount: 0 });
    expect((await t.post(API_PATHS.messageUpdate, { payload: { recordIdStr: '1' } })).envelope.code).toBe(ERRORS.SESSION_EXPIRED.code);
    expect((await t.post(API_PATHS.messageDetail, { payload: { id: 1 } })).envelope.code).toBe(ERRORS.SESSION_EXPIRED.code);
  });
});

describe('list (fcm/sendRecord/list)', () => {
  it('pages newest first with the family fields: total, boolean readStatus, Vietnam-time createTime', async () => {
    const who = await borrower();
    const ids = await approvals(who, 25);

    const first = await list(who, { pageNum: 1, pageSize: 10 });
    expect(first.envelope.data.total).toBe(25);
    expect(first.envelope.data.unreadCount).toBe(25);
    expect(first.envelope.data.list.map((record) => record.id)).toEqual(ids.slice(15).reverse());
    const newest = first.envelope.data.list[0] as MessageRecord;
    expect(newest).toMatchObject({ readStatus: false, unreadMark: true, unreadCount: 25, template: 'creditApproved', theme: 'Hạn mức đã được phê duyệt' });
    expect(newest.content).toContain('25.000.000\u00a0₫');
    expect(newest.createTime).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const sent = new Date(newest.createdAt);
    const vietnam = new Date(sent.getTime() + 7 * 3_600_000);
    expect(newest.createTime.slice(11, 13)).toBe(String(vietnam.getUTCHours()).padStart(2, '0'));

    // Numbers as strings, the way Gson and kotlinx clients may send them; the last, partial page.
    const third = await list(who, { pageNum: '3', pageSize: '10' });
    expect(third.envelope.data.list.map((record) => record.id)).toEqual(ids.slice(0, 5).reverse());
    expect((await list(who, { pageNum: 4, pageSize: 10 })).envelope.data.list).toEqual([]);
  });

  it('serves the family’s pageSize 9999 the newest 100, and a missing page as page 1 of 20', async () => {
    const who = await borrower();
    await approvals(who, MESSAGE_PAGE_MAX + 2);
    const all = await list(who, { pageNum: 1, pageSize: 9999 });
    expect(all.envelope.data).toMatchObject({ total: MESSAGE_PAGE_MAX + 2, pageSize: MESSAGE_PAGE_MAX });
    expect(all.envelope.data.list).toHaveLength(MESSAGE_PAGE_MAX);
    const defaults = await list(who);
    expect(defaults.envelope.data).toMatchObject({ pageNum: 1, pageSize: 20 });
    expect(defaults.envelope.data.list).toHaveLength(20);
  });

  it('refuses page numbers that are not positive integers with a 400 envelope', async () => {
    const who = await borrower();
    for (const payload of [{ pageNum: 0 }, { pageNum: -1 }, { pageSize: 'ten' }, { pageNum: 1.5 }, { pageNum: [1] }]) {
      const response = await list(who, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.envelope.code).toBe(ERRORS.VALIDATION_FAILED.code);
    }
  });
});

describe('update (fcm/sendRecord/update)', () => {
  it('marks read by recordIdStr (VT) and by recordIdList (KMP); a repeat changes nothing', async () => {
    const who = await borrower();
    const [a, b, c, d] = await approvals(who, 4);
    expect(await unread(who)).toBe(4);

    expect((await update(who, { recordIdStr: `${a},${b}` })).envelope.data).toEqual({ updated: 2, unreadCount: 2 });
    expect((await update(who, { recordIdList: [c, String(d)] })).envelope.data).toEqual({ updated: 2, unreadCount: 0 });
    expect((await update(who, { recordIdStr: `${a}`, recordIdList: [b] })).envelope.data).toEqual({ updated: 0, unreadCount: 0 });

    const page = await list(who);
    expect(page.envelope.data.list.every((record) => record.readStatus && !record.unreadMark && record.unreadCount === 0)).toBe(true);
  });

  it('refuses an update naming no id, a non-numeric id or too many ids', async () => {
    const who = await borrower();
    for (const payload of [{}, { recordIdStr: '' }, { recordIdList: [] }, { recordIdStr: 'a,b' }, { recordIdList: ['x'] }, { recordIdList: Array.from({ length: 501 }, (_, index) => index + 1) }]) {
      const response = await update(who, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.envelope.code).toBe(ERRORS.VALIDATION_FAILED.code);
    }
  });
});

describe('ownership', () => {
  it('A never reads, opens or marks B’s messages', async () => {
    const alice = await borrower();
    const bob = await borrower();
    const [bobsMessage] = await approvals(bob, 1);
    const [alicesMessage] = await approvals(alice, 1);

    expect((await list(alice)).envelope.data.list.map((record) => record.id)).toEqual([alicesMessage]);
    expect(await unread(alice)).toBe(1);

    const marked = await update(alice, { recordIdStr: `${bobsMessage},${alicesMessage}` });
    expect(marked.envelope.data).toEqual({ updated: 1, unreadCount: 0 });
    expect(await unread(bob)).toBe(1);

    const opened = await t.post(API_PATHS.messageDetail, { token: alice.token, payload: { id: bobsMessage } });
    expect(opened.statusCode).toBe(404);
    expect(opened.envelope.code).toBe(ERRORS.NOT_FOUND.code);
    const own = await t.post<MessageRecord>(API_PATHS.messageDetail, { token: bob.token, payload: { id: String(bobsMessage) } });
    expect(own.envelope.data).toMatchObject({ id: bobsMessage, readStatus: false, unreadCount: 1 });
  });
});

describe('notify', () => {
  it('messages an event once per event key, and an identical message once without one', async () => {
    const who = await borrower();
    const first = await t.services.messages.notify(who.userId, 'creditRejected', { nextDate: '2026-12-01' }, { eventKey: 'credit-decision:42' });
    const again = await t.services.messages.notify(who.userId, 'creditRejected', { nextDate: '2026-12-05' }, { eventKey: 'credit-decision:42' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });

    const plain = await t.services.messages.notify(who.userId, 'newProducts', { count: 2 });
    expect((await t.services.messages.notify(who.userId, 'newProducts', { count: 2 })).created).toBe(false);
    const other = await t.services.messages.notify(who.userId, 'newProducts', { count: 3 });
    expect(other.created).toBe(true);
    expect(other.id).not.toBe(plain.id);
    expect((await list(who)).envelope.data.total).toBe(3);

    // The same event key for another borrower is another borrower's event.
    const someoneElse = await borrower();
    expect((await t.services.messages.notify(someoneElse.userId, 'creditRejected', { nextDate: '2026-12-01' }, { eventKey: 'credit-decision:42' })).created).toBe(true);
  });

  it('writes in the caller’s transaction: no message when the caller’s change rolls back', async () => {
    const who = await borrower();
    await expect(
      t.database.uow.transaction(async () => {
        await t.services.messages.notify(who.userId, 'creditReviewStarted', {}, { eventKey: 'review:rolled-back' });
        throw new Error('the credit decision failed');
      }),
    ).rejects.toThrow('the credit decision failed');
    expect(await unread(who)).toBe(0);
    await t.database.uow.transaction(async () => {
      await t.services.messages.notify(who.userId, 'creditReviewStarted', {}, { eventKey: 'review:committed' });
    });
    expect(await unread(who)).toBe(1);
  });

  it('refuses parameters the template does not take (a bug in the caller)', async () => {
    const who = await borrower();
    const notify = t.services.messages.notify.bind(t.services.messages) as (userId: string, template: string, params: unknown) => Promise<unknown>;
    await expect(notify(who.userId, 'creditApproved', {})).rejects.toThrow(/bad params/);
    await expect(notify(who.userId, 'creditApproved', { creditLimit: -5 })).rejects.toThrow(/bad params/);
    await expect(notify(who.userId, 'creditApproved', { creditLimit: 1.5 })).rejects.toThrow(/bad params/);
    await expect(notify(who.userId, 'creditRejected', { nextDate: '01/12/2026' })).rejects.toThrow(/bad params/);
    await expect(notify(who.userId, 'creditApproved', { creditLimit: 1, extra: 'x' })).rejects.toThrow(/bad params/);
    expect(await unread(who)).toBe(0);
  });

  it('is idempotent under parallel notifies of one event, from two server instances on PostgreSQL', async () => {
    const who = await borrower();
    const another = await t.openAnother();
    const services = [t.services.messages, another ? new MessageService(new MessageRepository(another.uow), another.uow, t.clock.now) : t.services.messages];
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (services[index % 2] as MessageService).notify(who.userId, 'dueReminder', { orderNo: 'SEN0001', amount: 1_234_000n, dueDate: '2026-12-20' }, { eventKey: 'due:SEN0001:2026-12-20' }),
        ),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.id)).size).toBe(1);
      const rows = await t.database.db.select().from(userMessages).where(eq(userMessages.userId, who.userId));
      expect(rows).toHaveLength(1);
    } finally {
      await another?.close();
    }
  });
});

describe('credit decisions (for app.credit.onDecision)', () => {
  it('approval with the limit, rejection with the next date, nothing for a calm period; once per review', async () => {
    const who = await borrower();
    const started = await t.services.messages.notifyCreditReviewStarted(who.userId, 'review-1');
    expect((await t.services.messages.notifyCreditReviewStarted(who.userId, 'review-1')).created).toBe(false);
    const rejected = await t.services.messages.notifyCreditDecision({ userId: who.userId, reviewId: 'review-1', outcome: 'reject', creditLimitVnd: 0n, nextTryDate: '2026-12-22' });
    expect(await t.services.messages.notifyCreditDecision({ userId: who.userId, reviewId: 'review-2', outcome: 'calm', creditLimitVnd: 0n, nextTryDate: '2026-12-01' })).toBeNull();
    const approved = await t.services.messages.notifyCreditDecision({ userId: who.userId, reviewId: 'review-3', outcome: 'approve', creditLimitVnd: 12_000_000n, nextTryDate: null });
    expect((await t.services.messages.notifyCreditDecision({ userId: who.userId, reviewId: 'review-3', outcome: 'approve', creditLimitVnd: 12_000_000n, nextTryDate: null }))?.created).toBe(false);

    const page = (await list(who)).envelope.data;
    expect(page.list.map((record) => [record.id, record.template])).toEqual([
      [approved?.id, 'creditApproved'],
      [rejected?.id, 'creditRejected'],
      [started.id, 'creditReviewStarted'],
    ]);
    // The inbox writes money as the app does (₫ after the amount); the stored text, which the SMS repeats, keeps 'VND'.
    expect(page.list[0]?.content).toContain('12.000.000\u00a0₫');
    expect(page.list[0]?.content).not.toContain('VND');
    const [stored] = await t.database.db.select().from(userMessages).where(eq(userMessages.id, approved!.id));
    expect(stored?.content).toContain('12.000.000 VND');
    expect(page.list[1]?.content).toContain('22/12/2026');
  });
});

describe('language', () => {
  it('writes in the borrower’s last language (the lang header of their signed-in calls), Vietnamese by default', async () => {
    const who = await borrower();
    // The stored row keeps the text as made, in the borrower's language of that moment.
    const render = async (key: string) => {
      const { id } = await t.services.messages.notify(who.userId, 'creditApproved', { creditLimit: 5_000_000 }, { eventKey: key });
      const [row] = await t.database.db.select().from(userMessages).where(eq(userMessages.id, id));
      return { theme: row?.theme, content: row?.content };
    };
    expect(await render('vn')).toMatchObject({ theme: 'Hạn mức đã được phê duyệt', content: expect.stringContaining('5.000.000 VND') });

    await t.post(API_PATHS.userInfo, { token: who.token, lang: 'en' });
    expect(await render('en')).toMatchObject({ theme: 'Credit limit approved', content: expect.stringContaining('5,000,000 VND') });

    await t.post(API_PATHS.userInfo, { token: who.token, lang: 'zh' });
    // A call without the header says nothing about the language: still Chinese.
    await t.post(API_PATHS.userInfo, { token: who.token });
    expect(await render('zh')).toMatchObject({ theme: '额度已批准', content: expect.stringContaining('5,000,000 VND') });

    const [row] = await t.database.db.select().from(userLanguages).where(eq(userLanguages.userId, who.userId));
    expect(row?.language).toBe('zh');
  });

  it('renders every template in every language with its parameters filled in', async () => {
    const who = await borrower();
    const cases = [
      ['creditReviewStarted', {}],
      ['creditApproved', { creditLimit: 12_500_000 }],
      ['creditRejected', { nextDate: '2026-12-01' }],
      ['newProducts', { count: 3 }],
      ['loanDisbursed', { orderNo: 'SEN42', amount: 3_000_000 }],
      ['payoutFailed', { orderNo: 'SEN42', amount: 3_000_000 }],
      ['dueReminder', { orderNo: 'SEN42', amount: 3_150_000, dueDate: new Date('2026-12-20T20:00:00Z') }],
      ['overdue', { orderNo: 'SEN42', amount: 3_200_000, daysOverdue: 4 }],
    ] as const;
    for (const language of ['en', 'vn', 'zh'] as const) {
      for (const [template, params] of cases) {
        const { id } = await t.services.messages.notify(who.userId, template, params as never, { eventKey: `${template}:${language}`, language });
        const [row] = await t.database.db.select().from(userMessages).where(eq(userMessages.id, id));
        expect(row?.language).toBe(language);
        expect(`${row?.theme} ${row?.content}`, `${template} ${language}`).not.toMatch(/[{}]/);
        if ('orderNo' in params) expect(row?.content).toContain('SEN42');
      }
    }
    const byKey = async (key: string) => (await t.database.db.select().from(userMessages).where(eq(userMessages.dedupeKey, key)))[0]?.content;
    expect(await byKey('creditRejected:vn')).toContain('01/12/2026');
    expect(await byKey('creditRejected:zh')).toContain('2026年12月1日');
    // An instant is taken as its Vietnam date: 20:00 UTC on the 20th is the 21st in Vietnam.
    expect(await byKey('dueReminder:en')).toContain('21/12/2026');
    expect(await byKey('overdue:vn')).toContain('quá hạn 4 ngày');
  });
});

describe('reading in the reader’s language (decision 113)', () => {
  it('a message made while the borrower spoke Vietnamese reads in English and Chinese when asked so; counts unchanged', async () => {
    const who = await borrower();
    await t.post(API_PATHS.userInfo, { token: who.token, lang: 'vn' });
    const settled = await t.services.messages.notify(who.userId, 'loanSettled', { orderNo: 'SEN26112600000001', amount: 10_000_000 }, { eventKey: 'settled:1' });
    const rejected = await t.services.messages.notify(who.userId, 'creditRejected', { nextDate: '2026-12-22' }, { eventKey: 'rejected:1' });
    const [row] = await t.database.db.select().from(userMessages).where(eq(userMessages.id, settled.id));
    expect(row).toMatchObject({ language: 'vn', theme: 'Đã tất toán khoản vay' });

    const read = async (lang: 'en' | 'vn' | 'zh') => {
      const page = (await t.post<MessagePage>(API_PATHS.messageList, { token: who.token, lang, payload: { pageNum: 1, pageSize: 10 } })).envelope.data;
      const detail = (await t.post<MessageRecord>(API_PATHS.messageDetail, { token: who.token, lang, payload: { id: settled.id } })).envelope.data;
      return { page, detail };
    };
    const en = await read('en');
    expect(en.detail).toMatchObject({ theme: 'Loan repaid in full', content: expect.stringContaining('10,000,000\u00a0₫'), unreadCount: 2 });
    expect(en.page.list.map((record) => record.theme)).toEqual(['Credit review result', 'Loan repaid in full']);
    expect(en.page.list[0]?.content).toContain('22/12/2026');
    expect(en.page).toMatchObject({ total: 2, unreadCount: 2 });

    const zh = await read('zh');
    expect(zh.detail).toMatchObject({ theme: '借款已结清', content: expect.stringContaining('10,000,000\u00a0₫') });
    expect(zh.page.list[0]).toMatchObject({ id: rejected.id, theme: '额度审核结果', content: expect.stringContaining('2026年12月22日') });

    const vn = await read('vn');
    expect(vn.detail).toMatchObject({ theme: 'Đã tất toán khoản vay', content: expect.stringContaining('10.000.000\u00a0₫') });
    expect(await unread(who)).toBe(2);
  });

  it('a row that no longer fits its template keeps the text it was made with', async () => {
    const who = await borrower();
    const { id } = await t.services.messages.notify(who.userId, 'creditApproved', { creditLimit: 7_000_000 }, { eventKey: 'old-row' });
    await t.database.db.update(userMessages).set({ params: { limit: 'seven' }, theme: 'Tiêu đề cũ', content: 'Nội dung cũ' }).where(eq(userMessages.id, id));
    const detail = (await t.post<MessageRecord>(API_PATHS.messageDetail, { token: who.token, lang: 'en', payload: { id } })).envelope.data;
    expect(detail).toMatchObject({ theme: 'Tiêu đề cũ', content: 'Nội dung cũ' });
    expect((await t.post<MessagePage>(API_PATHS.messageList, { token: who.token, lang: 'zh' })).envelope.data.list[0]).toMatchObject({ theme: 'Tiêu đề cũ' });
  });
});

describe('demo data', () => {
  it('gives the demo user its review and approval messages through notify, once however often the seed runs', async () => {
    await seedDemo(t);
    await seedDemo(t);
    const session = await t.loginWithOtp(DEMO_USER.phone);
    const page = await t.post<MessagePage>(API_PATHS.messageList, { token: session.token });
    expect(page.envelope.data.list.map((record) => record.template)).toEqual(['creditApproved', 'creditReviewStarted']);
    expect(page.envelope.data.list[0]?.content).toContain('10.000.000\u00a0₫');
  });
});
