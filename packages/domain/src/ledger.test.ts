import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CODES,
  CHART_OF_ACCOUNTS,
  UnbalancedPostingError,
  accountBalances,
  assertBalanced,
  balanceAllowed,
  dailyAccrualPosting,
  disbursementPosting,
  feeChargedPosting,
  isBalanced,
  overpaymentCreditPosting,
  refundPosting,
  repaymentPosting,
  writeOffPosting,
  type Posting,
} from './ledger.ts';
import { accrueNextDay, applyRepayment, loanOutstanding, loanTotals, openLoan, refundCredit, sumComponents, writeOff, type LoanState } from './repayment.ts';
import { buildSchedule } from './schedule.ts';
import { termsArbitrary } from './test-arbitraries.ts';

const context = { loanId: 'loan-1', borrowerId: 'user-1', businessDate: '2026-03-15' };

describe('chart of accounts', () => {
  it('gives every account a type, scope, rule and name', () => {
    for (const code of ACCOUNT_CODES) {
      const account = CHART_OF_ACCOUNTS[code];
      expect(['asset', 'liability', 'income', 'expense']).toContain(account.type);
      expect(['loan', 'borrower', 'lender']).toContain(account.scope);
      expect(account.name.length).toBeGreaterThan(3);
    }
    expect(balanceAllowed('loan_principal', -1n)).toBe(false);
    expect(balanceAllowed('borrower_credit', 1n)).toBe(false);
    expect(balanceAllowed('disbursement_bank', -1n)).toBe(true);
  });
});

describe('postings', () => {
  it('pays out the principal less a deducted fee, settling that fee', () => {
    const fee = feeChargedPosting(context, 200_000n)!;
    const payout = disbursementPosting(context, 2_000_000n, 200_000n);
    expect(payout.key).toBe('disbursement:loan-1');
    expect(payout.lines).toEqual([
      { account: { code: 'loan_principal', owner: 'loan-1' }, debit: 2_000_000n, credit: 0n },
      { account: { code: 'disbursement_bank', owner: null }, debit: 0n, credit: 1_800_000n },
      { account: { code: 'loan_fee', owner: 'loan-1' }, debit: 0n, credit: 200_000n },
    ]);
    const balances = accountBalances([fee, payout]);
    expect(balances.get('loan_fee:loan-1')).toBe(0n);
    expect(balances.get('fee_income')).toBe(-200_000n);
  });

  it('posts nothing for zero amounts', () => {
    expect(feeChargedPosting(context, 0n)).toBeNull();
    expect(dailyAccrualPosting(context, { interest: 0n, overdueFee: 0n })).toBeNull();
    expect(writeOffPosting(context, { overdueFee: 0n, fee: 0n, interest: 0n, principal: 0n })).toBeNull();
  });

  it('keys accruals by date and loan (a day side by side in the key index), repayments by transfer', () => {
    expect(dailyAccrualPosting(context, { interest: 600n, overdueFee: 0n })!.key).toBe('accrual:2026-03-15:loan-1');
    expect(dailyAccrualPosting(context, { interest: 0n, overdueFee: 900n })!.key).toBe('accrual:2026-03-15:loan-1');
    expect(repaymentPosting(context, 'sepay-123', { totals: { overdueFee: 0n, fee: 0n, interest: 1n, principal: 2n }, toCredit: 3n }).key).toBe('repayment:sepay-123');
  });

  it("posts a day's interest and overdue fee as one entry, leaving out a zero part", () => {
    const both = dailyAccrualPosting(context, { interest: 600n, overdueFee: 900n })!;
    expect(both.event).toBe('daily_accrual');
    expect(both.lines).toEqual([
      { account: { code: 'loan_interest', owner: 'loan-1' }, debit: 600n, credit: 0n },
      { account: { code: 'interest_income', owner: null }, debit: 0n, credit: 600n },
      { account: { code: 'loan_overdue_fee', owner: 'loan-1' }, debit: 900n, credit: 0n },
      { account: { code: 'overdue_fee_income', owner: null }, debit: 0n, credit: 900n },
    ]);
    expect(dailyAccrualPosting(context, { interest: 0n, overdueFee: 900n })!.lines.map((line) => line.account.code)).toEqual(['loan_overdue_fee', 'overdue_fee_income']);
    expect(() => dailyAccrualPosting(context, { interest: -1n, overdueFee: 900n })).toThrow(RangeError);
  });

  it('refuses unbalanced or malformed postings', () => {
    const good = dailyAccrualPosting(context, { interest: 600n, overdueFee: 0n })!;
    const bad = (change: (posting: Posting) => Posting) => () => assertBalanced(change(structuredClone(good)));
    expect(bad((p) => ({ ...p, lines: [p.lines[0]!, { ...p.lines[1]!, credit: 599n }] }))).toThrow(UnbalancedPostingError);
    expect(bad((p) => ({ ...p, lines: [p.lines[0]!] }))).toThrow(UnbalancedPostingError);
    expect(bad((p) => ({ ...p, lines: [{ ...p.lines[0]!, debit: -600n }, { ...p.lines[1]!, credit: -600n }] }))).toThrow(UnbalancedPostingError);
    expect(bad((p) => ({ ...p, lines: [{ ...p.lines[0]!, credit: 600n }, { ...p.lines[1]!, debit: 600n }] }))).toThrow(UnbalancedPostingError);
    expect(bad((p) => ({ ...p, lines: [{ ...p.lines[0]!, account: { code: 'loan_interest', owner: 'loan-2' } }, p.lines[1]!] }))).toThrow(UnbalancedPostingError);
    expect(bad((p) => ({ ...p, lines: [{ ...p.lines[0]!, account: { code: 'loan_interest', owner: null } }, p.lines[1]!] }))).toThrow(UnbalancedPostingError);
    expect(bad((p) => ({ ...p, lines: [p.lines[0]!, { ...p.lines[1]!, account: { code: 'no_such' as never, owner: null } }] }))).toThrow(UnbalancedPostingError);
    expect(isBalanced(good)).toBe(true);
    expect(() => disbursementPosting(context, 100n, 100n)).toThrow(RangeError);
  });
});

/**
 * Replays a loan's life as postings, the way the server does: accruals and repayments, then
 * (optionally) a write-off, payments after it (recovery, the rest credit), and a refund of
 * whatever credit is held at the end.
 */
function simulate(state: LoanState, steps: Array<{ days: number; amount: bigint }>, refund: boolean, writeOffAtEnd: boolean, afterWriteOff: bigint[] = []) {
  const postings: Posting[] = [];
  let current = state;
  let date = state.startDate;
  steps.forEach((step, index) => {
    for (let day = 0; day < step.days; day += 1) {
      const next = accrueNextDay(current);
      current = next.state;
      date = next.accrual.date;
      const dayContext = { ...context, businessDate: date };
      const accrual = dailyAccrualPosting(dayContext, next.accrual);
      if (accrual) postings.push(accrual);
    }
    const paid = applyRepayment(current, step.amount);
    current = paid.state;
    postings.push(repaymentPosting({ ...context, businessDate: date }, `t${index}`, paid.allocation));
  });
  if (writeOffAtEnd) {
    const closed = writeOff(current, date);
    const posting = writeOffPosting({ ...context, businessDate: date }, closed.writtenOff);
    if (posting) postings.push(posting);
    current = closed.state;
    afterWriteOff.forEach((amount, index) => {
      current = accrueNextDay(current).state;
      const paid = applyRepayment(current, amount);
      // Nothing reaches the closed receivables: recovery first, the rest credit.
      expect(sumComponents(paid.allocation.totals)).toBe(0n);
      current = paid.state;
      postings.push(repaymentPosting({ ...context, businessDate: current.accruedThrough }, `late${index}`, paid.allocation));
    });
  }
  if (refund && current.credit > 0n) {
    postings.push(refundPosting({ ...context, businessDate: date }, 'r1', current.credit));
    current = refundCredit(current, current.credit);
  }
  return { postings, state: current };
}

describe('a loan life as postings', () => {
  it('always balances, and the loan accounts equal what the loan state says is owed', () => {
    fc.assert(
      fc.property(
        termsArbitrary,
        fc.array(fc.record({ days: fc.integer({ min: 0, max: 45 }), amount: fc.bigInt({ min: 1n, max: 2_000_000n }) }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.bigInt({ min: 1n, max: 3_000_000n }), { maxLength: 3 }),
        (terms, steps, refund, writeOffAtEnd, afterWriteOff) => {
          const schedule = buildSchedule(terms);
          const opening = [feeChargedPosting(context, terms.serviceFee), disbursementPosting(context, terms.principal, schedule.totals.deductedFee)].filter(
            (posting): posting is Posting => posting !== null,
          );
          const { postings, state } = simulate(openLoan(schedule), steps, refund, writeOffAtEnd, afterWriteOff);
          const all = [...opening, ...postings];
          for (const posting of all) expect(isBalanced(posting)).toBe(true);
          const balances = accountBalances(all);
          // The trial balance is zero: every đồng debited somewhere is credited somewhere.
          expect([...balances.values()].reduce((a, b) => a + b, 0n)).toBe(0n);
          for (const [key, balance] of balances) expect(balanceAllowed(key.split(':')[0] as never, balance)).toBe(true);
          const owed = loanOutstanding(state);
          expect(balances.get('loan_principal:loan-1') ?? 0n).toBe(owed.principal);
          expect(balances.get('loan_interest:loan-1') ?? 0n).toBe(owed.interest);
          expect(balances.get('loan_fee:loan-1') ?? 0n).toBe(owed.fee);
          expect(balances.get('loan_overdue_fee:loan-1') ?? 0n).toBe(owed.overdueFee);
          expect(-(balances.get('borrower_credit:user-1') ?? 0n)).toBe(state.credit);
          // Cash: what came in is what the state received; what went out is the payout and refunds.
          expect(balances.get('collection_bank') ?? 0n).toBe(state.received);
          expect(-(balances.get('disbursement_bank') ?? 0n)).toBe(schedule.totals.disbursed + state.refunded);
          // Recovery: never more than was written off, and exactly what the state took as recovered.
          expect(-(balances.get('recovery_income') ?? 0n)).toBe(state.recovered);
          expect(state.recovered).toBeLessThanOrEqual(sumComponents(loanTotals(state).writtenOff));
          // Not a đồng created or lost: everything received is in the loan's paid components, recovery, credit or refunded.
          expect(state.received).toBe(sumComponents(loanTotals(state).paid) + state.recovered + state.credit + state.refunded);
        },
      ),
      { numRuns: 120 },
    );
  }, 60_000);

  it('keeps money sent with no loan owing as credit', () => {
    const posting = overpaymentCreditPosting({ borrowerId: 'user-1', loanId: null, businessDate: '2026-03-15' }, 'sepay-9', 50_000n);
    expect(accountBalances([posting]).get('borrower_credit:user-1')).toBe(-50_000n);
  });
});
