import {
  accrueThrough,
  addVietnamDays,
  applyRepayment,
  buildSchedule,
  dailyAccrualPosting,
  loanOutstanding,
  overdueRatePpm,
  repaymentPosting,
  serviceFeeFor,
  type LoanState,
  type LoanTerms,
} from '@sen/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { payoutReference } from '../src/providers/payout/payout-provider.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders } from '../src/db/schema.ts';
import { LoanAccrual } from '../src/jobs/loan-accrual.ts';
import { createBorrower, demoProducts, openLoan, type TestBorrower } from './helpers/loans.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The set-based daily accrual (jobs/loan-accrual.ts) against its definition, the domain's
 * accrueNextDay, on PGlite and PostgreSQL: random loans with partial repayments on random days,
 * accrued day by day in SQL and in the domain, must agree to the đồng in every instalment and in
 * the ledger. Also: a date run twice changes nothing, missed dates are caught up, two instances
 * at once accrue each loan-day once, the ledger check passes.
 */
let t: TestApp;
let borrower: TestBorrower;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  borrower = await createBorrower(t, 1_000_000_000n);
  productId = (await demoProducts(t)).get('sen-nhanh')!.id;
});
afterAll(async () => t?.close());

interface RandomLoan {
  terms: LoanTerms;
  overdueRatePpm: bigint;
  /** [day after the start, amount] repayments. */
  repayments: Array<[number, bigint]>;
}

const START = '2026-03-01';

const loanArbitrary = fc
  .record({
    principal: fc.bigInt({ min: 500_000n, max: 30_000_000n }),
    ratePpm: fc.integer({ min: 100, max: 547 }),
    overduePercent: fc.integer({ min: 0, max: 150 }),
    termDays: fc.integer({ min: 14, max: 95 }),
    planNums: fc.integer({ min: 1, max: 4 }),
    feePpm: fc.integer({ min: 0, max: 50_000 }),
    feeTiming: fc.constantFrom('deducted' as const, 'instalments' as const),
    startOffset: fc.integer({ min: 0, max: 6 }),
    repayments: fc.array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.bigInt({ min: 1_000n, max: 12_000_000n })), { maxLength: 4 }),
  })
  .filter((raw) => raw.planNums <= raw.termDays)
  .map((raw): RandomLoan => {
    const rate = BigInt(raw.ratePpm);
    return {
      terms: {
        principal: raw.principal,
        dailyRatePpm: rate,
        termDays: raw.termDays,
        planNums: raw.planNums,
        serviceFee: serviceFeeFor({ kind: 'rate', ppm: BigInt(raw.feePpm) }, raw.principal),
        feeTiming: raw.feeTiming,
        startDate: addVietnamDays(START, raw.startOffset),
      },
      overdueRatePpm: overdueRatePpm(rate, { capPercent: 150n, dailyRatePpm: (rate * BigInt(raw.overduePercent)) / 100n }),
      repayments: raw.repayments,
    };
  });

/** An order with these exact terms, paid out on its start date. */
async function payOut(loan: RandomLoan): Promise<number> {
  const schedule = buildSchedule(loan.terms);
  return t.database.uow.transaction(async () => {
    const order = await t.services.loans.orders.insert(
      {
        userId: borrower.userId,
        productId,
        productName: 'Random',
        state: 'paying',
        principal: loan.terms.principal,
        termDays: loan.terms.termDays,
        planNums: loan.terms.planNums,
        dailyRatePpm: Number(loan.terms.dailyRatePpm),
        overdueRatePpm: Number(loan.overdueRatePpm),
        serviceFee: loan.terms.serviceFee,
        feeTiming: loan.terms.feeTiming,
        disbursedAmount: schedule.totals.disbursed,
        receivingAccountId: borrower.accountId,
        payWay: 'CARD',
        applyDate: loan.terms.startDate,
        idempotencyKey: `accrual-test:${Math.random().toString(36).slice(2)}`,
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
    await t.services.loans.disburse(order.id, loan.terms.startDate, t.clock.now());
    return order.id;
  });
}

/** A repayment applied the way the repayment module does: accrue (nothing left to), allocate, post, save. */
async function repay(orderId: number, amount: bigint, date: string, reference: string): Promise<void> {
  await t.database.uow.transaction(async () => {
    const loan = (await t.services.loans.lockLoan(orderId))!;
    const accrued = await t.services.loans.accrueAndPost(loan, date);
    const { state, allocation } = applyRepayment(accrued, amount);
    await t.services.ledger.post(repaymentPosting({ loanId: String(orderId), borrowerId: loan.order.userId, businessDate: date }, reference, allocation));
    await t.services.loans.saveLoan(loan, state, t.clock.now());
  });
}

describe('daily accrual in SQL (jobs/loan-accrual.ts)', () => {
  it('agrees with the domain to the đồng for random loans and repayments, in batches', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(loanArbitrary, { minLength: 3, maxLength: 8 }), fc.integer({ min: 1, max: 5 }), async (loans, batchSize) => {
        const accrual = new LoanAccrual(t.database.uow, batchSize);
        const ids = [];
        for (const loan of loans) ids.push(await payOut(loan));
        const expected = new Map<number, LoanState>();
        for (const id of ids) expected.set(id, (await t.services.loans.readLoan(id))!.state);
        const last = addVietnamDays(START, 110);
        for (let date = addVietnamDays(START, 1); date <= last; date = addVietnamDays(date, 1)) {
          await accrual.accrueThrough(date);
          for (const [index, loan] of loans.entries()) {
            const id = ids[index]!;
            let state = accrueThrough(expected.get(id)!, date).state;
            for (const [position, [day, amount]] of loan.repayments.entries()) {
              if (addVietnamDays(loan.terms.startDate, day) !== date) continue;
              await repay(id, amount, date, `accrual-test-${id}-${position}`);
              state = applyRepayment(state, amount).state;
            }
            expected.set(id, state);
          }
        }
        for (const id of ids) {
          const saved = (await t.services.loans.readLoan(id))!;
          const want = expected.get(id)!;
          expect(saved.state.instalments).toEqual(want.instalments);
          expect(saved.state.accruedThrough).toBe(want.accruedThrough);
          const outstanding = loanOutstanding(want);
          expect(await t.services.ledger.loanBalances(String(id))).toEqual({ ...outstanding, total: outstanding.principal + outstanding.fee + outstanding.interest + outstanding.overdueFee });
        }
        // Later runs start from the same dates: this run's loans leave the sweep (a settled loan accrues nothing).
        await t.database.db.update(loanOrders).set({ state: 'settled' }).where(eq(loanOrders.userId, borrower.userId));
      }),
      { numRuns: 3 },
    );
    expect((await t.services.ledger.check()).violations).toEqual([]);
  }, 240_000);

  it('changes nothing when a date is run again, and catches up missed dates in order', async () => {
    const other = await createBorrower(t);
    const opened = await openLoan(t, other, { principal: 6_000_000n, planNums: 3, startDate: '2026-05-01' });
    const accrual = new LoanAccrual(t.database.uow);
    // Ten days missed: one run catches them all up.
    const first = await accrual.accrueThrough('2026-05-11');
    expect(first.dates).toBeGreaterThanOrEqual(10);
    const after = (await t.services.loans.readLoan(opened.order.id))!;
    expect(after.state).toEqual(accrueThrough(opened.state, '2026-05-11').state);
    const entries = (await t.services.ledger.entriesOfLoan(String(opened.order.id))).length;
    const again = await accrual.accrueThrough('2026-05-11');
    expect(again.loans).toBe(0);
    expect((await t.services.loans.readLoan(opened.order.id))!.state).toEqual(after.state);
    expect((await t.services.ledger.entriesOfLoan(String(opened.order.id))).length).toBe(entries);
    // An older date than the loan's is nothing to do.
    expect((await accrual.accrueThrough('2026-05-05')).loans).toBe(0);
    // The SQL posted each day under the domain's key with the domain's lines: posting the domain's
    // own accrual postings again finds every key taken with the same lines (else PostingConflictError).
    const context = { loanId: String(opened.order.id), borrowerId: opened.order.userId };
    const days = accrueThrough(opened.state, '2026-05-11').days;
    const reposted = await t.database.uow.transaction(() => t.services.ledger.postMany(days.map((day) => dailyAccrualPosting({ ...context, businessDate: day.date }, day))));
    expect(reposted.length).toBeGreaterThanOrEqual(10);
    expect(reposted.every((result) => !result.created)).toBe(true);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });

  it('skips a loan-day a repayment already accrued, so the day is posted once', async () => {
    const other = await createBorrower(t);
    const opened = await openLoan(t, other, { principal: 4_000_000n, planNums: 3, startDate: '2026-06-01' });
    const accrual = new LoanAccrual(t.database.uow);
    await accrual.accrueThrough('2026-06-09');
    // A transfer on the 10th, before that day's sweep: the repayment accrues the day and posts it.
    await repay(opened.order.id, 500_000n, '2026-06-10', `before-sweep-${opened.order.id}`);
    // The sweep of the 10th (which accrues the other tests' loans) leaves this one alone.
    await accrual.accrueThrough('2026-06-10');
    const keys = (await t.services.ledger.entriesOfLoan(String(opened.order.id))).map((entry) => entry.key);
    expect(keys.filter((key) => key === `accrual:2026-06-10:${opened.order.id}`)).toHaveLength(1);
    const expected = applyRepayment(accrueThrough(opened.state, '2026-06-10').state, 500_000n).state;
    expect((await t.services.loans.readLoan(opened.order.id))!.state.instalments).toEqual(expected.instalments);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });

  it('accrues each loan-day once when two instances run at once (two pools on PostgreSQL; serial on PGlite)', async () => {
    const other = await t.openAnother();
    const secondUow = other?.uow ?? t.database.uow;
    try {
      const others = await Promise.all([createBorrower(t), createBorrower(t), createBorrower(t)]);
      const opened = [];
      for (const [index, other] of others.entries()) {
        for (let n = 0; n < 4; n += 1) opened.push(await openLoan(t, other, { principal: BigInt(3_000_000 + index * 500_000 + n * 100_000), planNums: 3, startDate: '2026-07-01' }));
      }
      const through = '2026-08-15';
      const [a, b] = await Promise.all([new LoanAccrual(t.database.uow, 3).accrueThrough(through), new LoanAccrual(secondUow, 3).accrueThrough(through)]);
      expect(a.loans + b.loans).toBeGreaterThanOrEqual(opened.length * 45);
      for (const loan of opened) {
        expect((await t.services.loans.readLoan(loan.order.id))!.state).toEqual(accrueThrough(loan.state, through).state);
      }
      expect((await t.services.ledger.check()).violations).toEqual([]);
    } finally {
      await other?.close();
    }
  });
});
