import { API_PATHS, type RepayQuote } from '@sen/contract';
import {
  accrueThrough,
  addVietnamDays,
  applyRepayment,
  instalmentOutstanding,
  loanOutstanding,
  sumComponents,
  vietnamDate,
  type LoanState,
} from '@sen/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDecisions, ledgerEntries, loanRepayments, userMessages } from '../src/db/schema.ts';
import type { LoadedLoan } from '../src/modules/loan/index.ts';
import { createBorrower, demoProducts, openLoan, type TestBorrower } from './helpers/loans.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Money applied to loans (issue 12; docs/decisions/070, 076): partial, early, late, exact and
 * over-payments allocate exactly as the domain's applyRepayment says (instalment rows and ledger
 * balances compared with the domain state computed here from the same start), settlement gives
 * the credit back and raises it when on time, one request can settle several orders (oldest due
 * first). The ledger check passes after each. PGlite and PostgreSQL.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await demoProducts(t);
  // A product whose fee is paid with the instalments, so allocations have every component.
  await t.services.product.upsert({
    code: 'test-fee-instalments',
    name: 'Test phí theo kỳ',
    minAmount: 1_000_000,
    maxAmount: 20_000_000,
    termDays: 90,
    planNums: [3, 1],
    dailyRatePpm: 500,
    serviceFeePpm: 30_000,
    overdueDailyRatePpm: 750,
    feeTiming: 'instalments',
    tags: [],
    dailyQuota: 1000,
    sortOrder: 9,
  });
});
afterAll(async () => t?.close());

const today = () => vietnamDate(t.clock.now());

/** The domain's state after the same payments (each accrued through its date first, as the server does). */
function domainAfter(start: LoanState, payments: ReadonlyArray<{ date: string; amount: bigint }>): { state: LoanState; allocations: ReturnType<typeof applyRepayment>['allocation'][] } {
  let state = start;
  const allocations = [];
  for (const payment of payments) {
    state = accrueThrough(state, payment.date).state;
    const applied = applyRepayment(state, payment.amount);
    state = applied.state;
    allocations.push(applied.allocation);
  }
  return { state, allocations };
}

/** The bank reports a transfer for an order (its number as the content, as offline repayments write it). */
async function payOrder(orderNo: string, amount: bigint): Promise<void> {
  const response = await postSepay(t, sepayTransfer(t, { content: `NGUYEN VAN A tra no ${orderNo}`, transferAmount: Number(amount) }));
  expect(response.body).toBe('{"success":true}');
}

async function payQuote(quote: RepayQuote, amount: bigint | number = BigInt(quote.amount)): Promise<void> {
  const response = await postSepay(t, sepayTransfer(t, { content: `CK ${quote.transferContent}`, transferAmount: Number(amount) }));
  expect(response.body).toBe('{"success":true}');
}

/** The loan's rows and ledger equal the domain state: every instalment's balances, the accrual date, the credit held. */
async function expectLoanIs(loan: LoadedLoan, expected: LoanState): Promise<void> {
  const saved = (await t.services.loans.readLoan(loan.order.id))!;
  expect(saved.state.instalments).toEqual(expected.instalments);
  expect(saved.state.accruedThrough).toBe(expected.accruedThrough);
  expect(saved.state.credit).toBe(expected.credit);
  const owed = loanOutstanding(expected);
  expect(await t.services.ledger.loanBalances(String(loan.order.id))).toEqual({ ...owed, total: sumComponents(owed) });
}

async function expectLedgerOk(): Promise<void> {
  expect((await t.services.ledger.check()).violations).toEqual([]);
}

const used = async (borrower: TestBorrower) => (await t.services.credit.account(borrower.userId))!.usedAmount;
const limit = async (borrower: TestBorrower) => (await t.services.credit.account(borrower.userId))!.creditLimit;
const templatesOf = async (borrower: TestBorrower) =>
  (await t.database.db.select({ template: userMessages.template }).from(userMessages).where(eq(userMessages.userId, borrower.userId))).map((row) => row.template);

describe('allocation as the domain says', () => {
  it('partial: overdue fee → fee → interest → principal of the oldest instalment first; credit back by the principal repaid', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { productCode: 'test-fee-instalments', principal: 6_000_000n, planNums: 3, startDate: addVietnamDays(today(), -10) });
    const { state, allocations } = domainAfter(loan.state, [{ date: today(), amount: 2_500_000n }]);
    // Fee and ten days' interest of instalment 1 first, then its principal, then instalment 2's fee.
    expect(allocations[0]!.byInstalment.map((part) => part.planPart)).toEqual([1, 2]);
    expect(allocations[0]!.totals.fee).toBeGreaterThan(0n);
    await payOrder(loan.order.orderNo, 2_500_000n);
    await expectLoanIs(loan, state);
    expect(await used(borrower)).toBe(6_000_000n - allocations[0]!.totals.principal);
    const [repaid] = await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id));
    expect(repaid).toMatchObject({ amount: 2_500_000n, principal: allocations[0]!.totals.principal, fee: allocations[0]!.totals.fee, interest: allocations[0]!.totals.interest, overdueFee: 0n, toCredit: 0n });
    expect((await t.services.loans.readLoan(loan.order.id))!.order.state).toBe('repaying');
    expect(await templatesOf(borrower)).toContain('repaymentReceived');
    await expectLedgerOk();
  });

  it('early payoff: the quote is interest only for the days used; paying it settles, gives the credit back and raises the limit (on time)', async () => {
    const borrower = await createBorrower(t, 20_000_000n);
    const loan = await openLoan(t, borrower, { principal: 4_000_000n, planNums: 3, startDate: addVietnamDays(today(), -10) });
    const quote = await t.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: borrower.token, payload: { orderNoList: [loan.order.orderNo] } });
    const accrued = accrueThrough(loan.state, today()).state;
    expect(quote.envelope.data.amount).toBe(Number(sumComponents(loanOutstanding(accrued))));
    // Ten days of interest on 4,000,000 at 0.04 %/day, not the schedule's ninety.
    expect(quote.envelope.data.amount).toBe(4_000_000 + 16_000);
    await payQuote(quote.envelope.data);
    const { state } = domainAfter(loan.state, [{ date: today(), amount: BigInt(quote.envelope.data.amount) }]);
    await expectLoanIs(loan, state);
    const saved = (await t.services.loans.readLoan(loan.order.id))!;
    expect(saved.order.state).toBe('settled');
    expect(saved.order.settledAt).not.toBeNull();
    expect(await used(borrower)).toBe(0n);
    expect(await limit(borrower)).toBe(22_000_000n);
    const raise = await t.database.db.select().from(creditDecisions).where(eq(creditDecisions.userId, borrower.userId));
    expect(raise.map((decision) => decision.reasons)).toEqual([['onTimeSettlement']]);
    expect(await templatesOf(borrower)).toEqual(expect.arrayContaining(['loanSettled', 'creditLimitRaised']));
    // Status: settled (40) with nothing owed.
    const status = await t.post<{ status: string; orders: Array<{ orderStatus: number; outstandingAmount: number }> }>(API_PATHS.repayStatus, {
      token: borrower.token,
      payload: { requestId: quote.envelope.data.requestId },
    });
    expect(status.envelope.data).toMatchObject({ status: 'paid', orders: [{ orderStatus: 40, outstandingAmount: 0 }] });
    await expectLedgerOk();
  });

  it('late: the overdue fee (capped) is owed and paid first; a late settlement gives the credit back but does not raise the limit', async () => {
    const borrower = await createBorrower(t, 10_000_000n);
    const loan = await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -40) });
    const accrued = accrueThrough(loan.state, today()).state;
    const overdueFee = accrued.instalments[0]!.charged.overdueFee;
    // Ten days overdue at 0.045 %/day on 2,000,000 (the product's rate, within 150 % of 0.03 %).
    expect(overdueFee).toBe(9_000n);
    const list = await t.post<Array<{ orderNo: string; orderStatus: number; overdueDays: number; actualRepayAmount: number }>>(API_PATHS.multipleOrderList, { token: borrower.token });
    expect(list.envelope.data).toEqual([expect.objectContaining({ orderNo: loan.order.orderNo, orderStatus: 34, overdueDays: 10, actualRepayAmount: Number(sumComponents(loanOutstanding(accrued))) })]);
    const payoff = sumComponents(loanOutstanding(accrued));
    await payOrder(loan.order.orderNo, payoff);
    const { state, allocations } = domainAfter(loan.state, [{ date: today(), amount: payoff }]);
    expect(allocations[0]!.totals.overdueFee).toBe(9_000n);
    await expectLoanIs(loan, state);
    expect((await t.services.loans.readLoan(loan.order.id))!.order.state).toBe('settled');
    expect(await used(borrower)).toBe(0n);
    expect(await limit(borrower)).toBe(10_000_000n);
    expect(await templatesOf(borrower)).not.toContain('creditLimitRaised');
    await expectLedgerOk();
  });

  it('exact instalment: repay/url for instalment 1 quotes what it owes; paying it settles that instalment only', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { productCode: 'test-fee-instalments', principal: 3_000_000n, planNums: 3, startDate: addVietnamDays(today(), -5) });
    const quote = await t.post<RepayQuote>(API_PATHS.repayUrl, { token: borrower.token, payload: { orderNo: loan.order.orderNo, planNumList: [1] } });
    expect(quote.envelope.code, quote.body).toBe(200);
    const accrued = accrueThrough(loan.state, today()).state;
    expect(quote.envelope.data.amount).toBe(Number(sumComponents(instalmentOutstanding(accrued.instalments[0]!))));
    await payQuote(quote.envelope.data);
    const { state } = domainAfter(loan.state, [{ date: today(), amount: BigInt(quote.envelope.data.amount) }]);
    await expectLoanIs(loan, state);
    const rows = (await t.services.loans.readLoan(loan.order.id))!.instalments;
    expect(rows.map((row) => row.settledAt !== null)).toEqual([true, false, false]);
    expect((await t.services.loans.readLoan(loan.order.id))!.order.state).toBe('repaying');
    await expectLedgerOk();
  });

  it('over-payment: what is left after everything owed is kept as the loan’s credit, posted to the borrower’s credit account', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -3) });
    const payoff = sumComponents(loanOutstanding(accrueThrough(loan.state, today()).state));
    await payOrder(loan.order.orderNo, payoff + 123_456n);
    const { state, allocations } = domainAfter(loan.state, [{ date: today(), amount: payoff + 123_456n }]);
    expect(allocations[0]!.toCredit).toBe(123_456n);
    await expectLoanIs(loan, state);
    expect((await t.services.loans.readLoan(loan.order.id))!.order).toMatchObject({ state: 'settled', creditHeld: 123_456n });
    expect(await t.services.ledger.borrowerCredit(borrower.userId)).toBe(123_456n);
    expect(await templatesOf(borrower)).toEqual(expect.arrayContaining(['loanSettled', 'repaymentCreditHeld']));
    // A transfer for a loan already settled: all of it is kept as credit, nothing is owed again.
    await payOrder(loan.order.orderNo, 50_000n);
    expect(await t.services.ledger.borrowerCredit(borrower.userId)).toBe(173_456n);
    expect((await t.services.loans.readLoan(loan.order.id))!.order.creditHeld).toBe(173_456n);
    await expectLedgerOk();
  });

  it('one request for several orders: oldest due first, each given what it owes, the last the rest', async () => {
    const borrower = await createBorrower(t, 30_000_000n);
    const newer = await openLoan(t, borrower, { principal: 3_000_000n, planNums: 1, startDate: today() });
    const older = await openLoan(t, borrower, { productCode: 'sen-nhanh', principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -20) });
    // VT sends a JSON list; a comma-joined text is accepted too.
    const quote = await t.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: borrower.token, payload: { orderNoList: `${newer.order.orderNo},${older.order.orderNo}` } });
    expect(quote.envelope.code, quote.body).toBe(200);
    const olderOwed = sumComponents(loanOutstanding(accrueThrough(older.state, today()).state));
    const newerOwed = sumComponents(loanOutstanding(accrueThrough(newer.state, today()).state));
    expect(quote.envelope.data.amount).toBe(Number(olderOwed + newerOwed));
    await payQuote(quote.envelope.data, olderOwed + 1_000_000n);
    await expectLoanIs(older, domainAfter(older.state, [{ date: today(), amount: olderOwed }]).state);
    await expectLoanIs(newer, domainAfter(newer.state, [{ date: today(), amount: 1_000_000n }]).state);
    expect((await t.services.loans.readLoan(older.order.id))!.order.state).toBe('settled');
    expect((await t.services.loans.readLoan(newer.order.id))!.order.state).toBe('repaying');
    // One posting per loan, keyed by the transfer and the order.
    const keys = (await t.database.db.select({ key: ledgerEntries.key }).from(ledgerEntries).where(and(eq(ledgerEntries.event, 'repayment'), eq(ledgerEntries.borrowerId, borrower.userId)))).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const loan of [older, newer]) expect(keys.filter((key) => new RegExp(`^repayment:transfer-\\d+:${loan.order.id}$`).test(key))).toHaveLength(1);
    const status = await t.post<{ status: string; paidAmount: number }>(API_PATHS.repayStatus, { token: borrower.token, payload: { requestId: quote.envelope.data.requestId } });
    expect(status.envelope.data).toMatchObject({ status: 'partly_paid', paidAmount: Number(olderOwed + 1_000_000n) });
    await expectLedgerOk();
  });

  it('a raise stops at CREDIT_MAX_LIMIT_VND; at the maximum an on-time settlement changes nothing', async () => {
    const borrower = await createBorrower(t, 99_000_000n);
    const first = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -2) });
    await payOrder(first.order.orderNo, sumComponents(loanOutstanding(accrueThrough(first.state, today()).state)));
    expect(await limit(borrower)).toBe(100_000_000n);
    const second = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -1) });
    await payOrder(second.order.orderNo, sumComponents(loanOutstanding(accrueThrough(second.state, today()).state)));
    expect(await limit(borrower)).toBe(100_000_000n);
    expect((await templatesOf(borrower)).filter((template) => template === 'creditLimitRaised')).toHaveLength(1);
    await expectLedgerOk();
  });

  it('a raise is not a review: the personal-information boost already given is not given again after it', async () => {
    const borrower = await createBorrower(t, 10_000_000n);
    // An approving review that did not count the supplementary information: the boost is due once.
    await t.database.db.insert(creditDecisions).values({
      userId: borrower.userId,
      reviewId: crypto.randomUUID(),
      outcome: 'approve',
      creditLimit: 10_000_000n,
      policyVersion: t.services.credit.policy.version,
      inputs: { applicant: { itemsDone: ['KYC', 'ID'] } },
      ruleResults: [],
      reasons: [],
      nextTryDate: null,
      createdAt: new Date(t.clock.now().getTime() - DAY_MS),
    });
    expect(await t.services.credit.applyBoost(borrower.userId)).toBe(true);
    expect(await limit(borrower)).toBe(12_000_000n);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1, startDate: addVietnamDays(today(), -2) });
    await payOrder(loan.order.orderNo, sumComponents(loanOutstanding(accrueThrough(loan.state, today()).state)));
    expect(await limit(borrower)).toBe(13_200_000n);
    expect(await t.services.credit.applyBoost(borrower.userId)).toBe(false);
    expect(await limit(borrower)).toBe(13_200_000n);
    const reasons = (await t.database.db.select().from(creditDecisions).where(eq(creditDecisions.userId, borrower.userId))).map((row) => row.reasons);
    expect(reasons).toEqual(expect.arrayContaining([['personalInfoBoost'], ['onTimeSettlement']]));
    await expectLedgerOk();
  });
});

describe('repaying over time (the movable clock)', () => {
  it('instalment 1 on time, then the rest after instalment 2 fell due: every step as the domain says; late, so no raise', async () => {
    const borrower = await createBorrower(t, 20_000_000n);
    const loan = await openLoan(t, borrower, { productCode: 'test-fee-instalments', principal: 9_000_000n, planNums: 3, startDate: today() });
    const payments: Array<{ date: string; amount: bigint }> = [];

    t.clock.advance(25 * DAY_MS);
    const first = sumComponents(instalmentOutstanding(accrueThrough(loan.state, addVietnamDays(loan.state.startDate, 30)).state.instalments[0]!));
    payments.push({ date: today(), amount: first });
    await payOrder(loan.order.orderNo, first);
    await expectLoanIs(loan, domainAfter(loan.state, payments).state);
    // Instalment 1 is paid in full before its due date although its last days' interest is included in the quote.
    expect((await t.services.loans.readLoan(loan.order.id))!.state.instalments[0]!.paid.principal).toBe(3_000_000n);

    t.clock.advance(40 * DAY_MS);
    const accrued = accrueThrough(domainAfter(loan.state, payments).state, today()).state;
    expect(accrued.instalments[1]!.charged.overdueFee).toBeGreaterThan(0n);
    const rest = sumComponents(loanOutstanding(accrued));
    payments.push({ date: today(), amount: rest });
    await payOrder(loan.order.orderNo, rest);
    await expectLoanIs(loan, domainAfter(loan.state, payments).state);
    expect((await t.services.loans.readLoan(loan.order.id))!.order.state).toBe('settled');
    expect(await used(borrower)).toBe(0n);
    expect(await limit(borrower)).toBe(20_000_000n);
    await expectLedgerOk();
  });
});
