import { ADMIN_PATHS, API_PATHS, type CommittedOrder, type ProposalView, type RepayQuote, type UnidentifiedTransferView } from '@sen/contract';
import { addDays, vietnamDate } from '@sen/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers } from '../src/db/schema.ts';
import { DEMO_PRODUCTS } from '../src/modules/product/index.ts';
import { randomIdNumber, savePersonalData } from './helpers/borrowers.ts';
import { createBorrower, demoProducts, openLoan, type TestBorrower } from './helpers/loans.ts';
import { postMultipart } from './helpers/multipart.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * Budgets as counts (issue 21 item 6, decision 084): the database statements each hot endpoint
 * sends, counted at the driver (PGlite's protocol messages, node-postgres's queries; BEGIN and
 * COMMIT included), through real signed requests. Each budget is the endpoint's measured floor:
 * one statement more is a regression to explain, one fewer is a gain to write down here. The
 * figures differ between the drivers only where decision 030 says so: on PGlite a resolved session
 * is reused for a few seconds (the clock is frozen here, so it always is), on PostgreSQL every
 * authenticated call reads it in one prepared statement.
 */

const onPostgres = process.env.TEST_DB === 'postgres';
/** The commit's own statements: 5 reads before the transaction, then BEGIN, the idempotency lock and re-read (with a signing code: the code's try in the same statement, decision 112), the credit and quota updates, 4 inserts, COMMIT. */
const COMMIT_OWN = 14;
/** The statement budget of an endpoint: the session's read on PostgreSQL, plus what the endpoint itself sends. */
const budget = (own: number) => own + (onPostgres ? 1 : 0);
/** An operator call's own session statements: the session with its operator read in one statement. */
const OPERATOR_OWN = 1;

/** A statement that changes data (or the sequence), as opposed to a read. */
const WRITE = /^\s*(?:with\b[\s\S]*\b)?(?:insert|update|delete|merge|truncate|create|alter|drop)\b|\bnextval\s*\(/i;

let t: TestApp;
let b: TestBorrower;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 0 } }) });
  productId = (await demoProducts(t)).get('sen-linh-hoat')!.id;
  b = await createBorrower(t, 20_000_000n);
  t.clock.freeze();
});
afterAll(async () => t?.close());

/** The statements `send` caused, with a warm-up call first when asked (the session cache on PGlite, prepared statements). */
async function statementsOf(send: () => Promise<{ statusCode: number; body: string }>, options: { warm?: boolean } = {}): Promise<string[]> {
  if (options.warm ?? true) await send();
  t.statements.take();
  const response = await send();
  expect(response.statusCode, response.body).toBe(200);
  expect((JSON.parse(response.body) as { code: number }).code, response.body).toBe(200);
  return t.statements.take();
}

const commitFields = (auditKey: string) => ({
  payWay: 'CARD',
  ip: '',
  imei: 'device-1',
  coordinate: '0.0,0.0',
  productId: String(productId),
  loanTermId: String(productId),
  planNums: '3',
  amount: '2000000',
  bankInfoId: String(b.accountId),
  auditKey,
});
const commit = (auditKey: string) => postMultipart<CommittedOrder>(t, API_PATHS.orderCommit, { token: b.token, fields: commitFields(auditKey) });

/**
 * Each endpoint's own statements (past the session): its measured floor. Read one from the failure
 * message (the statements are listed) when a change moves it, and say why in the commit.
 */
const reads: Array<{ name: string; send: () => Promise<{ statusCode: number; body: string }>; own: number; session?: false }> = [
  { name: 'user/info', send: () => t.post(API_PATHS.userInfo, { token: b.token }), own: 0 },
  { name: 'index/v3 (the home)', send: () => t.post(API_PATHS.homeIndex, { token: b.token }), own: 11 },
  { name: 'productInfo/detail (the quote)', send: () => t.post(API_PATHS.productInfoDetail, { token: b.token, payload: { productId: String(productId), amount: '2000000' } }), own: 12 },
  { name: 'order/oldList', send: () => t.post(API_PATHS.orderList, { token: b.token }), own: 5 },
  { name: 'order/detail', send: () => t.post(API_PATHS.orderDetail, { token: b.token, payload: { orderId: orderIdForDetail } }), own: 8 }, // 8th: the order's refunds (decision 100)
  { name: 'privacy/rights/list (data-subject requests)', send: () => t.post(API_PATHS.dataRightsList, { token: b.token }), own: 2 },
  { name: 'fcm/sendRecord/list (messages)', send: () => t.post(API_PATHS.messageList, { token: b.token, payload: { pageNum: 1, pageSize: 10 } }), own: 2 },
  // Signed but anonymous: the rate limits count outside the database, so nothing at all.
  { name: 'auth config (signed, no session)', send: () => t.post(API_PATHS.authConfig), own: 0, session: false },
];
let orderIdForDetail = '';

/** The statements as a failure message shows them: numbered, each cut to its first 160 characters. */
const listed = (statements: string[]) => statements.map((text, index) => `${index + 1}. ${text.slice(0, 160)}`).join('\n');

describe('statements per request on the hot endpoints', () => {
  it('commits a loan in one transaction within its budget, and answers its idempotent replay with one read', async () => {
    await t.post(API_PATHS.userInfo, { token: b.token }); // the session as the app has it before a commit
    const statements = await statementsOf(() => commit('budget-commit-1'), { warm: false });
    expect(statements.length, listed(statements)).toBe(budget(COMMIT_OWN));
    expect(statements.filter((text) => /^\s*(begin|commit)\b/i.test(text))).toEqual(['BEGIN', 'COMMIT'].map((word) => expect.stringMatching(new RegExp(`^\\s*${word}`, 'i'))));

    const replay = await statementsOf(() => commit('budget-commit-1'), { warm: false });
    expect(replay.length, listed(replay)).toBe(budget(1));
    expect(replay.filter((text) => WRITE.test(text))).toEqual([]);
    orderIdForDetail = String((JSON.parse((await commit('budget-commit-1')).body) as { data: CommittedOrder }).data.orderId);
  });

  it('commits a loan signed with its SMS code within the same budget: the code is tried in the re-read under the lock (decision 112)', async () => {
    const { signingCode: _demo, ...input } = DEMO_PRODUCTS[1]!;
    await t.services.product.upsert({ ...input, code: 'budget-signed' }); // with its daily quota, as the budgeted commit's product
    const signed = (await t.services.product.activeProducts()).find((product) => product.code === 'budget-signed')!;
    expect(signed.signingCode).toBe('required');
    const sent = await t.post(API_PATHS.orderSignCode, { token: b.token, payload: { productIds: String(signed.id), amount: 2_000_000, planNums: 3 } });
    expect(sent.envelope.code, sent.body).toBe(200);
    const code = t.sms.messages(b.phone)[0]!.code;
    const fields = { ...commitFields('budget-signed-1'), productId: String(signed.id), loanTermId: String(signed.id), signCode: code };
    const statements = await statementsOf(() => postMultipart<CommittedOrder>(t, API_PATHS.orderCommit, { token: b.token, fields }), { warm: false });
    expect(statements.length, listed(statements)).toBe(budget(COMMIT_OWN));
    expect(statements.filter((text) => /otp_codes/.test(text))).toHaveLength(1);
  });

  for (const read of reads) {
    it(`${read.name}: ${read.own} statement(s) of its own, none of them a write`, async () => {
      const statements = await statementsOf(read.send);
      expect(statements.length, listed(statements)).toBe(read.session === false ? read.own : budget(read.own));
      expect(statements.filter((text) => WRITE.test(text))).toEqual([]);
    });
  }

  it('order/hardship (may help be asked, the open offer) on a loan being repaid: 4 statements of its own, none of them a write', async () => {
    const borrower = await createBorrower(t, 5_000_000n);
    const loan = await openLoan(t, borrower, { principal: 1_000_000n, planNums: 1 });
    const statements = await statementsOf(() => t.post(API_PATHS.hardship, { token: borrower.token, payload: { orderId: loan.order.id } }));
    expect(statements.length, listed(statements)).toBe(budget(4));
    expect(statements.filter((text) => WRITE.test(text))).toEqual([]);
  });

  it('counts what it claims: a write is seen as one, and the counter sees every statement of a transaction', async () => {
    t.statements.take();
    await t.database.uow.transaction(async () => {
      await t.database.uow.db.execute(sql`update app_settings set key = key where false`);
    });
    const statements = t.statements.take();
    expect(statements).toHaveLength(3);
    expect(statements.filter((text) => WRITE.test(text))).toHaveLength(1);
  });
});

/**
 * The back office's hot reads (decisions 095, 096), through an operator's browser: the operator
 * session is read and checked in `OPERATOR_OWN` statements on both drivers (no cache for operators).
 */
describe('statements per request on the back office', () => {
  let reviewer: OperatorSession;
  beforeAll(async () => {
    reviewer = await t.operatorSession('reviewer');
    // Two appeals in the queue: borrowers the engine rejected (too old), appealed by the reviewer.
    for (let index = 0; index < 2; index += 1) {
      const phone = randomPhone();
      const session = await t.loginWithOtp(phone);
      await t.app.inject({ method: 'POST', url: API_PATHS.devCreditCertify, payload: { phone, birthDate: '1940-01-01', monthlySalaryBand: '2' } });
      await t.services.credit.runReviews();
      const opened = await reviewer.browser.post(ADMIN_PATHS.reviewAppeal, { userId: session.id, reason: 'budget appeal' });
      expect(opened.envelope.code, opened.body).toBe(200);
    }
    await t.services.dashboard.aggregateThrough(vietnamDate(t.clock.now()));
  });

  const adminReads: Array<{ name: string; send: () => Promise<{ statusCode: number; body: string }>; own: number }> = [
    { name: 'GET /api/admin/reviews (the queue: one joined page)', send: () => reviewer.browser.get(ADMIN_PATHS.reviews, { status: 'pending' }), own: 1 },
    {
      name: 'GET /api/admin/dashboard (30 days and today live)',
      send: () => reviewer.browser.get(ADMIN_PATHS.dashboard, { from: addDays(vietnamDate(t.clock.now()), -30), to: vietnamDate(t.clock.now()) }),
      own: 3,
    },
  ];
  it('GET /api/admin/reconciliation/report (one day with payouts, bank side against the ledger): 5 statements of its own, none of them a write', async () => {
    // The day has this file's loans and their payouts: the report reads the day's bank transfers,
    // its cash movements in the ledger and what was held before it side by side, then the orders
    // and payout attempts of the day's money out, each batch in one statement (never one per order).
    const finance = await t.operatorSession('finance');
    const statements = await statementsOf(() => finance.browser.get(ADMIN_PATHS.reconciliationReport, { date: vietnamDate(t.clock.now()) }));
    expect(statements.length, listed(statements)).toBe(OPERATOR_OWN + 5);
    expect(statements.filter((text) => WRITE.test(text))).toEqual([]);
  });
  for (const read of adminReads) {
    it(`${read.name}: ${read.own} statement(s) of its own, none of them a write`, async () => {
      const statements = await statementsOf(read.send);
      expect(statements.length, listed(statements)).toBe(OPERATOR_OWN + read.own);
      expect(statements.filter((text) => WRITE.test(text))).toEqual([]);
    });
  }

  it('GET /api/admin/repayments/unidentified (the unmatched queue of several rows in every state): 3 statements of its own whatever the rows, none of them a write', async () => {
    // Decision 114's queue: the page of rows with their transfers and matched orders in one statement,
    // the suggestions of all open rows from one read of the requests around their times, the return
    // candidates of all rows to return from one read of money out (decision 125): never one per row.
    const finance = await t.operatorSession('finance');
    const admin = await t.operatorSession('admin');
    const borrower = await createBorrower(t, 5_000_000n);
    const loan = await openLoan(t, borrower, { principal: 1_000_000n, planNums: 1 });
    const quote = await t.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: borrower.token, payload: { orderNoList: [loan.order.orderNo] } });
    expect(quote.envelope.code, quote.body).toBe(200);
    const requested = quote.envelope.data.amount;
    const queued: number[] = [];
    // The open ones of about the amount the borrower's request asks for, so each has a suggestion.
    for (const amount of [41_000, 42_000, 43_000, 44_000, requested, requested + 1_000]) {
      const body = sepayTransfer(t, { content: `chuyen tien khong ro ${amount}`, transferAmount: amount });
      expect((await postSepay(t, body)).json()).toEqual({ success: true });
      const [row] = await t.database.db.select({ id: bankTransfers.id }).from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(body.id)));
      queued.push(row!.id);
    }
    const decide = async (path: string, payload: Record<string, unknown>) => {
      const proposed = await finance.browser.post<{ proposal: ProposalView }>(path, { ...payload, reason: 'budget queue' });
      expect(proposed.envelope.code, proposed.body).toBe(200);
      const approved = await admin.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposed.envelope.data.proposal.id });
      expect(approved.envelope.code, approved.body).toBe(200);
    };
    // Two matched, two to return (each with money out of its amount that may have carried it back), two open.
    await decide(ADMIN_PATHS.unidentifiedMatch, { transferId: queued[0], orderNo: loan.order.orderNo });
    await decide(ADMIN_PATHS.unidentifiedMatch, { transferId: queued[1], orderNo: loan.order.orderNo });
    for (const [index, amount] of [[2, 43_000], [3, 44_000]] as const) {
      await decide(ADMIN_PATHS.unidentifiedReturn, { transferId: queued[index] });
      expect((await postSepay(t, sepayTransfer(t, { transferType: 'out', content: 'hoan tien', transferAmount: amount }))).json()).toEqual({ success: true });
    }
    const all = await statementsOf(() => finance.browser.get(ADMIN_PATHS.unidentifiedTransfers, { state: 'all' }));
    expect(all.length, listed(all)).toBe(OPERATOR_OWN + 3);
    expect(all.filter((text) => WRITE.test(text))).toEqual([]);
    const listedRows = (await finance.browser.get<UnidentifiedTransferView[]>(ADMIN_PATHS.unidentifiedTransfers, { state: 'all' })).envelope.data.filter((row) => queued.includes(row.transferId));
    expect(listedRows.map((row) => row.state).sort()).toEqual(['matched', 'matched', 'open', 'open', 'to_return', 'to_return']);
    expect(listedRows.filter((row) => row.state === 'open').every((row) => row.suggestions.length > 0)).toBe(true);
    expect(listedRows.filter((row) => row.state === 'to_return').every((row) => row.returnCandidates.length > 0)).toBe(true);
    // The open tab alone: the page and its suggestions.
    const open = await statementsOf(() => finance.browser.get(ADMIN_PATHS.unidentifiedTransfers, { state: 'open' }));
    expect(open.length, listed(open)).toBe(OPERATOR_OWN + 2);
    expect(open.filter((text) => WRITE.test(text))).toEqual([]);
  });
});

/**
 * The back office's borrower view (decision 097): the operator session's read, then the endpoint's
 * own. The borrower page reads each section once, whatever the borrower holds (here: personal
 * data, KYC not done, an order paid out and accruing, another still paying, messages, a sign-in).
 */
describe("statements per request on the back office's borrower view", () => {
  /** Every operator call reads its session once (one prepared statement, on both drivers). */
  const OPERATOR_SESSION = 1;
  /**
   * The page: the account by its number; then side by side personal data, certification states,
   * the KYC document, the credit account, decisions, orders, messages, privacy consents, security
   * events, devices; then side by side the instalments, payments and agreements of those orders,
   * the ledger (the borrower's entries other than accruals, the accruals by key) and the entries' lines.
   */
  const DETAIL_OWN = 17;
  /** A phone search: the user by phone, then the accounts and the personal data of the hits. */
  const SEARCH_OWN = 3;

  it(`the borrower page: ${DETAIL_OWN} statements of its own, none a write; a search by phone: ${SEARCH_OWN}`, async () => {
    await savePersonalData(t, b.userId, { fullName: 'Đỗ Thị Ngân Sách', idNumber: randomIdNumber() });
    await openLoan(t, b, { principal: 2_000_000n, planNums: 1 });
    const admin = await t.operatorSession('viewer');
    const detail = await statementsOf(() => admin.browser.get(ADMIN_PATHS.borrowerDetail, { userId: b.session.id }));
    expect(detail.length, listed(detail)).toBe(OPERATOR_SESSION + DETAIL_OWN);
    expect(detail.filter((text) => WRITE.test(text))).toEqual([]);
    const search = await statementsOf(() => admin.browser.get(ADMIN_PATHS.borrowerSearch, { q: b.phone }));
    expect(search.length, listed(search)).toBe(OPERATOR_SESSION + SEARCH_OWN);
    expect(search.filter((text) => WRITE.test(text))).toEqual([]);
  });
});
