import { ADMIN_PATHS, API_PATHS, ERRORS, type ProposalView } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders, payoutAttempts } from '../src/db/schema.ts';
import { PayoutService } from '../src/modules/loan/index.ts';
import type { DevPayoutProvider } from '../src/providers/payout/dev-payout-provider.ts';
import { payoutReference, type PayoutProvider, type PayoutRequest, type PayoutResult } from '../src/providers/payout/payout-provider.ts';
import { committedOrder, createBorrower } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Operators and payouts (issue 23 item 2; decision 114): a payout waiting for the partner is
 * retried now by one operator (the job sends the attempt stored for it); cancelled only on a
 * second operator's approval, and only while no transfer is at the partner, giving the credit
 * back as the job's giving up does. PGlite and PostgreSQL.
 */

let t: TestApp;
let maker: OperatorSession;
let checker: OperatorSession;

/** The development provider, refusing as a bank would when told to. */
class RefusingProvider implements PayoutProvider {
  readonly name = 'refusing';
  refuse = false;
  submits: string[] = [];
  constructor(private readonly inner: DevPayoutProvider) {}
  async submit(request: PayoutRequest): Promise<PayoutResult> {
    this.submits.push(request.reference);
    if (this.refuse) return { reference: request.reference, state: 'failed', amount: request.amount, partnerTransactionId: null, failureCode: 'BANK_REJECTED', failureReason: 'refused by the test', completedAt: new Date() };
    return this.inner.submit(request);
  }
  status(reference: string) {
    return this.inner.status(reference);
  }
}
let provider: RefusingProvider;
let job: PayoutService;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 1000, maxAttempts: 3, retrySeconds: 600 } }) });
  maker = await t.operatorSession('finance');
  checker = await t.operatorSession('admin');
  provider = new RefusingProvider(t.infra.payout as DevPayoutProvider);
  const s = t.services;
  job = new PayoutService({ uow: t.database.uow, loans: s.loans, provider, credit: s.credit, product: s.product, bank: s.bank, messages: s.messages, clock: t.clock.now, businessClock: t.clock.now, maxAttempts: 3, retryMs: 600_000, log: t.app.log });
});
afterAll(async () => t?.close());

const orderRow = async (id: number) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, id)))[0]!;
const attemptsOf = (orderId: number) => t.database.db.select().from(payoutAttempts).where(eq(payoutAttempts.orderId, orderId)).orderBy(payoutAttempts.attempt);
const used = async (userId: string) => (await t.services.credit.account(userId))!.usedAmount;
const proposeCancel = (orderId: number) => maker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.payoutCancelPropose, { orderId, reason: 'borrower withdrew' });
const approve = (proposalId: number, session = checker) => session.browser.post(ADMIN_PATHS.proposalApprove, { proposalId });

describe('operators and payouts', { timeout: 60_000 }, () => {
  it('cancels a payout not yet sent only on a second operator’s approval, giving the credit back; nothing is sent after', async () => {
    const b = await createBorrower(t);
    const order = await committedOrder(t, b);
    expect(await used(b.userId)).toBe(3_000_000n);
    const proposed = await proposeCancel(order.id);
    expect(proposed.envelope.code, proposed.body).toBe(200);
    expect(proposed.envelope.data.proposal).toMatchObject({ kind: 'payout.cancel', payload: { orderId: order.id } });
    expect((await approve(proposed.envelope.data.proposal.id, maker)).envelope.code).toBe(ERRORS.PROPOSAL_OWN.code);
    expect((await orderRow(order.id)).state).toBe('pending');

    expect((await approve(proposed.envelope.data.proposal.id)).envelope.code).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ state: 'payout_failed', closeReason: 'CANCELLED' });
    expect((await attemptsOf(order.id)).map((attempt) => attempt.state)).toEqual(['failed']);
    expect(await used(b.userId)).toBe(0n);
    // The borrower reads why: cancelled, not a bank's refusal.
    const list = await t.post<Array<{ orderId: number; closeReason: string | null }>>(API_PATHS.orderList, { token: b.token, payload: {}, lang: 'en' });
    expect(list.envelope.data.find((row) => row.orderId === order.id)?.closeReason).toBe('This loan was cancelled before it was paid out. Your credit limit has been restored');
    expect((await job.runDue()).claimed).toBe(0);
    expect(provider.submits).not.toContain(payoutReference(order.orderNo, 1));
    // Decided: neither a second cancel nor a retry.
    expect((await proposeCancel(order.id)).envelope.code).toBe(ERRORS.PAYOUT_NOT_OPEN.code);
    expect((await maker.browser.post(ADMIN_PATHS.payoutRetry, { orderId: order.id, reason: 'again' })).envelope.code).toBe(ERRORS.PAYOUT_NOT_OPEN.code);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });

  it('refuses to cancel a transfer the partner holds, also when the job sent it after the proposal', async () => {
    const b = await createBorrower(t);
    const order = await committedOrder(t, b);
    const proposal = (await proposeCancel(order.id)).envelope.data.proposal;
    // The job sends it before the second operator looks: the partner answers pending.
    expect(await job.runDue()).toMatchObject({ submitted: 1, pending: 1 });
    const late = await approve(proposal.id);
    expect(late.envelope.code).toBe(ERRORS.PAYOUT_IN_FLIGHT.code);
    expect((await orderRow(order.id)).state).toBe('paying');
    expect(await used(b.userId)).toBe(3_000_000n);
    expect((await proposeCancel(order.id)).envelope.code).toBe(ERRORS.PAYOUT_IN_FLIGHT.code);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });

  it('retries now, by one operator, the next attempt after a bank refusal: stored before the job sends it, sent once', async () => {
    const b = await createBorrower(t);
    const order = await committedOrder(t, b);
    provider.refuse = true;
    try {
      expect(await job.runDue()).toMatchObject({ failed: 1, retried: 1 });
    } finally {
      provider.refuse = false;
    }
    expect((await attemptsOf(order.id)).map((attempt) => [attempt.attempt, attempt.state])).toEqual([[1, 'failed'], [2, 'created']]);
    expect((await job.runDue()).claimed).toBe(0); // waits PAYOUT_RETRY_SECONDS

    const retried = await maker.browser.post(ADMIN_PATHS.payoutRetry, { orderId: order.id, reason: 'bank is back' });
    expect(retried.envelope, retried.body).toMatchObject({ code: 200, data: { orderNo: order.orderNo, attempt: 2, state: 'created' } });
    expect(await job.runDue()).toMatchObject({ claimed: 1, submitted: 1 });
    expect(provider.submits.filter((reference) => reference === payoutReference(order.orderNo, 2))).toHaveLength(1);
    // Sent and held by the partner: a retry asks about it, it never sends it again.
    expect((await maker.browser.post(ADMIN_PATHS.payoutRetry, { orderId: order.id, reason: 'ask' })).envelope.data).toMatchObject({ attempt: 2, state: 'pending' });
    t.clock.advance(2_000);
    // (The job also settles the earlier test's transfer the partner held.)
    expect(await job.runDue()).toMatchObject({ submitted: 0 });
    expect((await orderRow(order.id)).state).toBe('repaying');
    expect((await attemptsOf(order.id)).map((attempt) => attempt.state)).toEqual(['failed', 'succeeded']);
    expect((await t.services.ledger.check()).violations).toEqual([]);
  });
});
