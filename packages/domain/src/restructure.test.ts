import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addVietnamDays } from './calendar.ts';
import { accountBalances, balanceAllowed, dailyAccrualPosting, disbursementPosting, feeChargedPosting, isBalanced, repaymentPosting, restructurePosting, type Posting } from './ledger.ts';
import { accrueNextDay, accrueThrough, applyRepayment, daysOverdue, instalmentOutstanding, isSettled, loanOutstanding, loanTotals, openLoan, sumComponents, type LoanState } from './repayment.ts';
import { mayAskForHelp, RESTRUCTURE_RULES, restructureLoan, RestructureRefused, restructureViolations, waivable, waiverCaps, type RestructureTerms } from './restructure.ts';
import { buildSchedule } from './schedule.ts';
import { termsArbitrary } from './test-arbitraries.ts';

const context = { loanId: 'loan-1', borrowerId: 'user-1', businessDate: '2026-03-15' };

/** 3,000,000 ₫ over 90 days in 3 instalments at 0.04 %/day with a 300,000 ₫ fee repaid with them, paid out on 2026-01-01. */
function loan(): LoanState {
  return openLoan(buildSchedule({ principal: 3_000_000n, dailyRatePpm: 400n, termDays: 90, planNums: 3, serviceFee: 300_000n, feeTiming: 'instalments', startDate: '2026-01-01' }));
}

/** The loan 20 days after its first due date (2026-01-31), nothing paid. */
const overdue = () => accrueThrough(loan(), '2026-02-20').state;
const noWaiver: RestructureTerms = { planNums: 6, periodDays: 30, waiveOverdueFee: 0n, waiveInterest: 0n };

describe('who may ask for help', () => {
  it('a loan overdue, or with an instalment due within 7 days; not one due later, nor one repaid', () => {
    const state = loan();
    expect(mayAskForHelp(accrueThrough(state, '2026-01-23').state, '2026-01-23')).toBe(false);
    expect(mayAskForHelp(accrueThrough(state, '2026-01-24').state, '2026-01-24')).toBe(true);
    expect(mayAskForHelp(overdue(), '2026-02-20')).toBe(true);
    const repaid = applyRepayment(accrueThrough(state, '2026-01-10').state, 10_000_000n).state;
    expect(mayAskForHelp(repaid, '2026-01-25')).toBe(false);
  });
});

describe('the rules of an offer', () => {
  const state = overdue();
  const date = '2026-02-20';
  const violations = (change: Partial<RestructureTerms>) => restructureViolations(state, date, { ...noWaiver, ...change });

  it('allows terms within every rule, and names each one broken', () => {
    expect(violations({})).toEqual([]);
    expect(violations({ planNums: 0 })).toContain('instalments');
    expect(violations({ planNums: 13 })).toContain('instalments');
    expect(violations({ periodDays: 6 })).toContain('period');
    expect(violations({ periodDays: 32 })).toContain('period');
    // 12 × 31 = 372 days > 365.
    expect(violations({ planNums: 12, periodDays: 31 })).toContain('term');
    // The old last due date is 2026-04-01; 10 × 31 days from 2026-02-20 ends 2026-12-27: 270 days later (> 180).
    expect(violations({ planNums: 10, periodDays: 31 })).toEqual(['extension']);
    // 7 × 30 from 2026-02-20 is 2026-09-18: 170 days after 2026-04-01 (allowed).
    expect(violations({ planNums: 7, periodDays: 30 })).toEqual([]);
  });

  it('caps the waivers: all of the overdue fee, half of the interest of instalments past due', () => {
    const owed = waivable(state, date);
    expect(owed.overdueFee).toBeGreaterThan(0n);
    expect(owed.overdueInterest).toBe(state.instalments[0]!.charged.interest);
    const caps = waiverCaps(state, date);
    expect(caps).toEqual({ overdueFee: owed.overdueFee, interest: owed.overdueInterest / 2n });
    expect(violations({ waiveOverdueFee: caps.overdueFee, waiveInterest: caps.interest })).toEqual([]);
    expect(violations({ waiveOverdueFee: caps.overdueFee + 1n })).toEqual(['overdueFeeWaiver']);
    expect(violations({ waiveInterest: caps.interest + 1n })).toEqual(['interestWaiver']);
    expect(violations({ waiveInterest: -1n })).toEqual(['interestWaiver']);
  });

  it('refuses a loan with no principal left, and one not accrued through the date', () => {
    expect(() => restructureLoan(state, '2026-02-21', noWaiver)).toThrow(RangeError);
    expect(() => restructureLoan(state, date, { ...noWaiver, planNums: 13 })).toThrow(RestructureRefused);
  });
});

describe('restructuring a loan', () => {
  it('closes the old schedule, waives within the caps and opens the new one with what is carried', () => {
    const state = overdue();
    const date = '2026-02-20';
    const caps = waiverCaps(state, date);
    const plan = restructureLoan(state, date, { planNums: 6, periodDays: 30, waiveOverdueFee: caps.overdueFee, waiveInterest: caps.interest });
    const owed = loanOutstanding(state);
    expect(plan.closed).toEqual(owed);
    expect(plan.waived).toEqual({ principal: 0n, fee: 0n, interest: caps.interest, overdueFee: caps.overdueFee });
    expect(plan.carried).toEqual({ principal: owed.principal, fee: owed.fee, interest: owed.interest - caps.interest, overdueFee: 0n });
    // All three old instalments close (one overdue, two not due yet); six new ones from plan part 4.
    expect(plan.closedParts).toEqual([1, 2, 3]);
    expect(plan.instalments.map((row) => row.planPart)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(plan.instalments.map((row) => row.dueDate)).toEqual([30, 60, 90, 120, 150, 180].map((days) => addVietnamDays(date, days)));
    // The old instalments owe nothing and are over; nothing is overdue now.
    for (const instalment of plan.state.instalments.slice(0, 3)) {
      expect(sumComponents(instalmentOutstanding(instalment))).toBe(0n);
      expect(instalment.dueDate <= date).toBe(true);
    }
    expect(daysOverdue(plan.state, date)).toBe(0);
    expect(loanOutstanding(plan.state)).toEqual(plan.carried);
    // What the borrower repays: the carried amounts plus the new plan's interest; the APR is the loan's own rate (0.04 %/day ≈ 14.6 %) as no fee is added.
    expect(plan.totalRepayable).toBe(sumComponents(plan.carried) + plan.newInterest);
    expect(plan.annualRate.aprPercent).toBeGreaterThan(0);
    expect(plan.annualRate.aprPercent).toBeLessThan(14.7);
  });

  it('lowers a waiver to what is owed when applied (a payment came in between)', () => {
    const state = overdue();
    const caps = waiverCaps(state, '2026-02-20');
    const paid = applyRepayment(state, 100_000n).state;
    const plan = restructureLoan(paid, '2026-02-20', { ...noWaiver, waiveOverdueFee: caps.overdueFee, waiveInterest: caps.interest });
    expect(plan.waived.overdueFee).toBe(0n);
    expect(plan.terms.waiveOverdueFee).toBe(0n);
  });

  it('re-ageing: with no waiver the amount owed is kept and only the dates move', () => {
    const state = overdue();
    const plan = restructureLoan(state, '2026-02-20', noWaiver);
    expect(plan.carried).toEqual(loanOutstanding(state));
    expect(sumComponents(plan.waived)).toBe(0n);
  });

  it('accrues on the new schedule only: paid on time, the new plan costs exactly what it showed', () => {
    const state = overdue();
    const plan = restructureLoan(state, '2026-02-20', noWaiver);
    let current = plan.state;
    for (const row of plan.instalments) {
      current = accrueThrough(current, row.dueDate).state;
      current = applyRepayment(current, row.total).state;
    }
    expect(isSettled(current)).toBe(true);
    expect(current.credit).toBe(0n);
    // No overdue fee was charged, and no interest on the closed instalments after the date.
    const charged = loanTotals(current).charged;
    expect(charged.interest).toBe(loanTotals(state).paid.interest + plan.carried.interest + plan.newInterest);
  });

  it('posts balanced entries: the old receivables closed, the waivers out of income, the new ones opened', () => {
    const state = overdue();
    const caps = waiverCaps(state, '2026-02-20');
    const plan = restructureLoan(state, '2026-02-20', { ...noWaiver, waiveOverdueFee: caps.overdueFee, waiveInterest: caps.interest });
    const posting = restructurePosting(context, '7', plan)!;
    expect(posting.key).toBe('restructure:7');
    expect(isBalanced(posting)).toBe(true);
    const balances = accountBalances([posting]);
    expect(balances.get('loan_overdue_fee:loan-1')).toBe(-caps.overdueFee);
    expect(balances.get('loan_interest:loan-1')).toBe(-caps.interest);
    expect(balances.get('loan_principal:loan-1')).toBe(0n);
    expect(balances.get('overdue_fee_income')).toBe(caps.overdueFee);
    expect(balances.get('interest_income')).toBe(caps.interest);
    expect(() => restructurePosting(context, '7', { ...plan, carried: { ...plan.carried, principal: plan.carried.principal - 1n } })).toThrow(RangeError);
  });
});

describe('a restructured loan as postings (fast-check)', () => {
  it('never creates or loses a đồng: the ledger equals the loan state through payments, a restructure and payments after it', () => {
    fc.assert(
      fc.property(
        termsArbitrary,
        fc.integer({ min: 0, max: 120 }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.record({ planNums: fc.integer({ min: 1, max: 12 }), periodDays: fc.integer({ min: 7, max: 31 }) }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.record({ days: fc.integer({ min: 0, max: 60 }), amount: fc.bigInt({ min: 1n, max: 3_000_000n }) }), { maxLength: 4 }),
        (terms, daysBefore, paidBefore, shape, feeShare, interestShare, after) => {
          const schedule = buildSchedule(terms);
          const postings: Posting[] = [feeChargedPosting(context, terms.serviceFee), disbursementPosting(context, terms.principal, schedule.totals.deductedFee)].filter(
            (posting): posting is Posting => posting !== null,
          );
          const accrue = (state: LoanState, days: number) => {
            let current = state;
            for (let day = 0; day < days; day += 1) {
              const next = accrueNextDay(current);
              current = next.state;
              const posting = dailyAccrualPosting({ ...context, businessDate: next.accrual.date }, next.accrual);
              if (posting) postings.push(posting);
            }
            return current;
          };
          const pay = (state: LoanState, amount: bigint, reference: string) => {
            const paid = applyRepayment(state, amount);
            postings.push(repaymentPosting({ ...context, businessDate: state.accruedThrough }, reference, paid.allocation));
            return paid.state;
          };
          let state = accrue(openLoan(schedule), daysBefore);
          if (paidBefore > 0n) state = pay(state, paidBefore, 'before');
          const date = state.accruedThrough;
          const caps = waiverCaps(state, date);
          const wanted: RestructureTerms = {
            ...shape,
            waiveOverdueFee: BigInt(Math.floor(Number(caps.overdueFee) * feeShare)),
            waiveInterest: BigInt(Math.floor(Number(caps.interest) * interestShare)),
          };
          const allowed = restructureViolations(state, date, wanted, { ...RESTRUCTURE_RULES, maxExtensionDays: 100_000 }).length === 0;
          if (allowed) {
            const plan = restructureLoan(state, date, wanted, { ...RESTRUCTURE_RULES, maxExtensionDays: 100_000 });
            const posting = restructurePosting({ ...context, businessDate: date }, 'r', plan);
            if (posting) postings.push(posting);
            // Nothing created or lost by the restructure itself.
            expect(sumComponents(plan.closed)).toBe(sumComponents(plan.waived) + sumComponents(plan.carried));
            expect(loanOutstanding(plan.state)).toEqual(plan.carried);
            expect(loanTotals(plan.state).paid).toEqual(loanTotals(state).paid);
            state = plan.state;
          }
          after.forEach((step, index) => {
            state = pay(accrue(state, step.days), step.amount, `after${index}`);
          });
          for (const posting of postings) expect(isBalanced(posting)).toBe(true);
          const balances = accountBalances(postings);
          expect([...balances.values()].reduce((a, b) => a + b, 0n)).toBe(0n);
          for (const [key, balance] of balances) expect(balanceAllowed(key.split(':')[0] as never, balance)).toBe(true);
          const owed = loanOutstanding(state);
          expect(balances.get('loan_principal:loan-1') ?? 0n).toBe(owed.principal);
          expect(balances.get('loan_interest:loan-1') ?? 0n).toBe(owed.interest);
          expect(balances.get('loan_fee:loan-1') ?? 0n).toBe(owed.fee);
          expect(balances.get('loan_overdue_fee:loan-1') ?? 0n).toBe(owed.overdueFee);
          expect(-(balances.get('borrower_credit:user-1') ?? 0n)).toBe(state.credit);
          expect(balances.get('collection_bank') ?? 0n).toBe(state.received);
          expect(state.received).toBe(sumComponents(loanTotals(state).paid) + state.credit);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
