import { maskPhone, type CreditLimitProposal, type ReviewCase } from '@sen/contract';
import { creditLimitFor, type CreditPolicy } from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { MessageService } from '../message/index.ts';
import type { CreditService } from './credit.service.ts';
import type { ManualReviewListed, ManualReviewRepository, ManualReviewRow, QueueCursor } from './manual-review.repository.ts';

/** What a reviewer decides: approve (with a limit, else the suggested one), reject, or ask the borrower. */
export type ReviewDecisionInput =
  | { reviewId: number; decision: 'approve'; limit?: number | undefined; reason: string }
  | { reviewId: number; decision: 'reject' | 'ask'; reason: string };

/** The subject of a case's `credit.limit` proposal: one pending per case (decision 110). */
export const limitProposalSubject = (reviewId: number) => `review:${reviewId}`;

/** Whether a proposal is pending for a subject (the proposals' repository, wired in the composition root). */
export type PendingProposalCheck = (subject: string) => Promise<boolean>;

/** What a decide call did: the case before and after; a limit above the suggested one is only proposed (nothing changed). */
export interface ReviewDecisionOutcome {
  before: ReviewCase;
  after: ReviewCase;
  limitProposal: CreditLimitProposal | null;
}

/** 'Nguyễn Văn An' → 'Nguyễn V** A**': the family name whole, the other names by their initial. */
export function maskName(fullName: string): string {
  const [family, ...rest] = fullName.trim().split(/\s+/);
  return [family, ...rest.map((name) => `${[...name][0] ?? ''}**`)].join(' ');
}

function encodeCursor(cursor: QueueCursor): string {
  return `${cursor.at.getTime().toString(36)}_${cursor.id.toString(36)}`;
}

function decodeCursor(text: string): QueueCursor {
  const [at, id] = text.split('_').map((part) => Number.parseInt(part, 36));
  if (at === undefined || id === undefined || !Number.isSafeInteger(at) || !Number.isSafeInteger(id) || text.split('_').length !== 2) {
    throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.admin.cursorInvalid' });
  }
  return { at: new Date(at), id };
}

/** The engine's facts as a reviewer sees them: the phone and the ID number's blind index left out. */
function reviewerInputs(inputs: Record<string, unknown>): unknown {
  const { applicant, ...rest } = inputs as { applicant?: Record<string, unknown> };
  if (!applicant) return rest;
  const { phone: _phone, idNumberIndex: _idNumberIndex, ...facts } = applicant;
  return { ...rest, applicant: facts };
}

/**
 * Credit reviews a person decides (decision 095): the queue, one case with the engine's view and
 * the borrower's history, the decision (applied once under the case's row lock, through the
 * credit service, exactly as the engine's decision is), requests for information and appeals.
 * Each change runs in the caller's audited transaction (one audit row per call, decision 090).
 */
export class ManualReviewService {
  constructor(
    private readonly repository: ManualReviewRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly credit: CreditService,
    private readonly policy: CreditPolicy,
    private readonly messages: MessageService,
    private readonly pendingProposal: PendingProposalCheck,
  ) {}

  async list(status: 'pending' | 'decided', cursor: string | undefined, limit: number): Promise<{ items: ReviewCase[]; nextCursor: string | null }> {
    const rows = await this.repository.page(status, cursor ? decodeCursor(cursor) : null, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const lastAt = last ? (status === 'pending' ? last.row.requestedAt : last.row.decidedAt) : null;
    return { items: page.map(toCase), nextCursor: rows.length > limit && last && lastAt ? encodeCursor({ at: lastAt, id: last.row.id }) : null };
  }

  async detail(reviewId: number) {
    const listed = await this.repository.find(reviewId);
    if (!listed) throw new AppError('REVIEW_NOT_FOUND');
    const decisions = await this.repository.decisionsOf(listed.row.userId);
    return {
      review: toCase(listed),
      inputs: reviewerInputs(listed.row.inputs),
      history: decisions.map((decision) => ({
        outcome: decision.outcome,
        creditLimit: Number(decision.creditLimit),
        reasons: decision.reasons,
        note: decision.note,
        decidedBy: decision.decidedByRef,
        at: decision.createdAt.toISOString(),
      })),
    };
  }

  /**
   * Decides a case, or asks the borrower for information, once: the case's row is locked first, so
   * of two reviewers deciding at the same moment the second waits and then finds it decided
   * (REVIEW_ALREADY_DECIDED); the decision itself is stored once per review id whatever happens.
   * Four eyes (decision 110): an approval above the suggested limit is not applied but answered as
   * the `credit.limit` proposal to make (in this transaction, under this lock); while one is
   * pending no other decision is taken; the operator who opened an appeal does not decide it.
   */
  async decide(operatorId: number, input: ReviewDecisionInput): Promise<ReviewDecisionOutcome> {
    return this.uow.transaction(async () => {
      const locked = await this.repository.lock(input.reviewId);
      if (!locked) throw new AppError('REVIEW_NOT_FOUND');
      if (locked.status === 'decided') throw new AppError('REVIEW_ALREADY_DECIDED');
      if (input.decision !== 'ask') refuseOwnAppeal(locked, operatorId);
      const before = toCase((await this.repository.find(locked.id))!);
      const now = this.clock();
      if (input.decision === 'ask') {
        await this.repository.update(locked.id, { status: 'asked', askedAt: now, askedBy: operatorId, question: input.reason });
        await this.messages.notify(locked.userId, 'creditInfoRequested', { question: input.reason }, { eventKey: `credit-ask:${locked.id}:${now.getTime()}` });
        return { before, after: toCase((await this.repository.find(locked.id))!), limitProposal: null };
      }
      if (await this.pendingProposal(limitProposalSubject(locked.id))) throw new AppError('PROPOSAL_DUPLICATE');
      const creditLimit = input.decision === 'approve' ? this.checkedLimit(input.limit, locked) : 0n;
      if (input.decision === 'approve' && creditLimit > locked.suggestedLimit) {
        const limitProposal = { reviewId: locked.id, userId: before.borrower.userId, suggestedLimit: Number(locked.suggestedLimit), limit: Number(creditLimit), reason: input.reason };
        return { before, after: before, limitProposal };
      }
      await this.applyDecision(locked, input.decision, creditLimit, operatorId, input.reason);
      return { before, after: toCase((await this.repository.find(locked.id))!), limitProposal: null };
    });
  }

  /**
   * A `credit.limit` proposal checked against the case as it is now (when proposed and again when
   * approved): the case open, the limit within the policy and above the suggested one.
   */
  async checkLimitProposal(payload: CreditLimitProposal): Promise<{ summary: string; before: unknown }> {
    const listed = await this.repository.find(payload.reviewId);
    if (!listed) throw new AppError('REVIEW_NOT_FOUND');
    if (listed.row.status === 'decided') throw new AppError('REVIEW_ALREADY_DECIDED');
    const limit = this.checkedLimit(payload.limit, listed.row);
    if (limit <= listed.row.suggestedLimit) throw new Error(`credit.limit proposal of review ${payload.reviewId} is not above the suggested limit`);
    return {
      summary: `Credit limit ${limit} VND for borrower ${listed.publicId} (review ${listed.row.id}; suggested ${listed.row.suggestedLimit} VND)`,
      before: { reviewId: listed.row.id, status: listed.row.status, cause: listed.row.cause, engineLimit: Number(listed.row.engineLimit), suggestedLimit: Number(listed.row.suggestedLimit) },
    };
  }

  /**
   * An approved `credit.limit` proposal: the reviewer's approval applied as if decided now, under
   * the case's and the credit account's row locks, in the approval's transaction. The decision's
   * author is the reviewer who proposed it; the approver is kept with the decision and the proposal.
   */
  async applyApprovedLimit(payload: CreditLimitProposal, approval: { proposalId: number; proposedBy: number; approvedBy: number }): Promise<ReviewCase> {
    return this.uow.transaction(async () => {
      const locked = await this.repository.lock(payload.reviewId);
      if (!locked) throw new AppError('REVIEW_NOT_FOUND');
      if (locked.status === 'decided') throw new AppError('REVIEW_ALREADY_DECIDED');
      refuseOwnAppeal(locked, approval.proposedBy);
      refuseOwnAppeal(locked, approval.approvedBy);
      const creditLimit = this.checkedLimit(payload.limit, locked);
      await this.applyDecision(locked, 'approve', creditLimit, approval.proposedBy, payload.reason, { proposalId: approval.proposalId, approvedBy: approval.approvedBy });
      return toCase((await this.repository.find(locked.id))!);
    });
  }

  private async applyDecision(
    locked: ManualReviewRow,
    decision: 'approve' | 'reject',
    creditLimit: bigint,
    operatorId: number,
    reason: string,
    approval?: { proposalId: number; approvedBy: number },
  ): Promise<void> {
    const event = await this.credit.applyManualDecision({ review: locked, decision, creditLimit, operatorId, reason, approval });
    if (!event) throw new AppError('REVIEW_ALREADY_DECIDED');
    await this.repository.update(locked.id, { status: 'decided', decidedAt: this.clock(), decidedBy: operatorId, decision, creditLimit, decisionReason: reason });
  }

  /** An appeal opened by an operator for a rejected or calmed borrower (by the borrower's number): a case in the queue. */
  async appeal(operatorId: number, publicId: number, reason: string): Promise<ReviewCase> {
    return this.uow.transaction(async () => {
      const userId = await this.repository.userIdOf(publicId);
      if (!userId) throw new AppError('NOT_FOUND');
      const opened = await this.credit.openAppeal(userId);
      if (!opened) throw new AppError('APPEAL_NOT_ALLOWED');
      const { appealed, reviewId } = opened;
      const applicant = (appealed!.inputs as { applicant?: { monthlySalaryBand?: string | null; itemsDone?: string[] } }).applicant;
      const row = await this.repository.insert({
        userId,
        reviewId,
        cause: 'appeal',
        status: 'pending',
        engineOutcome: appealed!.outcome,
        engineLimit: appealed!.creditLimit,
        suggestedLimit: creditLimitFor({ monthlySalaryBand: applicant?.monthlySalaryBand ?? null, itemsDone: applicant?.itemsDone ?? [] }, this.policy).limit,
        ruleResults: appealed!.ruleResults,
        reasons: appealed!.reasons,
        inputs: appealed!.inputs,
        policyVersion: appealed!.policyVersion,
        rulesVersion: 0,
        requestedAt: this.clock(),
        appealReason: reason,
        openedBy: operatorId,
      });
      await this.messages.notifyCreditReviewStarted(userId, reviewId);
      return toCase((await this.repository.find(row.id))!);
    });
  }

  /** An approval's limit: the suggested one when none is given; at most the policy's maximum, in its steps. */
  private checkedLimit(limit: number | undefined, review: ManualReviewRow): bigint {
    const chosen = limit === undefined ? review.suggestedLimit : BigInt(limit);
    const step = BigInt(Math.max(1, this.policy.limitStepVnd));
    if (chosen <= 0n || chosen > BigInt(this.policy.maxLimitVnd) || chosen % step !== 0n) {
      throw new AppError('REVIEW_LIMIT_INVALID', { params: { max: this.policy.maxLimitVnd, step: this.policy.limitStepVnd } });
    }
    return chosen;
  }
}

/** Four eyes on appeals (decision 110): the operator who opened an appeal neither decides it nor approves its limit. */
function refuseOwnAppeal(review: ManualReviewRow, operatorId: number): void {
  if (review.cause === 'appeal' && review.openedBy === operatorId) throw new AppError('APPEAL_OWN');
}

function toCase({ row, publicId, phone, fullName, openedBy, askedBy, decidedBy }: ManualReviewListed): ReviewCase {
  return {
    id: row.id,
    borrower: { userId: publicId, phoneMasked: maskPhone(phone), nameMasked: fullName ? maskName(fullName) : null },
    status: row.status,
    cause: row.cause,
    engine: {
      outcome: row.engineOutcome,
      creditLimit: Number(row.engineLimit),
      reasons: row.reasons,
      ruleResults: row.ruleResults as ReviewCase['engine']['ruleResults'],
      policyVersion: row.policyVersion,
    },
    suggestedLimit: Number(row.suggestedLimit),
    requestedAt: row.requestedAt.toISOString(),
    appeal: row.appealReason && openedBy ? { reason: row.appealReason, openedBy } : null,
    asked: row.askedAt && row.question && askedBy ? { question: row.question, by: askedBy, at: row.askedAt.toISOString() } : null,
    decision:
      row.status === 'decided' && row.decision && row.decidedAt && decidedBy
        ? { decision: row.decision, creditLimit: Number(row.creditLimit ?? 0n), reason: row.decisionReason ?? '', decidedBy, decidedAt: row.decidedAt.toISOString() }
        : null,
  };
}
