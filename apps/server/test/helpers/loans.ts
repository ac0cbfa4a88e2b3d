import { EMERGENCY_RELATIONSHIP, type LoginSession } from '@sen/contract';
import { buildSchedule, vietnamDate, type IsoDate } from '@sen/domain';
import { defaultPlanOf, DEMO_PRODUCTS, loanTermsOf, overdueRateOf, type ProductRow } from '../../src/modules/product/index.ts';
import { payoutReference } from '../../src/providers/payout/payout-provider.ts';
import type { LoadedLoan } from '../../src/modules/loan/index.ts';
import { randomPhone, type TestApp } from './test-app.ts';

/*
 * Borrowers and paid-out loans for server tests that start after the payout (accrual, repayment,
 * reminders): the same repository and LoanService calls the commit and the payout job make, without
 * going through them.
 */

export interface TestBorrower {
  phone: string;
  session: LoginSession;
  token: string;
  userId: string;
  accountId: number;
}

/** A signed-in borrower approved for `creditLimit` with a default bank account. */
export async function createBorrower(t: TestApp, creditLimit = 20_000_000n): Promise<TestBorrower> {
  const phone = randomPhone();
  const session = await t.loginWithOtp(phone);
  const userId = await t.internalUserId(session.id);
  await t.services.credit.approveForDemo(userId, creditLimit);
  const bank = t.services.bank.banks().find((candidate) => candidate.bankCode === 'VCB')!;
  await t.services.bank.bind(userId, {
    account: { kind: 'CARD', bankId: bank.id, holderName: 'NGUYEN VAN TEST', number: `00${phone.slice(2)}123` },
    contacts: [
      { relationship: EMERGENCY_RELATIONSHIP.FAMILY, name: 'Nguyễn Thị Một', phone: '0987000001' },
      { relationship: EMERGENCY_RELATIONSHIP.FRIEND, name: 'Trần Văn Hai', phone: '0905000002' },
    ],
  });
  const account = await t.services.bank.defaultAccount(userId);
  return { phone, session, token: session.token, userId, accountId: account!.id };
}

/** The demo products in the database (added once), by code. */
export async function demoProducts(t: TestApp): Promise<Map<string, ProductRow>> {
  const existing = await t.services.product.activeProducts();
  if (!DEMO_PRODUCTS.every((demo) => existing.some((row) => row.code === demo.code))) {
    for (const product of DEMO_PRODUCTS) await t.services.product.upsert(product);
  }
  return new Map((await t.services.product.activeProducts()).map((row) => [row.code, row]));
}

export interface OpenLoanOptions {
  /** A demo product code (default 'sen-linh-hoat': 90 days, plans 1 and 3, 0.04 %/day). */
  productCode?: string;
  principal?: bigint;
  planNums?: number;
  /** Day 0 of the loan (the payout's business date); default: today on the test clock. */
  startDate?: IsoDate;
}

/** A loan committed and paid out for `borrower` (credit reserved, order, schedule, postings): state 'repaying'. */
export async function openLoan(t: TestApp, borrower: TestBorrower, options: OpenLoanOptions = {}): Promise<LoadedLoan> {
  const product = (await demoProducts(t)).get(options.productCode ?? 'sen-linh-hoat')!;
  const principal = options.principal ?? 4_000_000n;
  const planNums = options.planNums ?? defaultPlanOf(product);
  const startDate = options.startDate ?? vietnamDate(t.clock.now());
  const terms = loanTermsOf(product, principal, planNums, startDate);
  const schedule = buildSchedule(terms);
  const { uow } = t.database;
  const orderId = await uow.transaction(async () => {
    await t.services.credit.reserve(borrower.userId, principal, { businessDate: startDate });
    const order = await t.services.loans.orders.insert(
      {
        userId: borrower.userId,
        productId: product.id,
        productName: product.name,
        state: 'paying',
        principal,
        termDays: product.termDays,
        planNums,
        dailyRatePpm: product.dailyRatePpm,
        overdueRatePpm: Number(overdueRateOf(product)),
        serviceFee: terms.serviceFee,
        feeTiming: product.feeTiming,
        disbursedAmount: schedule.totals.disbursed,
        receivingAccountId: borrower.accountId,
        payWay: 'CARD',
        applyDate: startDate,
        idempotencyKey: `test:${Math.random().toString(36).slice(2)}`,
      },
      schedule,
    );
    // As the payout job leaves it: the attempt that paid the loan out, then the payout.
    await t.services.loans.orders.insertAttempt({
      orderId: order.id,
      attempt: 1,
      reference: payoutReference(order.orderNo, 1),
      amount: order.disbursedAmount,
      receivingAccountId: order.receivingAccountId,
      state: 'succeeded',
      nextCheckAt: t.clock.now(),
      completedAt: t.clock.now(),
    });
    await t.services.loans.disburse(order.id, startDate, t.clock.now());
    return order.id;
  });
  return (await t.services.loans.readLoan(orderId))!;
}

/** An order as the commit leaves it, waiting for the payout job: credit and quota taken, state 'pending', attempt 1 'created' and due now. */
export async function committedOrder(t: TestApp, b: TestBorrower, principal = 3_000_000n) {
  const product = (await demoProducts(t)).get('sen-linh-hoat')!;
  const today = vietnamDate(t.clock.now());
  const terms = loanTermsOf(product, principal, defaultPlanOf(product), today);
  const schedule = buildSchedule(terms);
  return t.database.uow.transaction(async () => {
    await t.services.credit.reserve(b.userId, principal);
    if (!(await t.services.product.takeQuota(product, today))) throw new Error(`the quota of ${product.code} is used up today`);
    const order = await t.services.loans.orders.insert(
      {
        userId: b.userId,
        productId: product.id,
        productName: product.name,
        state: 'pending',
        principal,
        termDays: product.termDays,
        planNums: terms.planNums,
        dailyRatePpm: product.dailyRatePpm,
        overdueRatePpm: Number(overdueRateOf(product)),
        serviceFee: terms.serviceFee,
        feeTiming: product.feeTiming,
        disbursedAmount: schedule.totals.disbursed,
        receivingAccountId: b.accountId,
        payWay: 'CARD',
        applyDate: today,
        idempotencyKey: `committed-order:${Math.random().toString(36).slice(2)}`,
      },
      schedule,
    );
    await t.services.loans.orders.insertAttempt({
      orderId: order.id,
      attempt: 1,
      reference: payoutReference(order.orderNo, 1),
      amount: order.disbursedAmount,
      receivingAccountId: b.accountId,
      state: 'created',
      nextCheckAt: t.clock.now(),
    });
    return order;
  });
}
