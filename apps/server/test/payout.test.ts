import { API_PATHS, type HomeIndex } from '@sen/contract';
import { vietnamDate } from '@sen/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders, payoutAttempts, userMessages } from '../src/db/schema.ts';
import { buildApp } from '../src/app.ts';
import { PayoutService } from '../src/modules/loan/index.ts';
import type { DevPayoutProvider } from '../src/providers/payout/dev-payout-provider.ts';
import { PayoutUnavailableError, payoutReference, type PayoutProvider, type PayoutRequest, type PayoutResult } from '../src/providers/payout/payout-provider.ts';
import { committedOrder, createBorrower, demoProducts, type TestBorrower } from './helpers/loans.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The payout job (decisions 057, 073) on PGlite and PostgreSQL: an order committed with its attempt
 * is paid out once — also when the job dies after marking it, when the partner's answer is lost,
 * and with two instances at once; a failure for the borrower's account restores the limit and the
 * quota and raises bankErrorFlag until the account is changed; other refusals are retried under a
 * new reference, then given up; the ledger check (with the order checks) passes after each.
 */
let t: TestApp;
let provider: DevPayoutProvider;

/** The development provider, wrapped so a test can lose an answer after the transfer was made. */
class LossyProvider implements PayoutProvider {
  readonly name = 'lossy';
  loseNextAnswers = 0;
  refuseWith: PayoutResult['failureCode'] = null;
  submits: string[] = [];
  constructor(private readonly inner: DevPayoutProvider) {}
  async submit(request: PayoutRequest): Promise<PayoutResult> {
    this.submits.push(request.reference);
    if (this.refuseWith) return { reference: request.reference, state: 'failed', amount: request.amount, partnerTransactionId: null, failureCode: this.refuseWith, failureReason: 'refused by the test', completedAt: new Date() };
    const result = await this.inner.submit(request);
    if (this.loseNextAnswers > 0) {
      this.loseNextAnswers -= 1;
      throw new PayoutUnavailableError('answer lost (test)');
    }
    return result;
  }
  status(reference: string) {
    return this.inner.status(reference);
  }
}
let lossy: LossyProvider;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 1000, maxAttempts: 2, retrySeconds: 60 } }) });
  provider = t.infra.payout as DevPayoutProvider;
  lossy = new LossyProvider(provider);
});
afterAll(async () => t?.close());

/** A payout job on the test app's database with the lossy provider (or another database's unit of work). */
function job(uow = t.database.uow, concurrency = 1) {
  return new PayoutService({
    uow,
    loans: t.services.loans,
    provider: lossy,
    credit: t.services.credit,
    product: t.services.product,
    bank: t.services.bank,
    messages: t.services.messages,
    clock: t.clock.now,
    businessClock: t.clock.now,
    maxAttempts: 2,
    retryMs: 60_000,
    concurrency,
    log: t.app.log,
  });
}

/** An order as the commit leaves it: credit and quota taken, state 'pending', attempt 1 'created'. */
const commitOrder = (b: TestBorrower, principal = 3_000_000n) => committedOrder(t, b, principal);

const orderRow = async (id: number) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, id)))[0]!;
const attemptsOf = (orderId: number) => t.database.db.select().from(payoutAttempts).where(eq(payoutAttempts.orderId, orderId)).orderBy(payoutAttempts.attempt);
const used = async (b: TestBorrower) => (await t.services.credit.account(b.userId))!.usedAmount;
const home = async (b: TestBorrower) => (await t.post<HomeIndex>(API_PATHS.homeIndex, { token: b.token })).envelope.data;
const messagesOf = (b: TestBorrower, template: string) =>
  t.database.db.select().from(userMessages).where(and(eq(userMessages.userId, b.userId), eq(userMessages.template, template)));
const expectLedgerOk = async () => expect((await t.services.ledger.check()).violations).toEqual([]);
const transfersTo = (reference: string) => lossy.submits.filter((submitted) => submitted === reference).length;

describe('the payout job (decisions 057, 073)', () => {
  it('pays a committed order out once: processing, pending cash, then repaying with its postings and a message', async () => {
    const b = await createBorrower(t);
    const order = await commitOrder(b);
    const first = await job().runDue();
    expect(first).toMatchObject({ claimed: 1, submitted: 1, pending: 1 });
    expect((await orderRow(order.id)).state).toBe('paying');
    expect((await attemptsOf(order.id))[0]!.state).toBe('pending');
    expect((await job().runDue()).claimed).toBe(0); // asked again only after a short wait
    t.clock.advance(3_000);
    expect(await job().runDue()).toMatchObject({ succeeded: 1, submitted: 0 });
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ state: 'repaying', startDate: vietnamDate(t.clock.now()) });
    expect(await t.services.ledger.loanBalances(String(order.id))).toMatchObject({ principal: 3_000_000n });
    expect(await messagesOf(b, 'loanDisbursed')).toHaveLength(1);
    expect(await used(b)).toBe(3_000_000n);
    expect(transfersTo(payoutReference(order.orderNo, 1))).toBe(1);
    // Nothing left to do: a later run sends nothing.
    t.clock.advance(120_000);
    expect((await job().runDue()).claimed).toBe(0);
    await expectLedgerOk();
  });

  it('fails for the borrower’s account: limit and quota back, Payment failed on the home until the account changes', async () => {
    const b = await createBorrower(t);
    // The development provider fails any account ending in 0000: make that the borrower's default.
    const bank = t.services.bank.banks().find((candidate) => candidate.bankCode === 'VCB')!;
    const failing = await t.services.bank.add(b.userId, { account: { kind: 'CARD', bankId: bank.id, holderName: 'NGUYEN VAN TEST', number: `77${b.phone.slice(3)}0000` }, isDefault: true });
    const product = (await demoProducts(t)).get('sen-linh-hoat')!;
    const usageBefore = (await t.services.product.usageOn(vietnamDate(t.clock.now()))).get(product.id) ?? 0;
    const order = await commitOrder({ ...b, accountId: failing });
    await job().runDue();
    t.clock.advance(3_000);
    expect(await job().runDue()).toMatchObject({ failed: 1, retried: 0 });
    expect(await orderRow(order.id)).toMatchObject({ state: 'payout_failed', closeReason: 'ACCOUNT_INVALID' });
    expect(await used(b)).toBe(0n);
    expect((await t.services.product.usageOn(vietnamDate(t.clock.now()))).get(product.id) ?? 0).toBe(usageBefore);
    expect(await messagesOf(b, 'payoutFailed')).toHaveLength(1);
    expect((await home(b)).bankErrorFlag).toBe(true);
    // 'Modify bank card': another default account clears it.
    await t.services.bank.setDefault(b.userId, b.accountId);
    expect((await home(b)).bankErrorFlag).toBe(false);
    await expectLedgerOk();
  });

  it('retries a bank refusal under a new reference, then gives the order up', async () => {
    const b = await createBorrower(t);
    const order = await commitOrder(b);
    lossy.refuseWith = 'BANK_REJECTED';
    try {
      expect(await job().runDue()).toMatchObject({ failed: 1, retried: 1 });
      expect((await attemptsOf(order.id)).map((attempt) => [attempt.attempt, attempt.state])).toEqual([[1, 'failed'], [2, 'created']]);
      expect((await job().runDue()).claimed).toBe(0); // waits PAYOUT_RETRY_SECONDS
      t.clock.advance(61_000);
      expect(await job().runDue()).toMatchObject({ failed: 1, retried: 0 });
    } finally {
      lossy.refuseWith = null;
    }
    expect(await orderRow(order.id)).toMatchObject({ state: 'payout_failed', closeReason: 'BANK_REJECTED' });
    expect(await used(b)).toBe(0n);
    expect((await home(b)).bankErrorFlag).toBe(false);
    await expectLedgerOk();
  });

  it('refuses before any transfer when the borrower’s credit is no longer approved', async () => {
    const b = await createBorrower(t);
    const order = await commitOrder(b);
    await t.database.db.execute(sql`update credit_accounts set status = 2 where user_id = ${b.userId}`);
    expect(await job().runDue()).toMatchObject({ rejected: 1, submitted: 0 });
    expect(await orderRow(order.id)).toMatchObject({ state: 'rejected', closeReason: 'CREDIT_NOT_APPROVED' });
    expect(await used(b)).toBe(0n);
    await expectLedgerOk();
  });

  it('pays once when the job dies after marking the attempt, before calling the partner', async () => {
    const b = await createBorrower(t);
    const order = await commitOrder(b);
    const claimed = await job().claim(10); // … and the process dies here.
    expect(claimed.map((item) => item.attempt.orderId)).toContain(order.id);
    expect((await job().runDue()).claimed).toBe(0); // the claim holds for a minute
    t.clock.advance(61_000);
    expect(await job().runDue()).toMatchObject({ claimed: 1, submitted: 1 }); // asked first: never sent, so sent now
    t.clock.advance(3_000);
    expect((await job().runDue()).succeeded).toBe(1);
    expect(transfersTo(payoutReference(order.orderNo, 1))).toBe(1);
    expect((await orderRow(order.id)).state).toBe('repaying');
    await expectLedgerOk();
  });

  it('pays once when the partner made the transfer but its answer was lost', async () => {
    const b = await createBorrower(t);
    const order = await commitOrder(b);
    lossy.loseNextAnswers = 1;
    expect(await job().runDue()).toMatchObject({ unknown: 1, succeeded: 0 });
    t.clock.advance(61_000);
    // Reconciled by reference: the partner has it (and it has completed), nothing is sent again.
    expect(await job().runDue()).toMatchObject({ succeeded: 1, submitted: 0 });
    expect(transfersTo(payoutReference(order.orderNo, 1))).toBe(1);
    expect(provider.transferCount).toBeGreaterThan(0);
    expect(await t.database.db.select().from(payoutAttempts).where(and(eq(payoutAttempts.orderId, order.id), eq(payoutAttempts.state, 'succeeded')))).toHaveLength(1);
    await expectLedgerOk();
  });

  it('drains a backlog larger than a batch in one run, batch after batch', async () => {
    const b = await createBorrower(t);
    const orders = [];
    for (let n = 0; n < 7; n += 1) orders.push(await commitOrder(b, 1_000_000n));
    // Batches of 3: a full batch means more may be due, so the run takes the next (3, 3, then 1).
    expect(await job().runDue(3)).toMatchObject({ claimed: 7, submitted: 7, pending: 7 });
    t.clock.advance(3_000);
    expect(await job().runDue(3)).toMatchObject({ claimed: 7, succeeded: 7, submitted: 0 });
    for (const order of orders) {
      expect(transfersTo(payoutReference(order.orderNo, 1))).toBe(1);
      expect((await orderRow(order.id)).state).toBe('repaying');
    }
    await expectLedgerOk();
  });

  it('sends a batch’s attempts side by side, at most PAYOUT_CONCURRENCY at once, each once', async () => {
    const borrowers = await Promise.all(Array.from({ length: 3 }, () => createBorrower(t)));
    const orders = [];
    for (const b of borrowers) for (let n = 0; n < 3; n += 1) orders.push(await commitOrder(b, 1_000_000n));
    // The partner answers after a moment, so the calls of one batch overlap when they are sent side by side.
    let inFlight = 0;
    let most = 0;
    const submit = lossy.submit.bind(lossy);
    lossy.submit = async (request) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      try {
        return await submit(request);
      } finally {
        inFlight -= 1;
      }
    };
    try {
      expect(await job(t.database.uow, 4).runDue()).toMatchObject({ claimed: 9, submitted: 9, pending: 9 });
    } finally {
      lossy.submit = submit;
    }
    expect(most).toBe(4);
    t.clock.advance(3_000);
    expect(await job(t.database.uow, 4).runDue()).toMatchObject({ claimed: 9, succeeded: 9 });
    for (const order of orders) {
      expect(transfersTo(payoutReference(order.orderNo, 1)), order.orderNo).toBe(1);
      expect((await orderRow(order.id)).state).toBe('repaying');
    }
    await expectLedgerOk();
  });

  it('sends each payout once when two instances run the job at once (two pools on PostgreSQL; serial on PGlite)', async () => {
    const borrowers = await Promise.all(Array.from({ length: 4 }, () => createBorrower(t)));
    const orders = [];
    for (const b of borrowers) for (let n = 0; n < 3; n += 1) orders.push(await commitOrder(b, 2_000_000n));
    // A second instance: the whole app on its own pool of the same database, with the same partner.
    const other = await t.openAnother();
    const secondApp = other ? await buildApp({ config: t.config, database: other, clock: t.clock.now, payoutProvider: lossy, smsProvider: t.sms }) : null;
    const second = secondApp?.services.payouts ?? job();
    try {
      await Promise.all([job().runDue(5), second.runDue(5), job().runDue(5), second.runDue(5)]);
      t.clock.advance(3_000);
      await Promise.all([job().runDue(), second.runDue(), job().runDue(), second.runDue()]);
      t.clock.advance(3_000);
      await Promise.all([job().runDue(), second.runDue()]);
    } finally {
      await secondApp?.app.close();
      await other?.close();
    }
    for (const order of orders) {
      expect(transfersTo(payoutReference(order.orderNo, 1)), order.orderNo).toBe(1);
      expect((await orderRow(order.id)).state).toBe('repaying');
    }
    await expectLedgerOk();
  });
});
