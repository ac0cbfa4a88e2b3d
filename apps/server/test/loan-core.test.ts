import { accrueThrough, addVietnamDays, loanOutstanding, sumComponents } from '@sen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createBorrower, openLoan } from './helpers/loans.ts';

/*
 * The loan core shared by payout, sweeps and repayments (decision 070): a paid-out loan's rows hold
 * the domain's state, accrual posts each day once whoever accrues, and the ledger check passes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('loan core (decision 070)', () => {
  it('pays out: schedule from day 0, fee and disbursement posted once, credit used', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 4_000_000n, planNums: 3, startDate: '2026-11-01' });
    expect(loan.order.state).toBe('repaying');
    expect(loan.instalments.map((row) => row.dueDate)).toEqual(['2026-12-01', '2026-12-31', '2027-01-30']);
    expect(await t.services.ledger.loanBalances(String(loan.order.id))).toMatchObject({ principal: 4_000_000n, fee: 0n, interest: 0n });
    // A second payout of the same order changes nothing.
    expect(await t.database.uow.transaction(() => t.services.loans.disburse(loan.order.id, '2026-11-02', new Date()))).toBe(false);
    expect((await t.services.credit.account(borrower.userId))?.usedAmount).toBe(4_000_000n);
  });

  it('accrues through a date exactly as the domain, posting each day once however often it runs', async () => {
    const borrower = await createBorrower(t);
    const opened = await openLoan(t, borrower, { principal: 4_000_000n, planNums: 3, startDate: '2026-10-01' });
    const through = addVietnamDays('2026-10-01', 45);
    for (let run = 0; run < 2; run += 1) {
      await t.database.uow.transaction(async () => {
        const loan = (await t.services.loans.lockLoan(opened.order.id))!;
        const state = await t.services.loans.accrueAndPost(loan, through);
        await t.services.loans.saveLoan(loan, state, new Date());
      });
    }
    const expected = accrueThrough(opened.state, through).state;
    const saved = (await t.services.loans.readLoan(opened.order.id))!;
    expect(saved.state).toEqual(expected);
    const balances = await t.services.ledger.loanBalances(String(opened.order.id));
    expect(balances.total).toBe(sumComponents(loanOutstanding(expected)));
    const report = await t.services.ledger.check();
    expect(report.violations).toEqual([]);
  });
});
