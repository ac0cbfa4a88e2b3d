import { createHash, randomUUID } from 'node:crypto';
import { addDays, creditLimitFor, decideCredit, manualReviewCause, vietnamDate, type CreditApplicant, type CreditPolicy } from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { DomainEvents, EventRecorder } from '../../events/domain-events.ts';
import type { CreditFacts } from '../certification/index.ts';
import type { CreditAccountRow, CreditRepository } from './credit.repository.ts';
import type { CreditRules } from './credit-rules.service.ts';
import type { ManualReviewRepository, ManualReviewRow } from './manual-review.repository.ts';
import type { HomeExtensionSource } from './home.service.ts';

export const CREDIT_ACCOUNT_STATUS = { REVIEWING: 0, APPROVED: 1, REJECTED: 2 } as const;

/** The reason of a limit raised for a loan settled on time (raiseOnTimeSettlement). */
export const ON_TIME_SETTLEMENT_REASON = 'onTimeSettlement';

/** A UUID (version 8, name-based) from a text: the same event always gets the same review id. */
function uuidOf(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A credit decision, raised as the `credit.decided` event in the decision's transaction. */
export type CreditDecisionEvent = DomainEvents['credit.decided'];

/** One step of the review job: a review the engine decided, or one it sent to a person (decision 095). */
export type ReviewStep = { kind: 'decided'; event: CreditDecisionEvent } | { kind: 'queued'; review: ManualReviewRow };

/** A person's decision of a queued review (decision 095), applied like the engine's. */
export interface ManualDecision {
  review: ManualReviewRow;
  decision: 'approve' | 'reject';
  /** The limit of an approval (checked by the caller against the policy). */
  creditLimit: bigint;
  operatorId: number;
  reason: string;
  /** A limit above the suggested one took effect on a second operator's approval of this proposal (decision 110). */
  approval?: { proposalId: number; approvedBy: number } | undefined;
}

/** Where the engine's facts come from (the certification module; see CreditFacts). */
export type CreditFactsSource = (userId: string) => Promise<CreditFacts>;

/**
 * The borrower's credit: the pre-audit review (requested when certification completes, decided by
 * the review job with the engine of @sen/domain), the stored decisions, and the reservations of
 * the loan module under the credit row's lock (docs/decisions/051).
 */
export class CreditService {
  /** Sources of home data owned by later modules (orders, bank cards), read by the home service. */
  readonly homeExtensions: HomeExtensionSource[] = [];

  constructor(
    private readonly repository: CreditRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly facts: CreditFactsSource,
    readonly policy: CreditPolicy,
    private readonly events: EventRecorder,
    private readonly rules: CreditRules,
    private readonly manualReviews: ManualReviewRepository,
  ) {}

  account(userId: string): Promise<CreditAccountRow | null> {
    return this.repository.findAccount(userId);
  }

  /** The account with whether the consent to lending is withdrawn (116) and a loan is in its restructure watch (117), in one statement: for the home. */
  accountForHome(userId: string, today: string) {
    return this.repository.findAccountForHome(userId, today);
  }

  /**
   * Starts a review for a certified borrower (call in the certification step's transaction): a
   * new account under review, or an old one again once its retry date or calm period is over.
   * Approved, pending and still-rejected borrowers are left as they are. True when one started.
   */
  async requestReview(userId: string): Promise<boolean> {
    return this.uow.transaction(async () => {
      const now = this.clock();
      if (await this.repository.insertPending(userId, now)) return true;
      await this.repository.lockAccount(userId);
      const account = await this.repository.findAccount(userId);
      if (!account || account.reviewId !== null || account.status === CREDIT_ACCOUNT_STATUS.APPROVED) return false;
      const today = vietnamDate(now);
      const calmOver = account.calmUntilDate === null || account.calmUntilDate <= today;
      const retryOver = account.status !== CREDIT_ACCOUNT_STATUS.REJECTED || (account.nextTryDate !== null && account.nextTryDate <= today);
      if (!calmOver || !retryOver) return false;
      await this.repository.reopen(userId, now);
      return true;
    });
  }

  /** What the engine sees of a borrower: certification facts, duplicates and the deny list. */
  async applicant(userId: string): Promise<{ facts: CreditFacts; applicant: CreditApplicant }> {
    const facts = await this.facts(userId);
    const applicant: CreditApplicant = {
      birthDate: facts.birthDate,
      itemsRequired: facts.itemsRequired,
      itemsDone: facts.itemsDone,
      monthlySalaryBand: facts.monthlySalaryBand,
      operatorVerified: facts.operatorVerified,
      otherUsersWithSameId: facts.idNumberIndex ? await this.repository.otherUsersWith('idNumberIndex', facts.idNumberIndex, userId) : 0,
      otherUsersWithSamePhone: facts.phone ? await this.repository.otherUsersWith('phone', facts.phone, userId) : 0,
      denyListed: await this.repository.isDenied(facts.phone, facts.idNumberIndex),
    };
    return { facts, applicant };
  }

  /**
   * Decides one pending review, if any: claims it under its row lock (SKIP LOCKED, so two instances
   * take different borrowers), runs the engine, and either stores the decision (unique per review
   * id) and the new status in the same transaction and records `credit.decided`, or — when the
   * outcome falls in the manual review band (decision 095) — queues the case for a person and
   * leaves the account under review. Null when nothing was pending.
   */
  decideNext(): Promise<ReviewStep | null> {
    return this.uow.transaction(async () => {
      const account = await this.repository.claimPending();
      if (!account?.reviewId) return null;
      const now = this.clock();
      const today = vietnamDate(now);
      const { facts, applicant } = await this.applicant(account.userId);
      const decision = decideCredit(applicant, this.policy, today);
      const inputs = { today, applicant: { ...applicant, phone: facts.phone, idNumberIndex: facts.idNumberIndex }, policy: this.policy };
      const rules = await this.rules.current();
      const cause = manualReviewCause(decision, rules.rules.manualReview);
      if (cause) {
        const review = await this.manualReviews.insert({
          userId: account.userId,
          reviewId: account.reviewId,
          cause,
          status: 'pending',
          engineOutcome: decision.outcome,
          engineLimit: decision.creditLimitVnd,
          suggestedLimit: creditLimitFor(applicant, this.policy).limit,
          ruleResults: decision.results,
          reasons: decision.reasons,
          inputs,
          policyVersion: this.policy.version,
          rulesVersion: rules.version,
          requestedAt: now,
        });
        await this.repository.setInManualReview(account.userId, true, now);
        return { kind: 'queued', review };
      }
      const nextTryDate = decision.outcome === 'reject' ? decision.nextTryDate : decision.outcome === 'calm' ? decision.calmUntilDate : null;
      const stored = await this.repository.insertDecision({
        userId: account.userId,
        reviewId: account.reviewId,
        outcome: decision.outcome,
        creditLimit: decision.creditLimitVnd,
        policyVersion: this.policy.version,
        inputs,
        ruleResults: decision.results,
        reasons: decision.reasons,
        nextTryDate,
        createdAt: now,
      });
      if (!stored) return null;
      // A calm period keeps the account under review (status 0) with the home's content hidden.
      const status =
        decision.outcome === 'approve' ? CREDIT_ACCOUNT_STATUS.APPROVED : decision.outcome === 'reject' ? CREDIT_ACCOUNT_STATUS.REJECTED : CREDIT_ACCOUNT_STATUS.REVIEWING;
      await this.repository.applyDecision(account.userId, {
        status,
        creditLimit: decision.creditLimitVnd,
        nextTryDate: decision.outcome === 'reject' ? decision.nextTryDate : null,
        calmUntilDate: decision.outcome === 'calm' ? decision.calmUntilDate : null,
        now,
      });
      const event: CreditDecisionEvent = {
        userId: account.userId,
        reviewId: account.reviewId,
        outcome: decision.outcome,
        status,
        creditLimitVnd: decision.creditLimitVnd,
        nextTryDate,
        reasons: decision.reasons,
      };
      await this.events.record('credit.decided', event);
      return { kind: 'decided', event };
    });
  }

  /**
   * Applies a person's decision of a queued review (decision 095) in the caller's transaction,
   * exactly as the engine's would be: the decision stored with its author and reason (unique per
   * review id, so at most once), the account's status and limit under its row lock, and the same
   * `credit.decided` event (the borrower's message and home). False when the review was decided.
   */
  async applyManualDecision({ review, decision, creditLimit, operatorId, reason, approval }: ManualDecision): Promise<CreditDecisionEvent | null> {
    this.uow.requireTransaction('credit.applyManualDecision');
    if (!(await this.repository.lockAccount(review.userId))) return null;
    const account = (await this.repository.findAccount(review.userId))!;
    if (account.reviewId !== review.reviewId) return null;
    const now = this.clock();
    const today = vietnamDate(now);
    const nextTryDate = decision === 'reject' ? addDays(today, this.policy.retryAfterDays) : null;
    const limit = decision === 'approve' ? creditLimit : 0n;
    const stored = await this.repository.insertDecision({
      userId: review.userId,
      reviewId: review.reviewId,
      outcome: decision,
      creditLimit: limit,
      policyVersion: this.policy.version,
      inputs: { ...review.inputs, manualReview: { id: review.id, cause: review.cause, engineOutcome: review.engineOutcome, today, ...(approval ? { approval } : {}) } },
      ruleResults: review.ruleResults,
      reasons: review.reasons,
      nextTryDate,
      decidedBy: operatorId,
      note: reason,
      createdAt: now,
    });
    if (!stored) return null;
    const status = decision === 'approve' ? CREDIT_ACCOUNT_STATUS.APPROVED : CREDIT_ACCOUNT_STATUS.REJECTED;
    await this.repository.applyDecision(review.userId, { status, creditLimit: limit, nextTryDate, calmUntilDate: null, now });
    const event: CreditDecisionEvent = { userId: review.userId, reviewId: review.reviewId, outcome: decision, status, creditLimitVnd: limit, nextTryDate, reasons: review.reasons };
    await this.events.record('credit.decided', event);
    return event;
  }

  /**
   * An appeal (decision 095): a rejected borrower, or one in a calm period, with no review under
   * way gets a new review that waits for a person, under the credit row's lock, in the caller's
   * transaction. Answers the review id and the decision appealed against; null when not allowed.
   */
  async openAppeal(userId: string): Promise<{ reviewId: string; appealed: Awaited<ReturnType<CreditRepository['latestDecision']>> } | null> {
    this.uow.requireTransaction('credit.openAppeal');
    if (!(await this.repository.lockAccount(userId))) return null;
    const account = (await this.repository.findAccount(userId))!;
    const calm = account.status === CREDIT_ACCOUNT_STATUS.REVIEWING && account.calmUntilDate !== null;
    if (account.reviewId !== null || !(account.status === CREDIT_ACCOUNT_STATUS.REJECTED || calm)) return null;
    const appealed = await this.repository.latestDecision(userId, ON_TIME_SETTLEMENT_REASON);
    if (!appealed) return null;
    const reviewId = randomUUID();
    await this.repository.openManualReview(userId, reviewId, this.clock());
    return { reviewId, appealed };
  }

  /**
   * The review job's work: reopen expired rejections and calm periods, then decide pending
   * reviews one transaction each, up to `max`. Returns how many were decided and how many went to
   * a person.
   */
  async runReviews(max = 100): Promise<{ reopened: number; decided: number; queued: number }> {
    const now = this.clock();
    const reopened = await this.repository.reopenExpired(vietnamDate(now), now);
    let decided = 0;
    let queued = 0;
    while (decided + queued < max) {
      const step = await this.decideNext();
      if (!step) break;
      if (step.kind === 'decided') decided += 1;
      else queued += 1;
    }
    return { reopened, decided, queued };
  }

  /**
   * The personal-information boost earned after approval (the supplementary information item done
   * later): the limit rises by the policy's boost, capped, and the change is stored as a decision
   * with reason 'personalInfoBoost'. Once per approval: nothing happens when the approving
   * decision already counted the item or a boost was already given. Call in the item's transaction.
   */
  async applyBoost(userId: string): Promise<boolean> {
    return this.uow.transaction(async () => {
      if (!(await this.repository.lockAccount(userId))) return false;
      const account = (await this.repository.findAccount(userId))!;
      if (account.status !== CREDIT_ACCOUNT_STATUS.APPROVED) return false;
      // The raises for on-time settlements are not reviews: the boost is judged against the last review or boost.
      const latest = await this.repository.latestDecision(userId, ON_TIME_SETTLEMENT_REASON);
      if (!latest || latest.outcome !== 'approve') return false;
      const counted = ((latest.inputs as { applicant?: { itemsDone?: string[] } }).applicant?.itemsDone ?? []).includes(this.policy.boostItem);
      if (counted || latest.reasons.includes('personalInfoBoost')) return false;
      const step = BigInt(Math.max(1, this.policy.limitStepVnd));
      const raised = account.creditLimit + BigInt(this.policy.personalInfoBoostVnd);
      const capped = raised > BigInt(this.policy.maxLimitVnd) ? BigInt(this.policy.maxLimitVnd) : raised;
      const limit = (capped / step) * step;
      if (limit <= account.creditLimit) return false;
      const now = this.clock();
      await this.repository.insertDecision({
        userId,
        reviewId: randomUUID(),
        outcome: 'approve',
        creditLimit: limit,
        policyVersion: this.policy.version,
        inputs: { today: vietnamDate(now), previousLimit: account.creditLimit.toString(), boostVnd: this.policy.personalInfoBoostVnd, boostItem: this.policy.boostItem },
        ruleResults: [],
        reasons: ['personalInfoBoost'],
        nextTryDate: null,
      });
      await this.repository.setLimit(userId, limit, now);
      return true;
    });
  }

  /**
   * For the repayment module: a loan settled on time raises the approved borrower's limit by
   * `percent` of it, rounded down to the policy's step and capped at the policy's maximum, under
   * the credit row's lock, in the caller's transaction. The raise is stored as a decision (reason
   * 'onTimeSettlement') whose review id is derived from `eventKey`, so one event (one loan)
   * raises once however often it is applied. Null when nothing changed (not approved, already at
   * the maximum, a raise below one step, or the event already counted).
   */
  async raiseOnTimeSettlement(userId: string, options: { percent: number; eventKey: string }): Promise<{ previousLimit: bigint; creditLimit: bigint } | null> {
    this.uow.requireTransaction('credit.raiseOnTimeSettlement');
    if (!Number.isInteger(options.percent) || options.percent < 0) throw new RangeError('percent must be a non-negative integer');
    if (options.percent === 0) return null;
    if (!(await this.repository.lockAccount(userId))) return null;
    const account = (await this.repository.findAccount(userId))!;
    if (account.status !== CREDIT_ACCOUNT_STATUS.APPROVED) return null;
    const step = BigInt(Math.max(1, this.policy.limitStepVnd));
    const max = BigInt(this.policy.maxLimitVnd);
    const raised = account.creditLimit + (account.creditLimit * BigInt(options.percent)) / 100n;
    const capped = raised > max ? max : raised;
    const limit = (capped / step) * step;
    if (limit <= account.creditLimit) return null;
    const now = this.clock();
    const stored = await this.repository.insertDecision({
      userId,
      reviewId: uuidOf(`credit-raise:${options.eventKey}`),
      outcome: 'approve',
      creditLimit: limit,
      policyVersion: this.policy.version,
      inputs: { today: vietnamDate(now), previousLimit: account.creditLimit.toString(), percent: options.percent, event: options.eventKey },
      ruleResults: [],
      reasons: [ON_TIME_SETTLEMENT_REASON],
      nextTryDate: null,
    });
    if (!stored) return null;
    await this.repository.setLimit(userId, limit, now);
    return { previousLimit: account.creditLimit, creditLimit: limit };
  }

  /** Adds home data from a later module (orders → repayProducts, bank → bankErrorFlag). */
  extendHome(source: HomeExtensionSource): void {
    this.homeExtensions.push(source);
  }


  /**
   * For the loan module: takes `amount` of the borrower's available credit. Must run inside the
   * caller's transaction; locks the credit row, so concurrent reservations queue and none can pass
   * the limit. Throws LOAN_OVERDUE while a loan is past its due date (decision 115),
   * LOAN_RESTRUCTURE_WATCH while a restructured loan is in its watch period (decision 117), else
   * LENDING_CONSENT_WITHDRAWN while the consent to lending is withdrawn (decision 116), else
   * CREDIT_LIMIT_EXCEEDED when not approved or not enough is left.
   */
  async reserve(userId: string, amount: bigint, options: { businessDate?: string } = {}): Promise<{ usedAmount: bigint; available: bigint }> {
    this.uow.requireTransaction('credit.reserve');
    if (amount <= 0n) throw new RangeError('amount must be positive');
    const now = this.clock();
    // The day overdue is judged on: today, or a loan's own first day when a test opens one in the past.
    const businessDate = options.businessDate ?? vietnamDate(now);
    const reserved = await this.repository.reserveWithinLimit(userId, amount, CREDIT_ACCOUNT_STATUS.APPROVED, now, businessDate);
    if (!reserved) {
      // Refused: say why (one more query, on the refusal only).
      if (await this.repository.hasOverdueLoan(userId, businessDate)) throw new AppError('LOAN_OVERDUE');
      if (await this.repository.hasLoanInWatch(userId, businessDate)) throw new AppError('LOAN_RESTRUCTURE_WATCH');
      if (await this.repository.hasWithdrawnLendingConsent(userId)) throw new AppError('LENDING_CONSENT_WITHDRAWN');
      throw new AppError('CREDIT_LIMIT_EXCEEDED');
    }
    return { usedAmount: reserved.usedAmount, available: reserved.creditLimit - reserved.usedAmount };
  }

  /** For the loan module: gives back `amount` (repaid principal, a loan that failed). Same lock. */
  async release(userId: string, amount: bigint): Promise<{ usedAmount: bigint; available: bigint }> {
    this.uow.requireTransaction('credit.release');
    if (amount <= 0n) throw new RangeError('amount must be positive');
    if (!(await this.repository.lockAccount(userId))) throw new RangeError('no credit account');
    const account = (await this.repository.findAccount(userId))!;
    if (amount > account.usedAmount) throw new RangeError(`release of ${amount} exceeds the used amount ${account.usedAmount}`);
    const used = account.usedAmount - amount;
    await this.repository.setUsed(userId, used, this.clock());
    return { usedAmount: used, available: account.creditLimit - used };
  }

  /** Puts a phone or an ID number (blind index) on the deny list. */
  deny(kind: 'phone' | 'id', value: string, reason: string): Promise<void> {
    return this.repository.addDenied(kind, value, reason);
  }

  /** The approved borrowers' ids, in pages of `pageSize` (for messages to every borrower who can borrow). */
  async *approvedBorrowers(pageSize = 1000): AsyncGenerator<string[]> {
    let after: string | null = null;
    for (;;) {
      const page = await this.repository.approvedUserIds(after, pageSize);
      if (page.length === 0) return;
      yield page;
      if (page.length < pageSize) return;
      after = page[page.length - 1]!;
    }
  }

  decisions(userId: string) {
    return this.repository.decisionsOf(userId);
  }

  /** The back office's borrower page: the latest `limit` decisions with their rule results and reasons, newest first. */
  latestDecisions(userId: string, limit: number) {
    return this.repository.latestDecisionsOf(userId, limit);
  }

  /** Demo seed only: an approved borrower with a limit. */
  approveForDemo(userId: string, creditLimit: bigint): Promise<void> {
    return this.repository.upsertApproved(userId, creditLimit, this.clock());
  }
}
