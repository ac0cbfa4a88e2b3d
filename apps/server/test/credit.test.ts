import { NO_MANUAL_REVIEW, vietnamDate } from '@sen/domain';
import { ADMIN_PATHS, API_PATHS, ERRORS, type HomeIndex, type LoanPage, type ProductInput, type ProductRecord } from '@sen/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/database.ts';
import { creditAccounts, creditDecisions, loanProducts, userMessages, users } from '../src/db/schema.ts';
import { CreditRepository } from '../src/modules/credit/credit.repository.ts';
import { CreditRules } from '../src/modules/credit/credit-rules.service.ts';
import { CreditRulesRepository } from '../src/modules/credit/credit-rules.repository.ts';
import { CreditService } from '../src/modules/credit/credit.service.ts';
import { ManualReviewRepository } from '../src/modules/credit/manual-review.repository.ts';
import { DEMO_PRODUCTS } from '../src/modules/product/index.ts';
import { committedOrder, createBorrower } from './helpers/loans.ts';
import { productChanger, testProduct } from './helpers/operators.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * Products as data and the credit review (issue 10, decisions 050 and 051) on PGlite and, with
 * TEST_DB=postgres, on PostgreSQL: operator endpoints and rate caps, the engine's decisions through
 * the review job, the job on two instances at once, home data for every mode, reservations under
 * the row lock, ownership.
 */
let t: TestApp;
/** A product change through the back office: proposed by a finance operator, approved by an admin (decision 091). */
let operator: ReturnType<typeof productChanger>;

beforeAll(async () => {
  t = await createTestApp();
  operator = productChanger((role) => t.operatorSession(role));
  for (const product of DEMO_PRODUCTS) await t.services.product.upsert(product);
});
afterAll(async () => t?.close());

const product = testProduct;

/** A signed-in borrower certified with these declared facts (the development certify call). */
async function borrower(facts: { birthDate?: string; monthlySalaryBand?: string; skipWork?: boolean } = { birthDate: '1995-04-01', monthlySalaryBand: '2' }) {
  const phone = randomPhone();
  const session = await t.loginWithOtp(phone);
  const certified = await t.app.inject({ method: 'POST', url: API_PATHS.devCreditCertify, payload: { phone, ...facts } });
  expect(certified.statusCode).toBe(200);
  const userId = await t.internalUserId(session.id);
  return { phone, token: session.token, userId };
}

const home = async (token: string) => {
  const response = await t.post<HomeIndex>(API_PATHS.homeIndex, { token });
  expect(response.envelope.code, response.body).toBe(200);
  return response.envelope.data;
};

describe('product names and tags in the reader’s language (decision 113)', () => {
  it('index/v3 names and tags each product in the request’s lang, Vietnamese without a translation; a change that leaves the translations out keeps them', async () => {
    const who = await borrower();
    const cards = async (lang?: 'en' | 'vn' | 'zh') => {
      const data = (await t.post<HomeIndex>(API_PATHS.homeIndex, { token: who.token, ...(lang ? { lang } : {}) })).envelope.data;
      return [...data.showProducts, ...data.canNotApplyProducts];
    };
    const card = (list: Awaited<ReturnType<typeof cards>>, name: string) => list.find((item) => item.productName === name);
    expect(card(await cards('vn'), 'Sen Nhanh')?.tagList).toEqual(['0,03%/ngày', 'Giải ngân nhanh']);
    expect(card(await cards(), 'Sen Nhanh')?.tagList).toEqual(['0,03%/ngày', 'Giải ngân nhanh']);
    const english = await cards('en');
    expect(card(english, 'Sen Express')?.tagList).toEqual(['0.03%/day', 'Fast payout']);
    // Sen Plus has no English name: its Vietnamese one, with English tags.
    expect(card(english, 'Sen Plus')?.tagList).toEqual(['0.04%/day', 'Higher limit']);
    expect(card(await cards('zh'), 'Sen 快贷')?.tagList).toEqual(['0.03%/天', '快速放款']);

    const { translations: _translations, ...withoutTranslations } = DEMO_PRODUCTS[0]!;
    await t.services.product.upsert({ ...withoutTranslations, sortOrder: DEMO_PRODUCTS[0]!.sortOrder });
    expect(card(await cards('en'), 'Sen Express')?.tagList).toEqual(['0.03%/day', 'Fast payout']);
  });
});

describe('operator products (decision 050)', () => {
  it('refuses calls without an operator session or the permission, before reading the body', async () => {
    const anonymous = await t.adminBrowser().post(ADMIN_PATHS.productPropose, { nonsense: true });
    expect(anonymous.statusCode).toBe(401);
    const viewer = await t.operatorSession('viewer');
    const refused = await viewer.browser.post(ADMIN_PATHS.productPropose, { nonsense: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.code).toBe(ERRORS.OPERATOR_PERMISSION_DENIED.code);
    expect((await t.adminBrowser().get(ADMIN_PATHS.products)).statusCode).toBe(401);
  });

  it('creates and changes a product by code, without code changes', async () => {
    const input = product();
    const created = await operator(input as Record<string, unknown>);
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json().data as ProductRecord;
    expect(record).toMatchObject({ code: input.code, dailyRatePpm: 400, annualPercent: 14.6, active: false });
    const changed = await operator({ ...input, name: 'Renamed', dailyRatePpm: 300, overdueDailyRatePpm: 450 });
    expect((changed.json().data as ProductRecord)).toMatchObject({ id: record.id, name: 'Renamed', annualPercent: 10.95 });
    const viewer = await t.operatorSession('viewer');
    const list = await viewer.browser.get<{ rateCap: unknown; products: ProductRecord[]; history: { productCode: string; version: number }[] }>(ADMIN_PATHS.products);
    expect(list.envelope.data.rateCap).toEqual({ licence: 'non-credit-institution', annualPercent: 20, overdueMultiple: 1.5 });
    expect(list.envelope.data.products.map((p) => p.code)).toContain(input.code);
    expect(list.envelope.data.history.filter((version) => version.productCode === input.code).map((version) => version.version)).toEqual([2, 1]);
  });

  it.each([
    ['interest above 20 % a year (548 ppm a day = 20.002 %)', { dailyRatePpm: 548, overdueDailyRatePpm: 0 }, 'RATE_OVER_CAP'],
    ['overdue charge above 150 % of the rate', { dailyRatePpm: 400, overdueDailyRatePpm: 601 }, 'RATE_OVER_CAP'],
    ['minimum above maximum', { minAmount: 6_000_000 }, 'PRODUCT_INVALID'],
    ['end before start', { activeFrom: '2026-12-01T00:00:00Z', activeTo: '2026-11-01T00:00:00Z' }, 'PRODUCT_INVALID'],
    ['a download jump without a URL', { jumpType: 1 }, 'PRODUCT_INVALID'],
  ] as const)('refuses %s', async (_label, change, error) => {
    const response = await operator(product(change as Partial<ProductInput>) as Record<string, unknown>);
    expect(response.json().code).toBe(ERRORS[error].code);
    expect(response.statusCode).toBe(400);
  });

  it('accepts 547 ppm a day (19.97 % a year), the largest daily rate under the cap', async () => {
    const response = await operator(product({ dailyRatePpm: 547, overdueDailyRatePpm: 820 }) as Record<string, unknown>);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers bad fields with the validation envelope, never a 5xx', async () => {
    const response = await operator({ ...product(), planNums: 'three', minAmount: -5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});

describe('the review (decision 051)', () => {
  it('starts when certification completes (status 0) and the job decides: approve with the limit and the boost', async () => {
    const b = await borrower();
    expect((await home(b.token)).userCreditStatus).toBe(0);
    await t.services.credit.runReviews();
    const data = await home(b.token);
    expect(data.userCreditStatus).toBe(1);
    // band 2: 5,000,000 + the 2,000,000 boost of the supplementary information (WORK done)
    expect(data.totalCreditAmount).toBe(7_000_000);
    const [decision] = await t.services.credit.decisions(b.userId);
    expect(decision).toMatchObject({ outcome: 'approve', creditLimit: 7_000_000n, policyVersion: 'v1', reasons: [] });
    expect(decision!.inputs).toMatchObject({ applicant: { birthDate: '1995-04-01', monthlySalaryBand: '2', phone: b.phone } });
    expect((decision!.ruleResults as { passed: boolean }[]).every((result) => result.passed)).toBe(true);
  });

  it.each([
    ['under 18 on the day', { birthDate: `${Number(vietnamDate(new Date()).slice(0, 4)) - 18}-12-31`, monthlySalaryBand: '2' }, 'minAge'],
    ['no birth date declared', { monthlySalaryBand: '2' }, 'minAge'],
    ['older than 60', { birthDate: '1950-01-01', monthlySalaryBand: '2' }, 'maxAge'],
    ['no income declared', { birthDate: '1995-04-01' }, 'incomeBand'],
  ])('rejects (status 2, next try date) for %s', async (_label, facts, rule) => {
    const b = await borrower(facts);
    await t.services.credit.runReviews();
    const data = await home(b.token);
    expect(data.userCreditStatus).toBe(2);
    expect(data.enableLoanStr).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(data.enableLoanDate).not.toBeNull();
    expect(data.userCreditAmount).toBe(0);
    const [decision] = await t.services.credit.decisions(b.userId);
    expect(decision).toMatchObject({ outcome: 'reject', creditLimit: 0n, reasons: [rule] });
  });

  it('puts a deny-listed phone in a calm period (calmFlag) with the reason kept for audit only', async () => {
    const phone = randomPhone();
    await t.services.credit.deny('phone', phone, 'fraud report 123');
    const session = await t.loginWithOtp(phone);
    await t.app.inject({ method: 'POST', url: API_PATHS.devCreditCertify, payload: { phone, birthDate: '1990-01-01', monthlySalaryBand: '3' } });
    await t.services.credit.runReviews();
    const data = await home(session.token);
    expect(data.calmFlag).toBe(true);
    expect(data.userCreditStatus).toBe(0);
    expect(data.enableLoanDate).not.toBeNull();
    const [decision] = await t.services.credit.decisions(await t.internalUserId(session.id));
    expect(decision).toMatchObject({ outcome: 'calm', reasons: ['denyList'] });
  });

  it('reviews a rejected borrower again once the retry date has come, and not before', async () => {
    const b = await borrower({ monthlySalaryBand: '2' });
    await t.services.credit.runReviews();
    expect(await t.services.credit.requestReview(b.userId)).toBe(false);
    await t.database.db.update(creditAccounts).set({ nextTryDate: '2000-01-01' }).where(eq(creditAccounts.userId, b.userId));
    await t.services.credit.runReviews();
    expect((await t.services.credit.decisions(b.userId)).length).toBe(2);
  });

  it('raises credit.decided for every decision, delivered after the decision commits', async () => {
    const heard: string[] = [];
    t.services.events.on('credit.decided', 'test.credit-decided', async (event) => {
      heard.push(`${event.userId}:${event.outcome}`);
    });
    const b = await borrower();
    await t.services.credit.runReviews();
    expect(heard).toContain(`${b.userId}:approve`);
  });

  it('decides each review once when two instances run the job at once', async () => {
    const borrowers = await Promise.all(Array.from({ length: 6 }, () => borrower()));
    const other = await t.openAnother();
    try {
      const second = other
        ? new CreditService(new CreditRepository(other.uow), other.uow, () => new Date(), (id) => t.services.certification.creditFacts(id), t.services.credit.policy, t.services.events, new CreditRules(new CreditRulesRepository(other.uow), { manualReview: NO_MANUAL_REVIEW }), new ManualReviewRepository(other.uow))
        : t.services.credit;
      const results = await Promise.all([t.services.credit.runReviews(), second.runReviews(), t.services.credit.runReviews(), second.runReviews()]);
      expect(results.reduce((sum, result) => sum + result.decided, 0)).toBe(6);
      for (const b of borrowers) {
        expect(await t.database.db.select().from(creditDecisions).where(eq(creditDecisions.userId, b.userId))).toHaveLength(1);
      }
    } finally {
      await other?.close();
    }
  });
});

describe('home data for every mode (index/v3)', () => {
  it('reviewing: status 0, every product locked with creditStatus 0, no credit', async () => {
    const b = await borrower();
    const data = await home(b.token);
    expect(data).toMatchObject({ userCreditStatus: 0, calmFlag: false, showProducts: [], userCreditAmount: 0, togetherLoanSign: 0, bankErrorFlag: false, repayProducts: [] });
    expect(data.canNotApplyProducts.length).toBeGreaterThanOrEqual(3);
    expect(data.canNotApplyProducts.every((card) => card.creditStatus === 0 && card.lock)).toBe(true);
  });

  it('approved: products within the limit, per-borrower cards, borrow from all', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const data = await home(b.token);
    expect(data.userCreditStatus).toBe(1);
    expect(data.userCreditAmount).toBe(7_000_000);
    expect(data.showProducts.map((card) => card.productName)).toEqual(['Sen Nhanh', 'Sen Linh Hoạt', 'Sen Plus']);
    const [nhanh, linh, plus] = data.showProducts;
    expect(nhanh).toMatchObject({ creditStatus: 1, maxLoanAmount: 5_000_000, minLoanAmount: 1_000_000, interestRate: 0.03, timeLimit: 30, newSign: 0, lock: false });
    // Capped at the available credit (7,000,000 of 10,000,000).
    expect(linh).toMatchObject({ maxLoanAmount: 7_000_000, newSign: 1, interestRate: 0.04, planNums: [1, 3] });
    // The borrower has done the supplementary information: the condition is met.
    expect(plus!.showConditionTypeSign).toBe('0');
    expect(data.togetherLoanSign).toBe(1);
    expect(data.canApplyAmount).toBe(7_000_000);
    expect(data.loanAmountRange).toBe('1.000.000 - 7.000.000');
    expect(data.isNew).toBe(1);
  });

  it("shows '1' on a product needing supplementary information while it is missing (WORK not required)", async () => {
    // The family's own configuration: WORK (supplementary information) is not a required step.
    const family = await createTestApp({ config: (config) => ({ ...config, authConfig: 'KYC,ID,BANK,TELECOM' }) });
    try {
      for (const item of DEMO_PRODUCTS) await family.services.product.upsert(item);
      const phone = randomPhone();
      const session = await family.loginWithOtp(phone);
      await family.app.inject({ method: 'POST', url: API_PATHS.devCreditCertify, payload: { phone, birthDate: '1995-04-01', monthlySalaryBand: '2', skipWork: true } });
      await family.services.credit.runReviews();
      const data = (await family.post<HomeIndex>(API_PATHS.homeIndex, { token: session.token })).envelope.data;
      expect(data.totalCreditAmount).toBe(5_000_000); // no boost without the supplementary information
      const plus = [...data.showProducts, ...data.canNotApplyProducts].find((card) => card.productName === 'Sen Plus')!;
      expect(plus.showConditionTypeSign).toBe('1');
      expect(data.showProducts.find((card) => card.productName === 'Sen Nhanh')!.showConditionTypeSign).toBeNull();

      // Adding the supplementary information later raises the limit by the boost, once.
      const userId = await family.internalUserId(session.id);
      await family.database.uow.transaction(() => family.services.certification.markItem(userId, 'WORK'));
      await family.database.uow.transaction(() => family.services.certification.markItem(userId, 'WORK'));
      const boosted = (await family.post<HomeIndex>(API_PATHS.homeIndex, { token: session.token })).envelope.data;
      expect(boosted.totalCreditAmount).toBe(7_000_000);
      expect(boosted.showProducts.find((card) => card.productName === 'Sen Plus')!.showConditionTypeSign).toBe('0');
      const decisions = await family.services.credit.decisions(userId);
      expect(decisions.map((decision) => decision.reasons)).toEqual([[], ['personalInfoBoost']]);
    } finally {
      await family.close();
    }
  });

  it('quota used up today: the card cannot be applied for, with tomorrow as the next borrowing date', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const [row] = await t.database.db.select().from(loanProducts).where(eq(loanProducts.code, 'sen-nhanh'));
    const today = vietnamDate(t.clock.now());
    for (let taken = 0; taken < row!.dailyQuota!; taken += 1) expect(await t.services.product.takeQuota(row!, today)).toBe(true);
    expect(await t.services.product.takeQuota(row!, today)).toBe(false);
    const data = await home(b.token);
    const card = data.canNotApplyProducts.find((item) => item.productId === row!.id)!;
    expect(card).toMatchObject({ quotaUsedUp: true, lock: true, creditStatus: 1 });
    expect(card.enableLoanDate! > today).toBe(true);
    expect(data.showProducts.some((item) => item.productId === row!.id)).toBe(false);
    await t.database.db.delete((await import('../src/db/schema.ts')).productDailyUsage);
  });

  it('no products: both lists empty when every product is inactive', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const saved = await t.database.db.select().from(loanProducts);
    await t.database.db.update(loanProducts).set({ active: false });
    try {
      const data = await home(b.token);
      expect(data).toMatchObject({ userCreditStatus: 1, showProducts: [], canNotApplyProducts: [], loanAmountRange: '', canApplyAmount: 0, togetherLoanSign: 0 });
    } finally {
      for (const row of saved) await t.database.db.update(loanProducts).set({ active: row.active }).where(eq(loanProducts.id, row.id));
    }
  });

  it('loan page: each applicable product in detail form with its share of the credit', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const response = await t.post<LoanPage>(API_PATHS.loanPage, { token: b.token });
    const data = response.envelope.data;
    expect(data.canApplyAmount).toBe(7_000_000);
    expect(data.showProducts.map((product) => [product.id, product.loanAmount])).toEqual([
      [data.showProducts[0]!.productId, 5_000_000],
      [data.showProducts[1]!.productId, 2_000_000],
    ]);
    const term = data.showProducts[0]!.loanTermConfigDTOList[0]!;
    // 5,000,000 × 0.03 % × 30 days = 45,000; service fee 1 % = 50,000
    expect(term).toMatchObject({ timeLimit: 30, interestAmount: 45_000, serviceAmount: 50_000, defaultSign: 1 });
  });

  it('carries the default receiving account (bank account or e-wallet, masked) and bankErrorFlag from the bank module', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const none = await home(b.token);
    expect(none).toMatchObject({ bankErrorFlag: false, bankInfoId: null, bankNo: null, userCashWalletId: null, walletAccount: null });

    const bank = t.services.bank.banks()[0]!;
    const cardId = await t.services.bank.add(b.userId, { account: { kind: 'CARD', bankId: bank.id, holderName: 'NGUYEN VAN A', number: '0011001234567' }, isDefault: true });
    const card = await home(b.token);
    expect(card).toMatchObject({ bankErrorFlag: false, bankInfoId: cardId, userCashWalletId: null, walletAccount: null });
    expect(card.bankNo).toMatch(/4567$/);
    expect(card.bankNo).not.toContain('0011001234567');

    const walletId = await t.services.bank.add(b.userId, { account: { kind: 'WALLET', walletId: 1, holderName: null, number: '0912000111' }, isDefault: true });
    const wallet = await home(b.token);
    expect(wallet).toMatchObject({ bankInfoId: null, bankNo: null, userCashWalletId: walletId, bankErrorFlag: false });
    expect(wallet.walletAccount).toMatch(/0111$/);
    expect(wallet.walletAccount).not.toBe('0912000111');
    // The loan page (borrow from all) shows the same receiving account.
    const page = (await t.post<LoanPage>(API_PATHS.loanPage, { token: b.token })).envelope.data;
    expect(page).toMatchObject({ userCashWalletId: walletId, bankInfoId: null });
    // Another borrower never sees it.
    const other = await borrower();
    expect(await home(other.token)).toMatchObject({ bankInfoId: null, userCashWalletId: null });
  });

  it('is user-scoped: a session is required and each borrower sees their own credit', async () => {
    const anonymous = await t.post(API_PATHS.homeIndex);
    expect(anonymous.envelope.code).toBe(401);
    const approved = await borrower();
    await t.services.credit.runReviews();
    const pending = await borrower();
    expect((await home(approved.token)).userCreditStatus).toBe(1);
    expect((await home(pending.token)).userCreditStatus).toBe(0);
  });

  it('reloan button sign: repay only until re-apply exists', async () => {
    const b = await borrower();
    const response = await t.get(API_PATHS.reloanButtonSign, { token: b.token });
    expect(response.envelope.data).toEqual({ reloanButtonSign: '0' });
  });
});

describe('demo seed', () => {
  it('makes the demo user certified and approved with a credit limit, products visible', async () => {
    const { seedDemo, DEMO_USER } = await import('../src/demo-seed.ts');
    await seedDemo(t);
    await seedDemo(t); // idempotent
    const session = await t.loginWithOtp(DEMO_USER.phone);
    const data = await home(session.token);
    expect(data).toMatchObject({ userCreditStatus: 1, userCreditAmount: 10_000_000, calmFlag: false });
    expect(data.showProducts.length).toBeGreaterThanOrEqual(3);
    expect((await t.get<{ userAuthState: string }>(API_PATHS.authDetail, { token: session.token })).envelope.data.userAuthState).toBe('30');
  });
});

describe('credit reservations (for the loan module)', () => {
  async function approved(limit: bigint) {
    const [user] = await t.database.db.insert(users).values({ phone: randomPhone() }).returning();
    await t.services.credit.approveForDemo(user!.id, limit);
    return user!.id;
  }

  it('refuses to reserve outside a transaction', async () => {
    const userId = await approved(1_000_000n);
    await expect(t.services.credit.reserve(userId, 1n)).rejects.toThrow(/open unit of work/);
  });

  it('never passes the limit with 64 reservations at once', async () => {
    const userId = await approved(10_000_000n);
    const uow = t.database.uow;
    const outcomes = await Promise.allSettled(Array.from({ length: 64 }, () => uow.transaction(() => t.services.credit.reserve(userId, 500_000n))));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(20);
    const [account] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    expect(account!.usedAmount).toBe(10_000_000n);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.errorName).toBe('CREDIT_LIMIT_EXCEEDED');
  });

  it('checks a borrower with many loans by their few watched, overdue or written-off ones, not by reading every loan (issue 24’s soak)', async () => {
    const b = await createBorrower(t, 1_000_000_000n);
    const order = await committedOrder(t, b, 1_000_000n);
    /** Rows of loan_orders this transaction read through indexes, so far. */
    const ordersFetched = async () =>
      Number((await executeRows<{ fetched: string }>(t.database.uow.db, sql`select pg_stat_get_xact_tuples_fetched('loan_orders'::regclass) as fetched`))[0]!.fetched);
    class RolledBack extends Error {}
    let fetched: number | null = null;
    await expect(
      t.database.uow.transaction(async () => {
        // 400 more loans of the same borrower (copies of the first under new numbers), and the statistics.
        const columns = (
          await executeRows<{ name: string }>(
            t.database.uow.db,
            sql`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'loan_orders' and is_generated = 'NEVER' and column_name not in ('id', 'order_no', 'idempotency_key') order by ordinal_position`,
          )
        ).map((row) => `"${row.name}"`);
        const list = sql.raw(columns.join(', '));
        await t.database.uow.db.execute(
          sql`insert into loan_orders (${list}, order_no, idempotency_key) select ${list}, order_no || '-' || n, 'copy-' || n from loan_orders, generate_series(1, 400) n where id = ${order.id}`,
        );
        await t.database.uow.db.execute(sql`analyze loan_orders`);
        const before = await ordersFetched();
        await t.services.credit.reserve(b.userId, 1_000_000n);
        fetched = (await ordersFetched()) - before;
        throw new RolledBack();
      }),
    ).rejects.toThrow(RolledBack);
    // Without loan_orders_watch_idx the watch check alone read all 401 (57 ms at 8,358 in the soak).
    expect(fetched).toBeLessThan(20);
  });

  it('releases what was used, never below zero, and refuses borrowers not approved', async () => {
    const userId = await approved(2_000_000n);
    const uow = t.database.uow;
    await uow.transaction(() => t.services.credit.reserve(userId, 1_500_000n));
    expect(await uow.transaction(() => t.services.credit.release(userId, 1_000_000n))).toEqual({ usedAmount: 500_000n, available: 1_500_000n });
    await expect(uow.transaction(() => t.services.credit.release(userId, 600_000n))).rejects.toThrow(RangeError);
    const pending = await borrower();
    await expect(uow.transaction(() => t.services.credit.reserve(pending.userId, 1n))).rejects.toMatchObject({ errorName: 'CREDIT_LIMIT_EXCEEDED' });
  });
});

describe('new-products message (issue 10)', () => {
  const newProductMessages = async (userId: string) =>
    t.database.db
      .select({ dedupeKey: userMessages.dedupeKey, content: userMessages.content, language: userMessages.language })
      .from(userMessages)
      .where(and(eq(userMessages.userId, userId), eq(userMessages.template, 'newProducts')));

  it('messages every approved borrower once per activation of a new product, nobody else', async () => {
    const first = await borrower();
    const second = await borrower();
    await t.services.credit.runReviews();
    const pending = await borrower();
    // The second borrower's last language is English: the message is written in it.
    await t.services.messages.rememberLanguage(second.userId, 'en');
    const codes: string[] = [];
    try {
      // Created active with newSign: one message each.
      const fresh = product({ active: true, newSign: true });
      codes.push(fresh.code);
      expect((await operator(fresh as Record<string, unknown>)).statusCode).toBe(200);
      const [message] = await newProductMessages(first.userId);
      expect(message).toMatchObject({ language: 'vn' });
      expect(message!.content).toContain('1 sản phẩm mới');
      expect((await newProductMessages(second.userId))[0]!.content).toContain('Congratulations on getting 1 new products!');
      expect(await newProductMessages(pending.userId)).toEqual([]);

      // Saved again while active (a retry, a rename): no new event.
      await operator({ ...fresh, name: 'Renamed' });
      expect(await newProductMessages(first.userId)).toHaveLength(1);

      // Without newSign, or created inactive: nothing.
      const plain = product({ active: true, newSign: false });
      const later = product({ active: false, newSign: true });
      codes.push(plain.code, later.code);
      await operator(plain as Record<string, unknown>);
      await operator(later as Record<string, unknown>);
      expect(await newProductMessages(first.userId)).toHaveLength(1);

      // The operator activates it: a new event; deactivated and activated again: another one.
      await operator({ ...later, active: true });
      expect(await newProductMessages(first.userId)).toHaveLength(2);
      await operator({ ...later, active: false });
      await operator({ ...later, active: true });
      const keys = (await newProductMessages(first.userId)).map((row) => row.dedupeKey);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(3);
      expect(await newProductMessages(second.userId)).toHaveLength(3);
      expect(await newProductMessages(pending.userId)).toEqual([]);
    } finally {
      await t.database.db.update(loanProducts).set({ active: false }).where(inArray(loanProducts.code, codes));
    }
  });

  it('announces a new product whose opening date was ahead once that date passes, once, even with two instances at once', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const opens = new Date(t.clock.now().getTime() + 2 * 86_400_000);
    const input = product({ active: true, newSign: true, activeFrom: opens.toISOString() });
    try {
      expect((await operator(input as Record<string, unknown>)).statusCode).toBe(200);
      // Saved active but not open yet: nobody is told, and the loan jobs' tick finds nothing.
      expect(await newProductMessages(b.userId)).toEqual([]);
      expect(await t.services.product.announceOpened()).toBe(0);

      t.clock.advance(2 * 86_400_000 + 60_000);
      const announced = await Promise.all([t.services.product.announceOpened(), t.services.product.announceOpened()]);
      expect(announced.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect(await newProductMessages(b.userId)).toHaveLength(1);
      expect(await t.services.product.announceOpened()).toBe(0);

      // Moved to open again later: that opening is announced in its turn.
      const reopens = new Date(t.clock.now().getTime() + 86_400_000);
      await operator({ ...input, activeFrom: reopens.toISOString() });
      expect(await t.services.product.announceOpened()).toBe(0);
      t.clock.advance(86_400_000 + 60_000);
      expect(await t.services.product.announceOpened()).toBe(1);
      expect(await newProductMessages(b.userId)).toHaveLength(2);
    } finally {
      await t.database.db.update(loanProducts).set({ active: false }).where(eq(loanProducts.code, input.code));
    }
  });

  it('activates once when two operators save the same activation at once', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const input = product({ active: false, newSign: true });
    await operator(input as Record<string, unknown>);
    try {
      // The products command and the seed save directly: two saves at once still announce once.
      const answers = await Promise.all([t.services.product.upsert({ ...input, active: true }), t.services.product.upsert({ ...input, active: true })]);
      expect(answers.map((answer) => answer.active)).toEqual([true, true]);
      expect(await newProductMessages(b.userId)).toHaveLength(1);
    } finally {
      await t.database.db.update(loanProducts).set({ active: false }).where(eq(loanProducts.code, input.code));
    }
  });

  it('pages through the approved borrowers', async () => {
    await borrower();
    await borrower();
    await borrower();
    await t.services.credit.runReviews();
    const pages: string[][] = [];
    for await (const page of t.services.credit.approvedBorrowers(2)) pages.push(page);
    const all = pages.flat();
    expect(pages.every((page) => page.length <= 2)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    const approved = await t.database.db.select({ userId: creditAccounts.userId }).from(creditAccounts).where(eq(creditAccounts.status, 1));
    expect(all.sort()).toEqual(approved.map((row) => row.userId).sort());
  });
});
