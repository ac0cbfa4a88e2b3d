import { ADMIN_PATHS, API_PATHS, ERRORS, type BorrowerDetail, ORDER_STATUS, PLAN_STATUS, type CommittedOrder, type OrderDetail, type RepayableOrder, type RepayQuote } from '@sen/contract';
import { addVietnamDays, vietnamDate } from '@sen/domain';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/database.ts';
import { instalmentOpen, instalmentOpenAs, loanInstalments, loanOrders, loanRepayments } from '../src/db/schema.ts';
import { ORDER_LEDGER_CHECKS } from '../src/modules/loan/order-ledger-checks.ts';
import { createBorrower, demoProducts, openLoan, type TestBorrower } from './helpers/loans.ts';
import { postMultipart } from './helpers/multipart.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Write-off and recovery, the review's mends (decision 111): a payment spread over several loans
 * reaches written-off ones after the loans being repaid; a written-off loan can be asked to be
 * repaid (repayment requests) and is shown to the family as 35, bad debt, with its instalments
 * still owed; the automatic write-off runs in batches until none are left; written-off instalments
 * leave the due-date index; the ledger check covers recoveries; the borrower's credit stays locked.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 0 } }) });
});
afterAll(async () => t?.close());

const today = () => vietnamDate(t.clock.now());
const orderRow = async (orderId: number) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId)))[0]!;
const writeOffCheck = ORDER_LEDGER_CHECKS.find((check) => check.name === 'write-offs-posted')!;
const writeOffViolations = async () => writeOffCheck.run(t.database.uow.root);
const expectLedgerOk = async () => expect((await t.services.ledger.check()).violations).toEqual([]);

/** A loan of `principal` paid out `daysAgo` days ago (plan 1 of 90 days). */
const loanStartedDaysAgo = (borrower: TestBorrower, daysAgo: number, principal = 3_000_000n) =>
  openLoan(t, borrower, { principal, planNums: 1, startDate: addVietnamDays(today(), -daysAgo) });

/**
 * A second loan of 1,000,000 ₫, taken 40 days ago while the first (paid out 120 days ago, due 30
 * days ago) was not yet overdue: no new loan is made while one is overdue (decision 115).
 */
const loanTakenBeforeTheOtherWasOverdue = (borrower: TestBorrower) =>
  openLoan(t, borrower, { principal: 1_000_000n, planNums: 1, startDate: addVietnamDays(today(), -40) });

/** Writes the order off now, as an approved proposal does. */
async function writeOff(orderId: number) {
  return t.database.uow.transaction(() => t.services.writeOffs.writeOff(orderId, { kind: 'manual', proposalId: 0, proposedBy: 0, approvedBy: 0 }));
}

async function quote(borrower: TestBorrower, orderNos: string[]) {
  const response = await t.post<RepayQuote>(API_PATHS.multipleOrderRepay, { token: borrower.token, payload: { orderNoList: orderNos }, lang: 'en' });
  expect(response.envelope.code, response.body).toBe(200);
  return response.envelope.data;
}

async function pay(content: string, amount: bigint) {
  const response = await postSepay(t, sepayTransfer(t, { content, transferAmount: Number(amount) }));
  expect(response.statusCode, response.body).toBe(200);
}

const detail = async (borrower: TestBorrower, orderId: number) =>
  (await t.post<OrderDetail>(API_PATHS.orderDetail, { token: borrower.token, payload: { orderId }, lang: 'en' })).envelope.data;

describe('a payment spread over several loans, some written off', () => {
  it('two loans, one written off: the loan being repaid is paid first, the rest is recovery of the written-off one', async () => {
    const borrower = await createBorrower(t);
    const writtenOff = await loanStartedDaysAgo(borrower, 120);
    const current = await loanTakenBeforeTheOtherWasOverdue(borrower);
    const result = await writeOff(writtenOff.order.id);
    const total = BigInt(result.total);

    // The written-off loan is repayable (decision 111): a request for both orders quotes what each owes.
    const owedCurrent = BigInt((await detail(borrower, current.order.id)).actualNeedRepayAmount);
    const both = await quote(borrower, [writtenOff.order.orderNo, current.order.orderNo]);
    expect(BigInt(both.amount)).toBe(owedCurrent + total);

    await pay(both.transferContent, owedCurrent + 500_000n);
    expect((await orderRow(current.order.id)).state).toBe('settled');
    const after = await orderRow(writtenOff.order.id);
    expect([after.state, after.recovered, after.creditHeld]).toEqual(['written_off', 500_000n, 0n]);
    const rows = await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, writtenOff.order.id));
    expect(rows.map((row) => [row.amount, row.recovered])).toEqual([[500_000n, 500_000n]]);
    expect(await writeOffViolations()).toEqual([]);
    await expectLedgerOk();
  });

  it('two written-off loans and one payment for both: each gets what it may still recover, nothing is left as credit', async () => {
    const borrower = await createBorrower(t);
    const first = await loanStartedDaysAgo(borrower, 120, 2_000_000n);
    const second = await loanStartedDaysAgo(borrower, 110, 1_500_000n);
    const a = BigInt((await writeOff(first.order.id)).total);
    const b = BigInt((await writeOff(second.order.id)).total);

    const both = await quote(borrower, [first.order.orderNo, second.order.orderNo]);
    expect(BigInt(both.amount)).toBe(a + b);
    await pay(both.transferContent, a + b);
    const [one, two] = [await orderRow(first.order.id), await orderRow(second.order.id)];
    // Before decision 111 the first got nothing (it "owed" nothing) and the second took all: recovery up to its own, the rest credit.
    expect([one.recovered, one.creditHeld]).toEqual([a, 0n]);
    expect([two.recovered, two.creditHeld]).toEqual([b, 0n]);
    expect(await writeOffViolations()).toEqual([]);
    await expectLedgerOk();
  });
});

describe('a written-off loan on the wire and in repayment requests', () => {
  it('is the family’s 35 (bad debt) with Repay while something is left, its instalments 35 with what they still owe; a request for an instalment or the order is accepted; all recovered: 40, nothing to pay', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 3_000_000n, planNums: 3, startDate: addVietnamDays(today(), -150) });
    const total = BigInt((await writeOff(loan.order.id)).total);

    const shown = await detail(borrower, loan.order.id);
    expect([shown.status, shown.appOrderInfoDto.status, shown.statusLabel, shown.canRepay]).toEqual([ORDER_STATUS.BAD_DEBTS, ORDER_STATUS.BAD_DEBTS, 'Bad debt', true]);
    expect(shown.writeOff).toMatchObject({ amount: Number(total), recovered: 0 });
    expect(shown.actualNeedRepayAmount).toBe(Number(total));
    const plan = shown.installmentRepaymentPlanDTOList;
    expect(plan.map((row) => row.planStatus)).toEqual([PLAN_STATUS.BAD_DEBTS, PLAN_STATUS.BAD_DEBTS, PLAN_STATUS.BAD_DEBTS]);
    expect(plan.reduce((sum, row) => sum + row.actualNeedRepayAmount, 0)).toBe(Number(total));
    expect(shown.appOrderRepayDto.payGoUrl).toBeTruthy();
    // Its overdue fee is still owed (issue 25 item 8): never 'Overdue fee 0 ₫' as if nothing were.
    const overdueFee = plan.reduce((sum, row) => sum + row.needRepayPenaltyAmount, 0);
    expect(overdueFee).toBeGreaterThan(0);
    expect([shown.penaltyAmount, shown.appOrderRepayDto.penaltyAmount, shown.outstandingOverdueFee]).toEqual([overdueFee, overdueFee, overdueFee]);
    // Decision 119: all of it is due now and settles it; nothing is 'next'.
    expect(shown.amounts).toMatchObject({ dueNow: Number(total), settleToday: Number(total), nextInstalment: null, duePlanParts: [1, 2, 3] });

    // The family's Orders tab (index/v3 repayProducts) and the batch list carry it too.
    const home = (await t.post<{ repayProducts: Array<{ orderNo: string; orderStatus: number; actualRepayAmount: number }> }>(API_PATHS.homeIndex, { token: borrower.token })).envelope.data;
    expect(home.repayProducts.find((row) => row.orderNo === loan.order.orderNo)).toMatchObject({ orderStatus: 35, actualRepayAmount: Number(total) });
    const list = (await t.post<RepayableOrder[]>(API_PATHS.multipleOrderList, { token: borrower.token, lang: 'en' })).envelope.data;
    expect(list.find((row) => row.orderNo === loan.order.orderNo)).toMatchObject({ orderStatus: 35, actualRepayAmount: Number(total), dueAmount: Number(total), statusLabel: 'Bad debt' });

    // repay/url for the first instalment: what of it is left to recover.
    const firstOnly = await t.post<RepayQuote>(API_PATHS.repayUrl, { token: borrower.token, payload: { orderNo: loan.order.orderNo, planNumList: [1] }, lang: 'en' });
    expect(firstOnly.envelope.code, firstOnly.body).toBe(200);
    expect(firstOnly.envelope.data.amount).toBe(plan[0]!.actualNeedRepayAmount);
    await pay(firstOnly.envelope.data.transferContent, BigInt(firstOnly.envelope.data.amount));
    const partly = await detail(borrower, loan.order.id);
    expect(partly.installmentRepaymentPlanDTOList.map((row) => row.planStatus)).toEqual([PLAN_STATUS.SETTLED, PLAN_STATUS.BAD_DEBTS, PLAN_STATUS.BAD_DEBTS]);
    expect(partly.actualNeedRepayAmount).toBe(Number(total) - plan[0]!.actualNeedRepayAmount);

    const rest = await quote(borrower, [loan.order.orderNo]);
    await pay(rest.transferContent, BigInt(rest.amount));
    const done = await detail(borrower, loan.order.id);
    expect([done.status, done.statusLabel, done.canRepay, done.actualNeedRepayAmount]).toEqual([ORDER_STATUS.SETTLED, 'Bad debt', false, 0]);
    expect((await orderRow(loan.order.id)).state).toBe('written_off');
    const refused = await t.post(API_PATHS.multipleOrderRepay, { token: borrower.token, payload: { orderNoList: [loan.order.orderNo] } });
    expect(refused.envelope.code).toBe(ERRORS.ORDER_NOT_REPAYABLE.code);
    await expectLedgerOk();
  });
});

describe('a written-off order’s figures (the probe: days past due 0, remaining principal read as the whole balance)', () => {
  it('counts its days past due on from the oldest instalment left to recover (0 once all is recovered); its remaining principal is the principal written off less what recovery paid towards it', async () => {
    const borrower = await createBorrower(t);
    const loan = await loanStartedDaysAgo(borrower, 120);
    const result = await writeOff(loan.order.id);
    const [principal, total] = [Number(result.principal), Number(result.total)];
    const others = total - principal;
    expect(others).toBeGreaterThan(100_000);
    const listed = async () => (await t.post<RepayableOrder[]>(API_PATHS.multipleOrderList, { token: borrower.token, lang: 'en' })).envelope.data.find((row) => row.orderNo === loan.order.orderNo);

    // Due 30 days ago (90-day loan paid out 120 days ago): 30 days past due, on the detail, the order list and the repay list alike.
    const shown = await detail(borrower, loan.order.id);
    expect([shown.overdueDays, shown.appOrderInfoDto.overdueDays, (await listed())?.overdueDays]).toEqual([30, 30, 30]);
    expect(shown.amounts).toMatchObject({ remainingPrincipal: principal, settleToday: total });

    // Recovery is spread as a payment would be (decision 111): overdue fee, fee and interest first, then principal.
    await pay((await quote(borrower, [loan.order.orderNo])).transferContent, 100_000n);
    const small = await detail(borrower, loan.order.id);
    expect(small.amounts).toMatchObject({ remainingPrincipal: principal, settleToday: total - 100_000 });
    t.clock.advance(86_400_000);
    await pay((await quote(borrower, [loan.order.orderNo])).transferContent, 400_000n);
    const partly = await detail(borrower, loan.order.id);
    // 500,000 recovered: `others` of it went to the overdue fee, fee and interest, the rest to principal.
    expect(partly.amounts).toMatchObject({ remainingPrincipal: principal - (500_000 - others), settleToday: total - 500_000 });
    expect(partly.outstandingPrincipal).toBe(principal - (500_000 - others));
    expect(partly.writeOff).toMatchObject({ amount: total, recovered: 500_000 });
    expect([partly.overdueDays, (await listed())?.overdueDays]).toEqual([31, 31]);
    // The back office's borrower view shows the same figures, and what was written off.
    const [user] = await executeRows<{ public_id: number }>(t.database.db, sql`select public_id::float8 as public_id from users where id = ${borrower.userId}`);
    const viewer = await t.operatorSession('viewer');
    const page = (await viewer.browser.get<BorrowerDetail>(ADMIN_PATHS.borrowerDetail, { userId: user!.public_id })).envelope.data;
    expect(page.orders.find((order) => order.orderId === loan.order.id)).toMatchObject({
      state: 'written_off',
      writtenOff: total,
      writtenOffPrincipal: principal,
      recovered: 500_000,
      daysPastDue: 31,
      remainingPrincipal: principal - (500_000 - others),
    });

    await pay((await quote(borrower, [loan.order.orderNo])).transferContent, BigInt(total - 500_000));
    const done = await detail(borrower, loan.order.id);
    expect([done.overdueDays, done.amounts]).toEqual([0, null]);
    await expectLedgerOk();
  });
});

describe('the borrower’s credit after a write-off', () => {
  it('stays locked: a commit is refused with CREDIT_NOT_APPROVED, even after everything was recovered', async () => {
    const borrower = await createBorrower(t, 20_000_000n);
    const loan = await loanStartedDaysAgo(borrower, 120, 2_000_000n);
    const total = BigInt((await writeOff(loan.order.id)).total);
    const productId = (await demoProducts(t)).get('sen-linh-hoat')!.id;
    const commit = (auditKey: string) =>
      postMultipart<CommittedOrder>(t, API_PATHS.orderCommit, {
        token: borrower.token,
        fields: { payWay: 'CARD', ip: '', imei: 'device-1', coordinate: '0.0,0.0', productId: String(productId), loanTermId: String(productId), planNums: '3', amount: '2000000', bankInfoId: String(borrower.accountId), auditKey },
      });
    const refused = await commit('after-write-off');
    expect(refused.envelope.code, refused.body).toBe(ERRORS.CREDIT_NOT_APPROVED.code);
    await pay(loan.order.orderNo, total);
    expect((await orderRow(loan.order.id)).recovered).toBe(total);
    expect((await commit('after-recovery')).envelope.code).toBe(ERRORS.CREDIT_NOT_APPROVED.code);
    const orders = await t.database.db.select().from(loanOrders).where(eq(loanOrders.userId, borrower.userId));
    expect(orders).toHaveLength(1);
  });
});

describe('the automatic write-off', () => {
  it('loops in batches until no candidate is left (each loan its own transaction), and a second run finds nothing', async () => {
    // Earlier tests' loans are under the threshold; these three are 180 days past due.
    const loans = [];
    for (let index = 0; index < 3; index += 1) loans.push(await loanStartedDaysAgo(await createBorrower(t), 90 + 180, 1_000_000n));
    const ids = loans.map((loan) => loan.order.id);
    const run = await t.services.writeOffs.runDue({ batchSize: 2 });
    expect(run).toEqual({ candidates: 3, writtenOff: 3, batches: 2 });
    const states = await t.database.db.select({ state: loanOrders.state }).from(loanOrders).where(inArray(loanOrders.id, ids));
    expect(states.map((row) => row.state)).toEqual(['written_off', 'written_off', 'written_off']);
    expect(await t.services.writeOffs.runDue({ batchSize: 2 })).toEqual({ candidates: 0, writtenOff: 0, batches: 0 });
    await expect(t.services.writeOffs.runDue({ batchSize: 0 })).rejects.toThrow(RangeError);
    await expectLedgerOk();
  });
});

describe('the due-date index of open instalments', () => {
  it('holds no instalment of a written-off loan, and the queries that state its predicate can use it', async () => {
    const [definition] = await executeRows<{ indexdef: string }>(t.database.uow.root, sql`select indexdef from pg_indexes where indexname = 'loan_instalments_due_idx'`);
    expect(definition!.indexdef).toMatch(/settled_at IS NULL\)? AND \(*\(*\(*written_off_principal/i);
    const writtenOff = await t.database.db.select({ id: loanOrders.id }).from(loanOrders).where(eq(loanOrders.state, 'written_off'));
    expect(writtenOff.length).toBeGreaterThan(0);
    const open = await t.database.db
      .select({ orderId: loanInstalments.orderId })
      .from(loanInstalments)
      .where(
        and(
          inArray(
            loanInstalments.orderId,
            writtenOff.map((row) => row.id),
          ),
          instalmentOpen(loanInstalments),
        ),
      );
    expect(open).toEqual([]);

    // With sequential scans off, a due-date query stating the predicate (drizzle's and the raw one) is planned on the index.
    const plans = await t.database.uow.transaction(async () => {
      const db = t.database.uow.db;
      await executeRows(db, sql`set local enable_seqscan = off`);
      const drizzleQuery = db.select({ orderId: loanInstalments.orderId }).from(loanInstalments).where(and(instalmentOpen(loanInstalments), lte(loanInstalments.dueDate, today()))).toSQL();
      const inlined = drizzleQuery.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(drizzleQuery.params[Number(n) - 1])}'`);
      const viaDrizzle = await executeRows<Record<string, string>>(db, sql.raw(`explain ${inlined}`));
      const viaRaw = await executeRows<Record<string, string>>(db, sql`explain select i.order_id from loan_instalments i where ${instalmentOpenAs('i')} and i.due_date < ${today()}::date`);
      return [viaDrizzle, viaRaw].map((rows) => rows.map((row) => Object.values(row).join(' ')).join('\n'));
    });
    for (const plan of plans) expect(plan).toContain('loan_instalments_due_idx');
  });
});

describe('the ledger check of write-offs and recoveries', () => {
  it('passes for recovered written-off loans and fails on a recovery posting the order does not show, or on a loan never written off', async () => {
    expect(await writeOffViolations()).toEqual([]);
    const borrower = await createBorrower(t);
    const loan = await loanStartedDaysAgo(borrower, 120, 1_000_000n);
    const current = await loanTakenBeforeTheOtherWasOverdue(borrower);
    await writeOff(loan.order.id);
    await pay(loan.order.orderNo, 200_000n);
    expect(await writeOffViolations()).toEqual([]);

    // A recovery posted to the ledger that the order's `recovered` and its payments do not show.
    const stray = (loanId: number, key: string) =>
      t.database.uow.transaction(() =>
        t.services.ledger.post({
          event: 'repayment',
          key,
          loanId: String(loanId),
          borrowerId: borrower.userId,
          businessDate: today(),
          memo: 'a wrong posting (test)',
          lines: [
            { account: { code: 'collection_bank', owner: null }, debit: 1_000n, credit: 0n },
            { account: { code: 'recovery_income', owner: null }, debit: 0n, credit: 1_000n },
          ],
        }),
      );
    await stray(loan.order.id, `test-stray-recovery:${loan.order.id}`);
    const wrong = await writeOffViolations();
    expect(wrong.map((row) => row.detail)).toEqual([expect.stringContaining(`order ${loan.order.id} (written_off)`)]);
    expect(wrong[0]!.detail).toContain('recovered 200000, recovery income 201000');

    // Recovery income on a loan that was never written off.
    await stray(current.order.id, `test-stray-recovery:${current.order.id}`);
    const details = (await writeOffViolations()).map((row) => row.detail);
    expect(details).toContainEqual(expect.stringContaining(`order ${current.order.id} (repaying)`));
  });
});
