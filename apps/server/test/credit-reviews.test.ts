import { ADMIN_PATHS, API_PATHS, ERRORS, type HomeIndex, type ProposalView, type ReviewCase } from '@sen/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAccounts, creditDecisions, userMessages } from '../src/db/schema.ts';
import { DEMO_PRODUCTS } from '../src/modules/product/index.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * Credit reviews a person decides (decision 095): the engine's cases in the manual review band and
 * appeals wait in the queue; a reviewer approves with a limit, rejects or asks for information; the
 * borrower's home and messages follow as after the engine's decision; a decision is applied once
 * (also when two reviewers decide at the same moment: on PostgreSQL, two concurrent requests) and
 * writes one audit row; the band changes only through four eyes.
 */

let t: TestApp;
let reviewer: OperatorSession;
let secondReviewer: OperatorSession;
beforeAll(async () => {
  // The configuration's band: a case failing only the income rule goes to a person.
  t = await createTestApp({ config: (config) => ({ ...config, credit: { ...config.credit, manualReview: { failedRules: ['incomeBand'], maxFailedRules: 1, approvalsFromVnd: null } } }) });
  for (const product of DEMO_PRODUCTS) await t.services.product.upsert(product);
  reviewer = await t.operatorSession('reviewer');
  secondReviewer = await t.operatorSession('admin');
});
afterAll(async () => t?.close());

/** A signed-in borrower certified with these declared facts; no income declared fails only `incomeBand`. */
async function borrower(facts: { birthDate?: string; monthlySalaryBand?: string } = { birthDate: '1995-04-01' }) {
  const phone = randomPhone();
  const session = await t.loginWithOtp(phone);
  const certified = await t.app.inject({ method: 'POST', url: API_PATHS.devCreditCertify, payload: { phone, ...facts } });
  expect(certified.statusCode).toBe(200);
  return { phone, token: session.token, publicId: session.id, userId: await t.internalUserId(session.id) };
}

const home = async (token: string) => (await t.post<HomeIndex>(API_PATHS.homeIndex, { token })).envelope.data;
const pending = async (session = reviewer) => (await session.browser.get<{ items: ReviewCase[] }>(ADMIN_PATHS.reviews, { status: 'pending' })).envelope.data.items;
const caseOf = async (userPublicId: number) => (await pending()).find((item) => item.borrower.userId === userPublicId);
const decide = (session: OperatorSession, body: Record<string, unknown>) => session.browser.post<{ review: ReviewCase; proposal: ProposalView | null }>(ADMIN_PATHS.reviewDecide, body);
const decisionsOf = (userId: string) => t.database.db.select().from(creditDecisions).where(eq(creditDecisions.userId, userId));
const messagesOf = async (userId: string, template: string) =>
  t.database.db.select().from(userMessages).where(and(eq(userMessages.userId, userId), eq(userMessages.template, template)));
const auditRows = async (action: string, targetId: number) => {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from operator_audit where action = ${action} and target_id = ${String(targetId)}`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
};

describe('the queue', () => {
  it('gets the case the band names instead of a rejection: the borrower stays under review, nothing decided', async () => {
    const b = await borrower();
    const run = await t.services.credit.runReviews();
    expect(run).toMatchObject({ queued: 1 });
    expect(await decisionsOf(b.userId)).toHaveLength(0);
    expect((await home(b.token)).userCreditStatus).toBe(0);
    // The job passes it by from now on.
    expect((await t.services.credit.runReviews()).queued).toBe(0);

    const review = await caseOf(b.publicId);
    expect(review).toMatchObject({
      status: 'pending',
      cause: 'failedRules',
      borrower: { userId: b.publicId, phoneMasked: `${b.phone.slice(0, 2)}*****${b.phone.slice(-3)}` },
      engine: { outcome: 'reject', creditLimit: 0, reasons: ['incomeBand'], policyVersion: 'v1' },
      // No band declared: the default band limit 3,000,000 plus the boost (WORK done).
      suggestedLimit: 5_000_000,
      appeal: null,
      decision: null,
    });
    expect(review!.engine.ruleResults.find((result) => result.rule === 'incomeBand')).toMatchObject({ passed: false, detail: 'income not declared' });
    expect(JSON.stringify(review)).not.toContain(b.phone);

    const detail = await reviewer.browser.get<{ inputs: { applicant: Record<string, unknown> }; history: unknown[] }>(ADMIN_PATHS.reviewDetail, { reviewId: review!.id });
    expect(detail.envelope.data.inputs.applicant).toMatchObject({ birthDate: '1995-04-01', monthlySalaryBand: null });
    expect(detail.envelope.data.inputs.applicant).not.toHaveProperty('phone');
    expect(detail.envelope.data.inputs.applicant).not.toHaveProperty('idNumberIndex');
  });

  it('approve: the limit (within the policy) on the home as after the engine, its message, the author and reason kept, one audit row', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const review = (await caseOf(b.publicId))!;

    for (const limit of [150_000, 100_100_000, 0]) {
      const refused = await decide(reviewer, { reviewId: review.id, decision: 'approve', limit, reason: 'salary slip checked by phone' });
      expect([refused.statusCode, refused.envelope.code], refused.body).toEqual(limit === 0 ? [400, ERRORS.VALIDATION_FAILED.code] : [400, ERRORS.REVIEW_LIMIT_INVALID.code]);
    }
    const approved = await decide(reviewer, { reviewId: review.id, decision: 'approve', limit: 4_000_000, reason: 'salary slip checked by phone' });
    expect(approved.envelope.code, approved.body).toBe(200);
    // Below the suggested limit (5,000,000): one step, no proposal.
    expect(approved.envelope.data.proposal).toBeNull();
    expect(approved.envelope.data.review).toMatchObject({
      status: 'decided',
      decision: { decision: 'approve', creditLimit: 4_000_000, reason: 'salary slip checked by phone', decidedBy: { id: reviewer.operator.id } },
    });

    const data = await home(b.token);
    expect([data.userCreditStatus, data.totalCreditAmount]).toEqual([1, 4_000_000]);
    const [decision] = await decisionsOf(b.userId);
    expect(decision).toMatchObject({ outcome: 'approve', creditLimit: 4_000_000n, decidedBy: reviewer.operator.id, note: 'salary slip checked by phone', reasons: ['incomeBand'] });
    expect(await messagesOf(b.userId, 'creditApproved')).toHaveLength(1);
    expect(await auditRows('review.decide', review.id)).toBe(1);

    const again = await decide(secondReviewer, { reviewId: review.id, decision: 'reject', reason: 'second thoughts' });
    expect([again.statusCode, again.envelope.code]).toEqual([409, ERRORS.REVIEW_ALREADY_DECIDED.code]);
    expect(await auditRows('review.decide', review.id)).toBe(1);
    const decided = await reviewer.browser.get<{ items: ReviewCase[] }>(ADMIN_PATHS.reviews, { status: 'decided' });
    expect(decided.envelope.data.items[0]).toMatchObject({ id: review.id, status: 'decided' });
  });

  it('approve without a limit gives the suggested one', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const review = (await caseOf(b.publicId))!;
    const approved = await decide(reviewer, { reviewId: review.id, decision: 'approve', reason: 'looks fine' });
    expect([approved.envelope.code, approved.envelope.data.proposal]).toEqual([200, null]);
    expect((await home(b.token)).totalCreditAmount).toBe(review.suggestedLimit);
  });

  it('approve at exactly the suggested limit is one step too', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const review = (await caseOf(b.publicId))!;
    const approved = await decide(reviewer, { reviewId: review.id, decision: 'approve', limit: review.suggestedLimit, reason: 'as suggested' });
    expect(approved.envelope.data).toMatchObject({ review: { status: 'decided', decision: { creditLimit: review.suggestedLimit } }, proposal: null });
    expect((await home(b.token)).totalCreditAmount).toBe(review.suggestedLimit);
    expect(await auditRows('review.decide', review.id)).toBe(1);
  });

  it('ask: an in-app message with the question, the case stays in the queue; then reject: status 2 with the retry date and its message', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const review = (await caseOf(b.publicId))!;
    const asked = await decide(reviewer, { reviewId: review.id, decision: 'ask', reason: 'Please declare your monthly income.' });
    expect(asked.envelope.data.review).toMatchObject({ status: 'asked', asked: { question: 'Please declare your monthly income.', by: { id: reviewer.operator.id } }, decision: null });
    const [message] = await messagesOf(b.userId, 'creditInfoRequested');
    expect(message!.content).toContain('Please declare your monthly income.');
    expect((await caseOf(b.publicId))?.status).toBe('asked');
    expect((await home(b.token)).userCreditStatus).toBe(0);

    const rejected = await decide(reviewer, { reviewId: review.id, decision: 'reject', reason: 'no income after asking' });
    expect(rejected.envelope.code, rejected.body).toBe(200);
    const data = await home(b.token);
    expect(data.userCreditStatus).toBe(2);
    expect(data.enableLoanStr).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(await messagesOf(b.userId, 'creditRejected')).toHaveLength(1);
    expect(await auditRows('review.decide', review.id)).toBe(2);
    expect(await caseOf(b.publicId)).toBeUndefined();
  });

  it('applies a decision once when two reviewers decide at the same moment', async () => {
    const b = await borrower();
    await t.services.credit.runReviews();
    const review = (await caseOf(b.publicId))!;
    const answers = await Promise.all([
      decide(reviewer, { reviewId: review.id, decision: 'approve', limit: 3_000_000, reason: 'first reviewer' }),
      decide(secondReviewer, { reviewId: review.id, decision: 'reject', reason: 'second reviewer' }),
    ]);
    expect(answers.map((answer) => answer.envelope.code).sort()).toEqual([200, ERRORS.REVIEW_ALREADY_DECIDED.code]);
    const decisions = await decisionsOf(b.userId);
    expect(decisions).toHaveLength(1);
    const winner = answers.find((answer) => answer.envelope.code === 200)!.envelope.data.review.decision!;
    expect(decisions[0]).toMatchObject({ outcome: winner.decision, note: winner.reason });
    expect((await home(b.token)).userCreditStatus).toBe(winner.decision === 'approve' ? 1 : 2);
    expect(await auditRows('review.decide', review.id)).toBe(1);
    expect(await messagesOf(b.userId, winner.decision === 'approve' ? 'creditApproved' : 'creditRejected')).toHaveLength(1);
  });

  it('answers an unknown review and a bad cursor with their messages', async () => {
    const missing = await decide(reviewer, { reviewId: 999_999, decision: 'reject', reason: 'nobody' });
    expect([missing.statusCode, missing.envelope.code]).toEqual([404, ERRORS.REVIEW_NOT_FOUND.code]);
    const cursor = await reviewer.browser.get(ADMIN_PATHS.reviews, { cursor: 'zz_zz_zz' });
    expect([cursor.statusCode, cursor.envelope.message]).toEqual([400, 'Invalid page cursor, please reload the list']);
  });

  it('pages the queue oldest first with a cursor that neither skips nor repeats', async () => {
    for (let index = 0; index < 3; index += 1) await borrower();
    await t.services.credit.runReviews();
    const all = await pending();
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: ReviewCase[]; nextCursor: string | null } = (await reviewer.browser.get<{ items: ReviewCase[]; nextCursor: string | null }>(ADMIN_PATHS.reviews, { limit: 2, ...(cursor ? { cursor } : {}) })).envelope.data;
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((item) => item.id));
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });
});

describe('appeals', () => {
  it('an operator opens one for a rejected borrower; approving it approves the borrower', async () => {
    // Too old: maxAge is not in the band, so the engine rejects on its own.
    const b = await borrower({ birthDate: '1950-01-01', monthlySalaryBand: '2' });
    await t.services.credit.runReviews();
    expect((await home(b.token)).userCreditStatus).toBe(2);

    const opened = await reviewer.browser.post<{ review: ReviewCase }>(ADMIN_PATHS.reviewAppeal, { userId: b.publicId, reason: 'borrower called: still employed, pension income' });
    expect(opened.envelope.code, opened.body).toBe(200);
    expect(opened.envelope.data.review).toMatchObject({
      cause: 'appeal',
      status: 'pending',
      engine: { outcome: 'reject', reasons: ['maxAge'] },
      appeal: { reason: 'borrower called: still employed, pension income', openedBy: { id: reviewer.operator.id } },
    });
    expect((await home(b.token)).userCreditStatus).toBe(0);
    expect(await auditRows('review.appeal', b.publicId)).toBe(1);
    const twice = await reviewer.browser.post(ADMIN_PATHS.reviewAppeal, { userId: b.publicId, reason: 'again' });
    expect([twice.statusCode, twice.envelope.code]).toEqual([409, ERRORS.APPEAL_NOT_ALLOWED.code]);
    // The review job leaves it to the person.
    await t.services.credit.runReviews();
    expect(await decisionsOf(b.userId)).toHaveLength(1);

    const approved = await decide(secondReviewer, { reviewId: opened.envelope.data.review.id, decision: 'approve', limit: 2_000_000, reason: 'appeal accepted' });
    expect(approved.envelope.code, approved.body).toBe(200);
    expect([(await home(b.token)).userCreditStatus, (await home(b.token)).totalCreditAmount]).toEqual([1, 2_000_000]);
    const [account] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.userId, b.userId));
    expect(account).toMatchObject({ status: 1, reviewId: null, inManualReview: false, nextTryDate: null });
  });

  it('the operator who opened it cannot decide it, nor approve its limit above the suggested one (APPEAL_OWN)', async () => {
    const opener = await t.operatorSession('admin');
    const checker = await t.operatorSession('finance');
    const b = await borrower({ birthDate: '1950-01-01', monthlySalaryBand: '2' });
    await t.services.credit.runReviews();
    const opened = await opener.browser.post<{ review: ReviewCase }>(ADMIN_PATHS.reviewAppeal, { userId: b.publicId, reason: 'borrower called the hotline' });
    const review = opened.envelope.data.review;
    for (const body of [
      { reviewId: review.id, decision: 'approve', reason: 'I believe them' },
      { reviewId: review.id, decision: 'reject', reason: 'I do not' },
      { reviewId: review.id, decision: 'approve', limit: review.suggestedLimit + 1_000_000, reason: 'and more' },
    ]) {
      const own = await decide(opener, body);
      expect([own.statusCode, own.envelope.code, own.envelope.message], own.body).toEqual([403, ERRORS.APPEAL_OWN.code, 'You opened this appeal: another operator must decide it']);
    }
    expect(await auditRows('review.decide', review.id)).toBe(0);
    expect((await caseOf(b.publicId))?.status).toBe('pending');

    // Another reviewer proposes a limit above the suggested one; the opener may not be its checker.
    const proposed = await decide(reviewer, { reviewId: review.id, decision: 'approve', limit: review.suggestedLimit + 1_000_000, reason: 'pension income confirmed' });
    const proposalId = proposed.envelope.data.proposal!.id;
    const openerApproves = await opener.browser.post(ADMIN_PATHS.proposalApprove, { proposalId });
    expect([openerApproves.statusCode, openerApproves.envelope.code]).toEqual([403, ERRORS.APPEAL_OWN.code]);
    expect((await home(b.token)).userCreditStatus).toBe(0);
    const approved = await checker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId });
    expect(approved.envelope.code, approved.body).toBe(200);
    expect([(await home(b.token)).userCreditStatus, (await home(b.token)).totalCreditAmount]).toEqual([1, review.suggestedLimit + 1_000_000]);
  });

  it('is refused for an approved borrower and an unknown one', async () => {
    const b = await borrower({ birthDate: '1995-04-01', monthlySalaryBand: '2' });
    await t.services.credit.runReviews();
    const approved = await reviewer.browser.post(ADMIN_PATHS.reviewAppeal, { userId: b.publicId, reason: 'wants more' });
    expect([approved.statusCode, approved.envelope.code]).toEqual([409, ERRORS.APPEAL_NOT_ALLOWED.code]);
    const unknown = await reviewer.browser.post(ADMIN_PATHS.reviewAppeal, { userId: 2_000_000_000, reason: 'nobody' });
    expect(unknown.envelope.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('a limit above the suggested one takes four eyes (credit.limit, decision 110)', () => {
  it('is proposed, not applied; the proposer cannot approve it; another operator applies it once, with audit rows', async () => {
    const proposer = await t.operatorSession('admin');
    const checker = await t.operatorSession('finance');
    const b = await borrower();
    await t.services.credit.runReviews();
    const review = (await caseOf(b.publicId))!;
    expect(review.suggestedLimit).toBe(5_000_000);

    const proposed = await decide(proposer, { reviewId: review.id, decision: 'approve', limit: 8_000_000, reason: 'two salary slips, employer confirmed' });
    expect(proposed.envelope.code, proposed.body).toBe(200);
    const proposal = proposed.envelope.data.proposal!;
    expect(proposal).toMatchObject({
      kind: 'credit.limit',
      status: 'pending',
      payload: { reviewId: review.id, userId: b.publicId, suggestedLimit: 5_000_000, limit: 8_000_000, reason: 'two salary slips, employer confirmed' },
      before: { reviewId: review.id, suggestedLimit: 5_000_000 },
      proposedBy: { id: proposer.operator.id },
    });
    expect(proposed.envelope.data.review).toMatchObject({ id: review.id, status: 'pending', decision: null });
    // Nothing changed for the borrower: still under review, no decision, no limit.
    expect((await home(b.token)).userCreditStatus).toBe(0);
    expect(await decisionsOf(b.userId)).toHaveLength(0);
    const [account] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.userId, b.userId));
    expect(account).toMatchObject({ creditLimit: 0n, inManualReview: true });
    expect([await auditRows('proposal.create', proposal.id), await auditRows('review.decide', review.id)]).toEqual([1, 0]);

    // While it waits, the case takes no other decision and no second proposal.
    for (const body of [
      { reviewId: review.id, decision: 'approve', reason: 'at the suggested limit instead' },
      { reviewId: review.id, decision: 'reject', reason: 'no after all' },
      { reviewId: review.id, decision: 'approve', limit: 9_000_000, reason: 'even more' },
    ]) {
      const refused = await decide(reviewer, body);
      expect([refused.statusCode, refused.envelope.code], refused.body).toEqual([409, ERRORS.PROPOSAL_DUPLICATE.code]);
    }

    const own = await proposer.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect([own.statusCode, own.envelope.code]).toEqual([403, ERRORS.PROPOSAL_OWN.code]);
    expect((await home(b.token)).userCreditStatus).toBe(0);

    const approved = await checker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect(approved.envelope.code, approved.body).toBe(200);
    expect(approved.envelope.data.proposal).toMatchObject({
      status: 'approved',
      decidedBy: { id: checker.operator.id },
      result: { id: review.id, status: 'decided', decision: { decision: 'approve', creditLimit: 8_000_000, decidedBy: { id: proposer.operator.id } } },
    });
    expect([(await home(b.token)).userCreditStatus, (await home(b.token)).totalCreditAmount]).toEqual([1, 8_000_000]);
    const decisions = await decisionsOf(b.userId);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ outcome: 'approve', creditLimit: 8_000_000n, decidedBy: proposer.operator.id, note: 'two salary slips, employer confirmed' });
    expect((decisions[0]!.inputs as { manualReview: unknown }).manualReview).toMatchObject({ approval: { proposalId: proposal.id, approvedBy: checker.operator.id } });
    expect(await messagesOf(b.userId, 'creditApproved')).toHaveLength(1);
    expect(await auditRows('proposal.approve', proposal.id)).toBe(1);
    expect(await caseOf(b.publicId)).toBeUndefined();

    const again = await t.operatorSession('admin');
    const twice = await again.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect(twice.envelope.code).toBe(ERRORS.PROPOSAL_NOT_PENDING.code);
  });

  it('a reviewer proposes (a limit past the policy is refused first); once the proposal is rejected the case is decided in one step', async () => {
    const checker = await t.operatorSession('finance');
    const b = await borrower();
    await t.services.credit.runReviews();
    const review = (await caseOf(b.publicId))!;
    const tooHigh = await decide(reviewer, { reviewId: review.id, decision: 'approve', limit: 100_100_000, reason: 'too much' });
    expect(tooHigh.envelope.code).toBe(ERRORS.REVIEW_LIMIT_INVALID.code);
    const proposed = await decide(reviewer, { reviewId: review.id, decision: 'approve', limit: 6_000_000, reason: 'a little more' });
    const proposal = proposed.envelope.data.proposal!;
    expect(proposal).toMatchObject({ kind: 'credit.limit', status: 'pending' });
    // The reviewer's role holds no proposals.approve.
    const reviewerApproves = await reviewer.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect(reviewerApproves.envelope.code).toBe(ERRORS.OPERATOR_PERMISSION_DENIED.code);
    // Rejected by a checker, the case is the reviewer's again: decided in one step at the suggested limit.
    expect((await checker.browser.post(ADMIN_PATHS.proposalReject, { proposalId: proposal.id, reason: 'suggested is enough' })).envelope.code).toBe(200);
    expect((await decide(reviewer, { reviewId: review.id, decision: 'approve', reason: 'as suggested' })).envelope.data.proposal).toBeNull();
    expect((await home(b.token)).totalCreditAmount).toBe(5_000_000);
  });
});

describe('the band changes only through four eyes (credit.rules)', () => {
  it('a proposal changes nothing until another operator approves it; then large approvals go to a person', async () => {
    const maker = await t.operatorSession('finance');
    const checker = await t.operatorSession('admin');
    const before = await maker.browser.get<{ current: { version: number; rules: unknown } }>(ADMIN_PATHS.creditRules);
    expect(before.envelope.data.current).toMatchObject({ version: 0, rules: { manualReview: { failedRules: ['incomeBand'], maxFailedRules: 1, approvalsFromVnd: null } } });

    const rules = { manualReview: { failedRules: ['incomeBand'], maxFailedRules: 1, approvalsFromVnd: 7_000_000 } };
    const proposed = await maker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.creditRulesPropose, { rules, reason: 'large limits need a person' });
    expect(proposed.envelope.data.proposal).toMatchObject({ kind: 'credit.rules', status: 'pending', before: { version: 0 } });
    const bad = await maker.browser.post(ADMIN_PATHS.creditRulesPropose, { rules: { manualReview: { ...rules.manualReview, failedRules: ['noSuchRule'] } } });
    expect(bad.envelope.code).toBe(ERRORS.VALIDATION_FAILED.code);

    const early = await borrower({ birthDate: '1995-04-01', monthlySalaryBand: '2' });
    await t.services.credit.runReviews();
    expect((await home(early.token)).userCreditStatus).toBe(1);

    const own = await maker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposed.envelope.data.proposal.id });
    expect(own.envelope.code).toBe(ERRORS.PROPOSAL_OWN.code);
    const approved = await checker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.proposalApprove, { proposalId: proposed.envelope.data.proposal.id });
    expect(approved.envelope.data.proposal).toMatchObject({ status: 'approved', result: { version: 1 } });
    const after = await maker.browser.get<{ current: { version: number; approvedBy: { id: number } }; history: unknown[] }>(ADMIN_PATHS.creditRules);
    expect(after.envelope.data.current).toMatchObject({ version: 1, approvedBy: { id: checker.operator.id } });
    expect(after.envelope.data.history).toHaveLength(2);

    // Band 2 (5,000,000) plus the boost: 7,000,000, at the threshold.
    const late = await borrower({ birthDate: '1995-04-01', monthlySalaryBand: '2' });
    await t.services.credit.runReviews();
    expect((await home(late.token)).userCreditStatus).toBe(0);
    expect(await caseOf(late.publicId)).toMatchObject({ cause: 'largeApproval', engine: { outcome: 'approve', creditLimit: 7_000_000 }, suggestedLimit: 7_000_000 });
  });
});
