import { ADMIN_PATHS, API_PATHS, ERRORS, type DashboardReport } from '@sen/contract';
import { addDays, vietnamDate } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/database.ts';
import { dashboardDaily } from '../src/db/schema.ts';
import { createBorrower, openLoan, type TestBorrower } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * The dashboards' daily aggregates (decision 096): on a seeded book (loans paid out on several
 * days, repaid in part, in full, or not at all and overdue), each aggregated day equals a direct
 * count from the orders and the ledger; re-running a date changes nothing; missed dates are caught
 * up by the job; the endpoint answers the range and today live.
 */

let t: TestApp;
let today: string;
let viewer: OperatorSession;
const day = (offset: number) => addDays(today, offset);
const loans: Array<{ orderId: number; principal: bigint }> = [];

async function repay(borrower: TestBorrower, orderId: number, amount: bigint, date: string) {
  await t.database.uow.transaction(() =>
    t.services.collection.apply({
      source: `test:${orderId}:${date}`,
      reference: `test-${orderId}-${date}`,
      userId: borrower.userId,
      amount,
      receivedAt: new Date(`${date}T10:00:00+07:00`),
      orderIds: [orderId],
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  today = vietnamDate(t.clock.now());
  viewer = await t.operatorSession('viewer');
  const seed = async (startOffset: number, principal: bigint, planNums: number) => {
    const borrower = await createBorrower(t, 50_000_000n);
    const loan = await openLoan(t, borrower, { startDate: day(startOffset), principal, planNums });
    loans.push({ orderId: loan.order.id, principal });
    return { borrower, orderId: loan.order.id };
  };
  // Three instalments every 30 days, none paid: the first was due 40 days ago (31–90 days past due).
  await seed(-70, 6_000_000n, 3);
  // First instalment due 5 days ago, unpaid (1–10 days past due).
  await seed(-35, 3_000_000n, 3);
  // One instalment due in 70 days; 1,500,000 repaid 5 days ago (interest first, the rest principal).
  const partly = await seed(-20, 4_000_000n, 1);
  await repay(partly.borrower, partly.orderId, 1_500_000n, day(-5));
  // Repaid in full 3 days ago (more than it owes: the rest is kept as credit).
  const settled = await seed(-10, 2_000_000n, 1);
  await repay(settled.borrower, settled.orderId, 2_100_000n, day(-3));
  // Paid out today: only in the live figures.
  await seed(0, 5_000_000n, 1);
});
afterAll(async () => t?.close());

/** Direct counts for one business date, straight from the orders and the ledger. */
async function direct(date: string) {
  const [row] = await executeRows<Record<string, string | number>>(
    t.database.db,
    sql`select
          (select count(*)::int from loan_orders where apply_date = ${date}::date) as applications,
          (select count(*)::int from ledger_entries where event = 'disbursement' and business_date = ${date}::date) as payouts,
          (select coalesce(sum(l.credit), 0)::text from ledger_entries e join ledger_lines l on l.entry_id = e.id
            where e.event = 'disbursement' and e.business_date = ${date}::date and l.account_code = 'disbursement_bank') as payout_amount,
          (select count(*)::int from ledger_entries where event = 'repayment' and business_date = ${date}::date) as repayments,
          (select coalesce(sum(l.debit), 0)::text from ledger_entries e join ledger_lines l on l.entry_id = e.id
            where e.event = 'repayment' and e.business_date = ${date}::date and l.account_code = 'collection_bank') as repayment_amount,
          (select coalesce(sum(l.debit - l.credit), 0)::text from ledger_entries e join ledger_lines l on l.entry_id = e.id
            where e.business_date <= ${date}::date and l.account_code = 'loan_principal') as outstanding`,
  );
  return row!;
}

const stored = async (date: string) => (await t.database.db.select().from(dashboardDaily).where(sql`${dashboardDaily.businessDate} = ${date}::date`))[0];

describe('the daily aggregates', () => {
  it('equal direct counts from the orders and the ledger on every day of a seeded book; missed dates are caught up by the job', async () => {
    // The job last ran 6 days ago (it aggregated through the day before): the days since are missed.
    expect(await t.services.dashboard.aggregateThrough(day(-6))).toMatchObject({ dates: 70 - 6 });
    expect(await stored(day(-7))).toBeDefined();
    expect(await stored(day(-6))).toBeUndefined();
    await t.jobs.runNow(['dashboard-aggregates']);

    for (let offset = -70; offset <= -1; offset += 1) {
      const date = day(offset);
      const [row, expected] = [await stored(date), await direct(date)];
      expect(row, date).toBeDefined();
      expect(
        [row!.applications, row!.payouts, row!.payoutAmount, row!.repayments, row!.repaymentAmount, row!.outstandingPrincipal],
        date,
      ).toEqual([expected.applications, expected.payouts, BigInt(expected.payout_amount!), expected.repayments, BigInt(expected.repayment_amount!), BigInt(expected.outstanding!)]);
    }
    expect(await stored(today)).toBeUndefined();
  });

  it('puts each overdue loan in its days-past-due bucket with its outstanding principal', async () => {
    const yesterday = (await stored(day(-1)))!;
    // 6,000,000 first due at day -40: 39 days past due yesterday; 3,000,000 first due at day -5: 4 days.
    expect([yesterday.overdue31To90Loans, yesterday.overdue31To90]).toEqual([1, 6_000_000n]);
    expect([yesterday.overdue1To10Loans, yesterday.overdue1To10]).toEqual([1, 3_000_000n]);
    expect([yesterday.overdue11To30Loans, yesterday.overdue91To180Loans, yesterday.overdueOver180Loans]).toEqual([0, 0, 0]);
    // Ten days before, the 6,000,000 loan was 29 days past due and the other not yet due.
    const earlier = (await stored(day(-11)))!;
    expect([earlier.overdue11To30Loans, earlier.overdue11To30, earlier.overdue1To10Loans]).toEqual([1, 6_000_000n, 0]);
    // Before its first due date the book had nothing overdue.
    expect((await stored(day(-41)))!.overdue1To10Loans + (await stored(day(-41)))!.overdue31To90Loans).toBe(0);
  });

  it('changes nothing when a date is run again', async () => {
    const before = await t.database.db.select().from(dashboardDaily).orderBy(dashboardDaily.businessDate);
    const again = await t.services.dashboard.aggregateThrough(today);
    expect(again).toEqual({ dates: 7, changed: 0 });
    const after = await t.database.db.select().from(dashboardDaily).orderBy(dashboardDaily.businessDate);
    expect(after).toEqual(before);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('answers the stored days of the range and today live', async () => {
    const response = await viewer.browser.get<DashboardReport>(ADMIN_PATHS.dashboard, { from: day(-30), to: today });
    expect(response.envelope.code, response.body).toBe(200);
    const report = response.envelope.data;
    expect(report).toMatchObject({ from: day(-30), to: today, today, computedThrough: day(-1) });
    expect(report.days.map((entry) => entry.date)).toEqual(Array.from({ length: 30 }, (_, index) => day(index - 30)));
    const threeDaysAgo = report.days.find((entry) => entry.date === day(-3))!;
    expect(threeDaysAgo.repayments).toEqual({ count: 1, amount: 2_100_000 });
    const yesterday = report.days.at(-1)!;
    expect(yesterday.overdue).toMatchObject({ principal: 9_000_000, ratio: Math.round((9_000_000 / yesterday.outstandingPrincipal) * 10_000) / 10_000 });

    // Live: today's payout counted now, the outstanding principal yesterday's plus today's.
    expect(report.live).toMatchObject({ date: today, applications: { count: 1, amount: 5_000_000 }, payouts: { count: 1, principal: 5_000_000 }, overdueAsOf: day(-1) });
    expect(report.live!.outstandingPrincipal).toBe(yesterday.outstandingPrincipal + 5_000_000);
    expect(report.live!.overdue.buckets).toEqual(yesterday.overdue.buckets);
    const ledger = await direct(today);
    expect(report.live!.outstandingPrincipal).toBe(Number(ledger.outstanding));
  });

  it('counts the review decisions of the day live', async () => {
    for (const birthDate of ['1995-04-01', '1940-01-01']) {
      const phone = randomPhone();
      await t.loginWithOtp(phone);
      await t.app.inject({ method: 'POST', url: API_PATHS.devCreditCertify, payload: { phone, birthDate, monthlySalaryBand: '2' } });
    }
    expect(await t.services.credit.runReviews()).toMatchObject({ decided: 2 });
    const live = (await viewer.browser.get<DashboardReport>(ADMIN_PATHS.dashboard, { from: today, to: today })).envelope.data.live!;
    expect(live.decisions).toEqual({ approved: 1, rejected: 1, calm: 0, manual: 0, queued: 0 });
  });

  it('leaves live out of a past range and refuses more than 366 days or a reversed range', async () => {
    const past = await viewer.browser.get<DashboardReport>(ADMIN_PATHS.dashboard, { from: day(-10), to: day(-5) });
    expect([past.envelope.data.live, past.envelope.data.days.length]).toEqual([null, 6]);
    for (const range of [{ from: day(-366), to: today }, { from: today, to: day(-1) }]) {
      const refused = await viewer.browser.get(ADMIN_PATHS.dashboard, range);
      expect([refused.statusCode, refused.envelope.code, refused.envelope.message]).toEqual([400, ERRORS.VALIDATION_FAILED.code, 'Choose at most 366 days, the first no later than the last']);
    }
    const longest = await viewer.browser.get(ADMIN_PATHS.dashboard, { from: day(-365), to: today });
    expect(longest.statusCode).toBe(200);
    for (const from of ['2026-02-30', '2026-13-01', '26-01-01']) {
      const malformed = await viewer.browser.get(ADMIN_PATHS.dashboard, { from, to: today });
      expect([malformed.statusCode, malformed.envelope.message]).toEqual([400, 'Please enter a date as YYYY-MM-DD or a full ISO time']);
    }
  });
});
