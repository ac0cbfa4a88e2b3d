import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addVietnamDays, daysBetween } from './calendar.ts';
import { dailyInterest } from './interest.ts';
import {
  accrueNextDay,
  accrueThrough,
  amountDue,
  applyRepayment,
  daysOverdue,
  instalmentOutstanding,
  instalmentStatus,
  isSettled,
  loanOutstanding,
  loanTotals,
  openLoan,
  overdueRatePpm,
  payoffAmount,
  recoverable,
  instalmentsRecoverable,
  refundCredit,
  sumComponents,
  writeOff,
  type LoanState,
} from './repayment.ts';
import { buildSchedule, type LoanTerms } from './schedule.ts';
import { termsArbitrary } from './test-arbitraries.ts';

const terms: LoanTerms = {
  principal: 2_000_000n,
  dailyRatePpm: 300n,
  termDays: 91,
  planNums: 3,
  serviceFee: 90_000n,
  feeTiming: 'instalments',
  startDate: '2026-03-15',
};
const schedule = buildSchedule(terms);

/** Money in = money allocated + credit + refunded; nothing negative anywhere. */
function expectConserved(state: LoanState): void {
  const { charged, paid, writtenOff } = loanTotals(state);
  expect(sumComponents(paid) + state.recovered + state.credit + state.refunded).toBe(state.received);
  expect(state.credit >= 0n).toBe(true);
  expect(state.recovered >= 0n && state.recovered <= sumComponents(writtenOff)).toBe(true);
  for (const instalment of state.instalments) {
    const owed = instalmentOutstanding(instalment);
    for (const part of Object.values(owed)) expect(part >= 0n).toBe(true);
    for (const part of Object.values(instalment.paid)) expect(part >= 0n).toBe(true);
  }
  expect(sumComponents(charged) - sumComponents(paid) - sumComponents(writtenOff)).toBe(sumComponents(loanOutstanding(state)));
}

describe('overdue rate', () => {
  it('is capped at 150 % of the in-term rate (Circular 39/2016) and configurable below it', () => {
    expect(overdueRatePpm(300n)).toBe(450n);
    expect(overdueRatePpm(400n)).toBe(600n);
    expect(overdueRatePpm(300n, { capPercent: 150n, dailyRatePpm: 1_000n })).toBe(450n);
    expect(overdueRatePpm(300n, { capPercent: 150n, dailyRatePpm: 200n })).toBe(200n);
    expect(overdueRatePpm(333n, { capPercent: 150n })).toBe(499n);
    expect(overdueRatePpm(300n, { capPercent: 100n })).toBe(300n);
  });
});

describe('accrual', () => {
  it('adds up exactly to the schedule interest when paid on time', () => {
    let state = openLoan(schedule);
    for (const row of schedule.instalments) {
      const accrued = accrueThrough(state, row.dueDate);
      expect(accrued.days.reduce((sum, day) => sum + day.interest, 0n)).toBe(row.interest);
      expect(accrued.days.every((day) => day.overdueFee === 0n)).toBe(true);
      state = applyRepayment(accrued.state, row.total).state;
      expect(instalmentStatus(state.instalments[row.planPart - 1]!, row.dueDate)).toBe('paid');
    }
    expect(isSettled(state)).toBe(true);
    expect(state.credit).toBe(0n);
    expect(state.received).toBe(schedule.totals.repayable);
  });

  it('charges interest only for the days used when repaid early', () => {
    const opened = openLoan(buildSchedule({ ...terms, planNums: 1, serviceFee: 0n }));
    const tenDaysIn = addVietnamDays(terms.startDate, 10);
    expect(payoffAmount(opened, terms.startDate)).toBe(2_000_000n);
    expect(payoffAmount(opened, tenDaysIn)).toBe(2_000_000n + dailyInterest(2_000_000n, 300n, 10));
    const accrued = accrueThrough(opened, tenDaysIn).state;
    const { state } = applyRepayment(accrued, 2_006_000n);
    expect(isSettled(state)).toBe(true);
    // Settled: nothing more accrues.
    expect(accrueThrough(state, addVietnamDays(tenDaysIn, 200)).days.every((day) => day.interest === 0n && day.overdueFee === 0n)).toBe(true);
  });

  it('lowers later interest after an early partial repayment of principal', () => {
    const single = buildSchedule({ ...terms, planNums: 1, serviceFee: 0n });
    const day30 = addVietnamDays(terms.startDate, 30);
    const accrued = accrueThrough(openLoan(single), day30).state;
    // 18,000 interest owed, then 1,000,000 of principal.
    const { state, allocation } = applyRepayment(accrued, 1_018_000n);
    expect(allocation.totals).toEqual({ overdueFee: 0n, fee: 0n, interest: 18_000n, principal: 1_000_000n });
    expect(payoffAmount(state, single.instalments[0]!.dueDate)).toBe(1_000_000n + dailyInterest(1_000_000n, 300n, 61));
  });

  it('charges the overdue fee per day on overdue principal, and no interest after the due date', () => {
    const single = buildSchedule({ ...terms, planNums: 1, serviceFee: 0n });
    const due = single.instalments[0]!.dueDate;
    let state = accrueThrough(openLoan(single), due).state;
    expect(amountDue(state, due)).toBe(2_054_600n);
    const late = accrueThrough(state, addVietnamDays(due, 5));
    expect(late.days.map((day) => [day.interest, day.overdueFee])).toEqual(Array.from({ length: 5 }, () => [0n, 900n]));
    state = late.state;
    expect(daysOverdue(state, addVietnamDays(due, 5))).toBe(5);
    expect(instalmentStatus(state.instalments[0]!, addVietnamDays(due, 5))).toBe('overdue');
    // 4,500 overdue fee is paid first, then interest, then principal.
    const { allocation } = applyRepayment(state, 10_000n);
    expect(allocation.totals).toEqual({ overdueFee: 4_500n, fee: 0n, interest: 5_500n, principal: 0n });
  });

  it('allocates oldest instalment first, overdue fee → fee → interest → principal, the rest as credit', () => {
    const [first, second] = schedule.instalments;
    const late = addVietnamDays(second!.dueDate, 2);
    const state = accrueThrough(openLoan(schedule), late).state;
    const owedFirst = sumComponents(instalmentOutstanding(state.instalments[0]!));
    const { allocation, state: after } = applyRepayment(state, owedFirst + 1_000n);
    expect(allocation.byInstalment[0]).toMatchObject({ planPart: 1, principal: first!.principal, fee: first!.fee });
    expect(allocation.byInstalment[1]!.planPart).toBe(2);
    expect(allocation.byInstalment[1]!.overdueFee).toBe(instalmentOutstanding(state.instalments[1]!).overdueFee);
    const payoff = payoffAmount(after, late);
    const settled = applyRepayment(after, payoff + 12_345n);
    expect(settled.allocation.toCredit).toBe(12_345n);
    expect(isSettled(settled.state)).toBe(true);
    expect(refundCredit(settled.state, 12_345n).credit).toBe(0n);
    expect(() => refundCredit(settled.state, 12_346n)).toThrow(RangeError);
    expectConserved(settled.state);
  });

  it('writes off what is owed and accrues nothing after', () => {
    const state = accrueThrough(openLoan(schedule), addVietnamDays(terms.startDate, 120)).state;
    const owed = loanOutstanding(state);
    const { state: closed, writtenOff } = writeOff(state, addVietnamDays(terms.startDate, 120));
    expect(writtenOff).toEqual(owed);
    expect(sumComponents(loanOutstanding(closed))).toBe(0n);
    expect(isSettled(closed)).toBe(false);
    expect(accrueNextDay(closed).accrual).toMatchObject({ interest: 0n, overdueFee: 0n });
    // Money arriving after a write-off is recovery (income), up to what was written off; the rest credit.
    expect(applyRepayment(closed, 5_000n).allocation).toMatchObject({ toRecovery: 5_000n, toCredit: 0n });
    const total = sumComponents(writtenOff);
    const late = applyRepayment(closed, total + 7n);
    expect(late.allocation).toMatchObject({ toRecovery: total, toCredit: 7n });
    expect(recoverable(late.state)).toBe(0n);
    expectConserved(late.state);
  });

  it('spreads what was recovered over the written-off instalments oldest first, so what each still owes adds up to what is recoverable', () => {
    const state = accrueThrough(openLoan(schedule), addVietnamDays(terms.startDate, 120)).state;
    expect(instalmentsRecoverable(state).every((open) => sumComponents(open) === 0n)).toBe(true);
    const { state: closed, writtenOff } = writeOff(state, addVietnamDays(terms.startDate, 120));
    expect(instalmentsRecoverable(closed).map(sumComponents)).toEqual(closed.instalments.map((instalment) => sumComponents(instalment.writtenOff)));
    const first = sumComponents(closed.instalments[0]!.writtenOff);
    const partly = applyRepayment(closed, first + 1_000n).state;
    const open = instalmentsRecoverable(partly);
    expect(sumComponents(open[0]!)).toBe(0n);
    expect(sumComponents(open[1]!)).toBe(sumComponents(closed.instalments[1]!.writtenOff) - 1_000n);
    // Within an instalment, the overdue fee, fee and interest are recovered before principal.
    expect(sumComponents({ ...closed.instalments[1]!.writtenOff, principal: 0n })).toBeGreaterThan(1_000n);
    expect(open[1]!.principal).toBe(closed.instalments[1]!.writtenOff.principal);
    expect(open.reduce((sum, part) => sum + sumComponents(part), 0n)).toBe(recoverable(partly));
    expect(sumComponents(writtenOff) - 1_000n - first).toBe(recoverable(partly));
  });
});

const repaymentPlan = fc.array(fc.record({ afterDays: fc.integer({ min: 0, max: 40 }), amount: fc.bigInt({ min: 1n, max: 3_000_000n }) }), { minLength: 1, maxLength: 12 });

describe('any sequence of repayments', () => {
  it('never makes a balance negative, never loses or creates a đồng, and settles exactly when the payoff is paid (also through a write-off, recovery after it and a refund)', () => {
    fc.assert(
      fc.property(termsArbitrary, repaymentPlan, fc.option(fc.nat({ max: 11 })), fc.boolean(), (loanTerms, plan, writeOffAfter, refund) => {
        let state = openLoan(buildSchedule(loanTerms));
        let date = loanTerms.startDate;
        let accruedCharges = 0n;
        for (const [index, step] of plan.entries()) {
          date = addVietnamDays(date, step.afterDays);
          const accrued = accrueThrough(state, date);
          accruedCharges += accrued.days.reduce((sum, day) => sum + day.interest + day.overdueFee, 0n);
          state = accrued.state;
          const owedBefore = sumComponents(loanOutstanding(state));
          const recoverableBefore = recoverable(state);
          const payoff = payoffAmount(state, date);
          const { state: next, allocation } = applyRepayment(state, step.amount);
          // Never more allocated than owed (or recoverable); the rest is credit.
          expect(sumComponents(allocation.totals) + allocation.toRecovery + allocation.toCredit).toBe(step.amount);
          expect(sumComponents(allocation.totals) <= owedBefore).toBe(true);
          expect(allocation.toRecovery <= recoverableBefore).toBe(true);
          if (state.writtenOffOn === null) {
            // Settled exactly when the payment reached the payoff amount.
            expect(isSettled(next)).toBe(step.amount >= payoff);
            expect(allocation.toCredit).toBe(step.amount > payoff ? step.amount - payoff : 0n);
          } else {
            expect(sumComponents(allocation.totals)).toBe(0n);
            expect(allocation.toCredit).toBe(step.amount > recoverableBefore ? step.amount - recoverableBefore : 0n);
          }
          state = next;
          expectConserved(state);
          if (writeOffAfter === index && state.writtenOffOn === null) {
            const owed = sumComponents(loanOutstanding(state));
            const closed = writeOff(state, date);
            expect(sumComponents(closed.writtenOff)).toBe(owed);
            state = closed.state;
            expectConserved(state);
          }
        }
        if (refund && state.credit > 0n) {
          state = refundCredit(state, state.credit);
          expectConserved(state);
        }
        // What was charged is the principal, the instalment fee and exactly what accrued.
        const { charged } = loanTotals(state);
        expect(sumComponents(charged)).toBe(loanTerms.principal + buildSchedule(loanTerms).totals.instalmentFee + accruedCharges);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('settles on the last piece when each instalment is paid in any pieces on its due date, not before', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 4 }), (loanTerms, weights) => {
        const built = buildSchedule(loanTerms);
        let state = openLoan(built);
        let paid = 0n;
        const weightSum = BigInt(weights.reduce((a, b) => a + b, 0));
        for (const row of built.instalments) {
          state = accrueThrough(state, row.dueDate).state;
          // On its due date an instalment owes exactly its schedule row: nothing overdue, the period's interest.
          expect(sumComponents(instalmentOutstanding(state.instalments[row.planPart - 1]!))).toBe(row.total);
          let paidOfRow = 0n;
          weights.forEach((weight, index) => {
            const amount = index === weights.length - 1 ? row.total - paidOfRow : (row.total * BigInt(weight)) / weightSum;
            if (amount === 0n) return;
            state = applyRepayment(state, amount).state;
            paidOfRow += amount;
            paid += amount;
            expect(isSettled(state)).toBe(paid === built.totals.repayable);
          });
        }
        expect(paid).toBe(built.totals.repayable);
        expect(isSettled(state)).toBe(true);
        expect(state.credit).toBe(0n);
        expect(daysBetween(loanTerms.startDate, built.instalments.at(-1)!.dueDate)).toBe(loanTerms.termDays);
      }),
      { numRuns: 120 },
    );
  }, 60_000);
});
