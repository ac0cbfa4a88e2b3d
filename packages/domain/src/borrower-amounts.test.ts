import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { borrowerAmounts } from './borrower-amounts.ts';
import { addVietnamDays } from './calendar.ts';
import { accrueThrough, amountDue, applyRepayment, openLoan, payoffAmount, writeOff } from './repayment.ts';
import { buildSchedule, type LoanTerms } from './schedule.ts';
import { termsArbitrary } from './test-arbitraries.ts';

const START = '2026-11-26';
/** The loan: 5,000,000 ₫ for 30 days at 0.03 %/day (45,000 ₫ interest), the fee taken out of the payout. */
const single: LoanTerms = { principal: 5_000_000n, dailyRatePpm: 300n, termDays: 30, planNums: 1, serviceFee: 50_000n, feeTiming: 'deducted', startDate: START };
/** Three instalments of 1,333,333/1,333,333/1,333,334 over 90 days. */
const three: LoanTerms = { principal: 4_000_000n, dailyRatePpm: 400n, termDays: 90, planNums: 3, serviceFee: 0n, feeTiming: 'deducted', startDate: START };

const day = (n: number) => addVietnamDays(START, n);

describe('borrowerAmounts', () => {
  it("keeps the total repayment and the contract's interest apart from the interest accrued so far (day 0, 10, 40)", () => {
    const loan = openLoan(buildSchedule(single));
    const day0 = borrowerAmounts(loan, day(0));
    const day10 = borrowerAmounts(loan, day(10));
    const day40 = borrowerAmounts(loan, day(40));
    expect([day0.accruedInterest, day10.accruedInterest, day40.accruedInterest]).toEqual([0n, 15_000n, 45_000n]);
    expect(day0.totalRepayment).toBe(5_045_000n);
    expect(day10.totalRepayment).toBe(5_045_000n);
    // Ten days overdue at 0.045 %/day on 5,000,000: 22,500 of overdue fee, in the total.
    expect(day40.totalRepayment).toBe(5_067_500n);
    expect(day40.settleToday).toBe(5_067_500n);
    expect(day40.dueNow).toBe(5_067_500n);
    expect(day40.duePlanParts).toEqual([1]);
    expect(day40.nextInstalment).toBeNull();
  });

  it('a loan not yet due: nothing due now, the next instalment as on its due date, to settle today with interest for the days used', () => {
    const loan = openLoan(buildSchedule(single));
    const amounts = borrowerAmounts(loan, day(10));
    expect(amounts.dueNow).toBe(0n);
    expect(amounts.duePlanParts).toEqual([]);
    expect(amounts.nextInstalment).toEqual({ planPart: 1, dueDate: day(30), amount: 5_045_000n });
    expect(amounts.settleToday).toBe(5_015_000n);
    expect(amounts.settleToday).toBe(payoffAmount(loan, day(10)));
    expect(amounts.remainingPrincipal).toBe(5_000_000n);
  });

  it("the next instalment is the schedule's instalment (1,333,333 + its period's interest), whatever the day it is read", () => {
    const schedule = buildSchedule(three);
    const loan = openLoan(schedule);
    const first = schedule.instalments[0]!;
    for (const n of [0, 5, 29]) expect(borrowerAmounts(loan, day(n)).nextInstalment).toEqual({ planPart: 1, dueDate: first.dueDate, amount: first.total });
    // On its due date it is due now, with the same amount; the next one is instalment 2.
    const onDue = borrowerAmounts(loan, first.dueDate);
    expect(onDue.dueNow).toBe(first.total);
    expect(onDue.duePlanParts).toEqual([1]);
    expect(onDue.nextInstalment?.planPart).toBe(2);
    expect(onDue.nextInstalment?.amount).toBe(schedule.instalments[1]!.total);
  });

  it('due now is the overdue instalments with their overdue fee, and equals what the domain says is due today', () => {
    const schedule = buildSchedule(three);
    const loan = openLoan(schedule);
    const today = addVietnamDays(schedule.instalments[0]!.dueDate, 5);
    const amounts = borrowerAmounts(loan, today);
    expect(amounts.dueNow).toBe(amountDue(loan, today));
    expect(amounts.dueNow).toBeGreaterThan(schedule.instalments[0]!.total);
    expect(amounts.nextInstalment?.planPart).toBe(2);
    expect(amounts.settleToday).toBe(payoffAmount(loan, today));
  });

  it('after paying what is due now, nothing is due and the loan is current', () => {
    const schedule = buildSchedule(three);
    const today = addVietnamDays(schedule.instalments[0]!.dueDate, 3);
    const loan = accrueThrough(openLoan(schedule), today).state;
    const before = borrowerAmounts(loan, today);
    const paid = applyRepayment(loan, before.dueNow).state;
    const after = borrowerAmounts(paid, today);
    expect(after.dueNow).toBe(0n);
    expect(after.settleToday).toBe(before.settleToday - before.dueNow);
    expect(after.remainingPrincipal).toBe(4_000_000n - schedule.instalments[0]!.principal);
  });

  it('a written-off loan: all it still owes is due now and settles it; nothing is next', () => {
    const schedule = buildSchedule(single);
    const today = day(60);
    const loan = writeOff(accrueThrough(openLoan(schedule), today).state, today).state;
    const amounts = borrowerAmounts(loan, today);
    expect(amounts.dueNow).toBeGreaterThan(5_045_000n);
    expect(amounts.settleToday).toBe(amounts.dueNow);
    expect(amounts.nextInstalment).toBeNull();
    expect(amounts.remainingPrincipal).toBe(5_000_000n);
  });

  it('for any loan and day: due now ≤ to settle today, principal ≤ to settle today, and the total never below what settles today', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.integer({ min: 0, max: 400 }), (terms, n) => {
        const loan = openLoan(buildSchedule(terms));
        const today = addVietnamDays(terms.startDate, n);
        const amounts = borrowerAmounts(loan, today);
        expect(amounts.dueNow <= amounts.settleToday).toBe(true);
        expect(amounts.remainingPrincipal <= amounts.settleToday).toBe(true);
        expect(amounts.settleToday <= amounts.totalRepayment).toBe(true);
        expect(amounts.settleToday).toBe(payoffAmount(loan, today));
      }),
      { numRuns: 60 },
    );
  });
});
