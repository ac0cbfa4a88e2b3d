import { ADMIN_PATHS, BORROWER_SEARCH_LIMIT, ERRORS, type BorrowerDetail, type BorrowerReveal, type BorrowerSearchHit } from '@sen/contract';
import { vietnamDate } from '@sen/domain';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAudit } from '../src/db/schema.ts';
import { DEMO_ID_CARD, demoKycImages } from '../src/modules/kyc/index.ts';
import { randomIdNumber, savePersonalData } from './helpers/borrowers.ts';
import { createBorrower, openLoan, type TestBorrower } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * The borrower view (issue 22 item 5; decision 097): search by each key finds the borrower and
 * masks what it shows; the page has every section; the reveal of the ID number writes exactly one
 * audit row with its reason; revealed ID images are watermarked, served only to the session that
 * revealed them and only for minutes.
 */

let t: TestApp;
let reviewer: OperatorSession;
let viewer: OperatorSession;
let borrower: TestBorrower;
let publicId: number;
let orderNo: string;
const person = { fullName: 'Trần Thị Đào Hạnh', idNumber: randomIdNumber() };
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  [reviewer, viewer] = [await t.operatorSession('reviewer'), await t.operatorSession('viewer')];
  borrower = await createBorrower(t);
  publicId = borrower.session.id;
  await savePersonalData(t, borrower.userId, person);
  await t.services.kyc.seedCompleted(borrower.userId, await demoKycImages(), DEMO_ID_CARD);
  // A loan paid out three days ago, accrued, partly repaid today: schedule, payments and ledger entries of each kind.
  const loan = await openLoan(t, borrower, { principal: 3_000_000n, planNums: 3, startDate: vietnamDate(new Date(t.clock.now().getTime() - 3 * DAY_MS)) });
  orderNo = loan.order.orderNo;
  await t.database.uow.transaction(() =>
    t.services.collection.apply({ source: 'transfer:9001', reference: 'transfer-9001', userId: borrower.userId, amount: 500_000n, receivedAt: t.clock.now(), orderIds: [loan.order.id] }),
  );
});
afterAll(async () => t?.close());

const search = (q: string, session = viewer) => session.browser.get<{ items: BorrowerSearchHit[]; keys: string[] }>(ADMIN_PATHS.borrowerSearch, { q });
const revealRows = () => t.database.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'borrower.reveal')).orderBy(desc(operatorAudit.id));

describe('borrower search', () => {
  it('finds the borrower by phone, ID number, order number and name, and shows them masked', async () => {
    const phone = borrower.phone;
    const expected = {
      userId: publicId,
      phoneMasked: `${phone.slice(0, 3)}****${phone.slice(-3)}`,
      fullName: person.fullName,
      idNumberMasked: `******${person.idNumber.slice(-4)}`,
    };
    const typed: Array<[string, string]> = [
      [phone, 'phone'],
      [`+84 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`, 'phone'],
      [phone.slice(1), 'phone'],
      [person.idNumber, 'idNumber'],
      [orderNo.toLowerCase(), 'orderNo'],
      ['tran thi dao', 'name'],
      ['TRẦN THỊ ĐÀO H', 'name'],
      ['  trần   thị ', 'name'],
    ];
    for (const [q, matchedBy] of typed) {
      const response = await search(q);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      expect(response.envelope.data.items, q).toEqual([{ ...expected, matchedBy, registeredAt: expect.any(String) }]);
      expect(response.body, q).not.toContain(phone);
      expect(response.body, q).not.toContain(person.idNumber);
    }
  });

  it('answers nothing for a name that only shares a middle, a phone nobody has, an unknown order number', async () => {
    for (const q of ['thi dao', randomPhone(), 'SEN99010100000000', randomIdNumber()]) {
      const response = await search(q);
      expect([q, response.envelope.data.items]).toEqual([q, []]);
    }
  });

  it(`answers at most ${BORROWER_SEARCH_LIMIT} by name, in name order`, async () => {
    for (let index = 0; index < BORROWER_SEARCH_LIMIT + 2; index++) {
      const user = await t.services.users.findOrCreate(randomPhone());
      await savePersonalData(t, user.id, { fullName: `Lê Văn Bảo ${String.fromCharCode(65 + index)}`, idNumber: randomIdNumber() });
    }
    const response = await search('le van bao');
    expect(response.envelope.data.items).toHaveLength(BORROWER_SEARCH_LIMIT);
    expect(response.envelope.data.items.map((item) => item.fullName)).toEqual(Array.from({ length: BORROWER_SEARCH_LIMIT }, (_, index) => `Lê Văn Bảo ${String.fromCharCode(65 + index)}`));
  });

  it('refuses a query too short to mean anything, with a clear message', async () => {
    for (const q of ['a', '12345', '']) {
      const response = await search(q);
      expect([q, response.statusCode, response.envelope.code, response.envelope.message]).toEqual([
        q,
        400,
        ERRORS.VALIDATION_FAILED.code,
        'Type at least 2 characters: a phone, an ID number, an order number or a name',
      ]);
    }
  });
});

describe('the borrower page', () => {
  it('has every section, masked, with the loan, its schedule, payment and ledger entries', async () => {
    const response = await viewer.browser.get<BorrowerDetail>(ADMIN_PATHS.borrowerDetail, { userId: publicId });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.envelope.data;
    expect(response.body).not.toContain(borrower.phone);
    expect(response.body).not.toContain(person.idNumber);
    expect(page.borrower).toMatchObject({ userId: publicId, status: 'active', phoneMasked: `${borrower.phone.slice(0, 3)}****${borrower.phone.slice(-3)}` });
    expect(page.profile).toMatchObject({ fullName: person.fullName, idNumberMasked: `******${person.idNumber.slice(-4)}`, birthDate: '1992-07-14' });
    expect(page.certification.items.find((item) => item.item === 'ID')).toEqual({ item: 'ID', state: '30' });
    expect(page.certification.kyc).toMatchObject({ images: ['front', 'back', 'face'] });
    expect(page.credit.account).toMatchObject({ status: 1, creditLimit: 20_000_000, reviewPending: false });
    // the repayment gave back some of the 3,000,000 principal
    expect(page.credit.account!.usedAmount).toBeLessThan(3_000_000);

    expect(page.orders).toHaveLength(1);
    const [order] = page.orders;
    expect(order).toMatchObject({ orderNo, state: 'repaying', principal: 3_000_000, planNums: 3 });
    expect(order!.instalments.map((row) => row.planPart)).toEqual([1, 2, 3]);
    expect(order!.payments).toEqual([expect.objectContaining({ source: 'transfer:9001', amount: 500_000 })]);

    const events = page.ledger.map((entry) => entry.event);
    expect(events).toContain('disbursement');
    expect(events).toContain('daily_accrual');
    expect(events).toContain('repayment');
    expect(page.ledger.map((entry) => entry.id)).toEqual([...page.ledger.map((entry) => entry.id)].sort((a, b) => b - a));
    for (const entry of page.ledger) {
      expect(entry.orderNo, entry.event).toBe(orderNo);
      const debit = entry.lines.reduce((sum, line) => sum + line.debit, 0);
      expect(entry.lines.reduce((sum, line) => sum + line.credit, 0), entry.event).toBe(debit);
    }
    expect(page.consents.privacy).toEqual([]);
    expect(page.securityEvents.map((event) => event.type)).toContain('login');
    expect(page.limits).toMatchObject({ orders: 20, ledgerEntries: 50 });
  });

  it('answers 404 for a borrower who does not exist', async () => {
    const response = await viewer.browser.get(ADMIN_PATHS.borrowerDetail, { userId: 2_000_000_000 });
    expect([response.statusCode, response.envelope.code]).toEqual([404, ERRORS.BORROWER_NOT_FOUND.code]);
  });
});

describe('reveal', () => {
  it('answers the full ID number to a role with borrowers.reveal, writing exactly one audit row with the reason', async () => {
    const before = (await revealRows()).length;
    const reason = 'Borrower called about a disputed repayment, ticket 4411';
    const response = await reviewer.browser.post<BorrowerReveal>(ADMIN_PATHS.borrowerReveal, { userId: publicId, what: 'idNumber', reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.envelope.data).toEqual({ what: 'idNumber', idNumber: person.idNumber, images: [], expiresAt: null });
    const rows = await revealRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ actorId: reviewer.operator.id, targetType: 'borrower', targetId: String(publicId), reason, after: { what: 'idNumber' } });
    expect(JSON.stringify(rows[0])).not.toContain(person.idNumber);
  });

  it('refuses a role without borrowers.reveal, a reason under 10 characters, and a borrower who gave nothing; none writes a row', async () => {
    const before = (await revealRows()).length;
    const refused = await viewer.browser.post(ADMIN_PATHS.borrowerReveal, { userId: publicId, what: 'idNumber', reason: 'Checking the identity' });
    expect([refused.statusCode, refused.envelope.code]).toEqual([403, ERRORS.OPERATOR_PERMISSION_DENIED.code]);
    const short = await reviewer.browser.post(ADMIN_PATHS.borrowerReveal, { userId: publicId, what: 'idNumber', reason: 'checking' });
    expect([short.statusCode, short.envelope.message]).toEqual([400, 'Please state why you need it (at least 10 characters)']);
    const fresh = await createBorrower(t);
    for (const what of ['idNumber', 'idImages']) {
      const nothing = await reviewer.browser.post(ADMIN_PATHS.borrowerReveal, { userId: fresh.session.id, what, reason: 'Checking the identity documents' });
      expect([what, nothing.statusCode, nothing.envelope.code]).toEqual([what, 404, ERRORS.REVEAL_NOTHING.code]);
    }
    expect(await revealRows()).toHaveLength(before);
  });

  it('links the ID images for minutes, watermarked, only to the session that revealed them', async () => {
    const before = (await revealRows()).length;
    const response = await reviewer.browser.post<BorrowerReveal>(ADMIN_PATHS.borrowerReveal, { userId: publicId, what: 'idImages', reason: 'Verifying the ID card against the selfie' });
    expect(response.statusCode, response.body).toBe(200);
    const { images, expiresAt } = response.envelope.data;
    expect(images.map((image) => image.side)).toEqual(['front', 'back', 'face']);
    expect(new Date(expiresAt!).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(5 * 60_000);
    expect(await revealRows()).toHaveLength(before + 1);
    expect((await revealRows())[0]).toMatchObject({ after: { what: 'idImages', images: ['front', 'back', 'face'] } });

    const kyc = (await t.services.kyc.operatorView(borrower.userId))!;
    const original = (await t.services.files.readStored(kyc.files.front!))!.data;
    const front = await reviewer.browser.get(images[0]!.url);
    expect(front.statusCode, front.body).toBe(200);
    expect(front.headers['content-type']).toBe('image/jpeg');
    expect(front.headers['cache-control']).toContain('no-store');
    const served = front.rawPayload;
    expect(served.equals(original)).toBe(false);
    const [servedMeta, originalMeta] = [await sharp(served).metadata(), await sharp(original).metadata()];
    expect([servedMeta.width, servedMeta.height]).toEqual([originalMeta.width, originalMeta.height]);

    // another operator (even one allowed to reveal) cannot use the link; nor can a forged one
    const otherReviewer = await t.operatorSession('reviewer');
    const stolen = await otherReviewer.browser.get(images[0]!.url);
    expect([stolen.statusCode, stolen.envelope.code]).toEqual([403, ERRORS.REVEAL_LINK_INVALID.code]);
    const forged = await reviewer.browser.get(images[0]!.url.replace(/\.\d+\./, `.${Math.floor(t.clock.now().getTime() / 1000) + 86_400}.`));
    expect(forged.envelope.code).toBe(ERRORS.REVEAL_LINK_INVALID.code);
    const viewerTry = await viewer.browser.get(images[0]!.url);
    expect([viewerTry.statusCode, viewerTry.envelope.code]).toEqual([403, ERRORS.OPERATOR_PERMISSION_DENIED.code]);

    // after the link's minutes, refused to its own session too
    t.clock.advance(5 * 60_000 + 1000);
    const late = await reviewer.browser.get(images[1]!.url);
    expect([late.statusCode, late.envelope.code]).toEqual([403, ERRORS.REVEAL_LINK_INVALID.code]);
  });
});
