import type { ProposalKind, ProposalView } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { OperatorInfo } from '../../types.ts';
import type { OperatorAuditService } from './operator-audit.service.ts';
import type { OperatorNames, ProposalRepository, ProposalRow } from './proposal.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who proposed and who approves, as a kind's apply sees them. */
export interface ProposalDecision {
  proposalId: number;
  proposedBy: number;
  approvedBy: number;
  now: Date;
}

/**
 * One kind of four-eyes action (decision 091), registered in the composition root: how its
 * payload is read, what it is about (one pending proposal per subject), how it is described, the
 * checks it must pass when proposed and again when approved, and how it is applied (inside the
 * approval's transaction, once).
 */
export interface ProposalKindHandler<Payload> {
  readonly kind: ProposalKind;
  parse(payload: unknown): Payload;
  subject(payload: Payload): string;
  /** Checks the payload against the current state (throws the catalogued error) and describes it. */
  prepare(payload: Payload): Promise<{ summary: string; before: unknown }>;
  apply(payload: Payload, decision: ProposalDecision): Promise<unknown>;
}

/** The kinds, by name. */
export class ProposalKinds {
  private readonly handlers = new Map<string, ProposalKindHandler<unknown>>();

  register<Payload>(handler: ProposalKindHandler<Payload>): void {
    if (this.handlers.has(handler.kind)) throw new Error(`proposal kind ${handler.kind} registered twice`);
    this.handlers.set(handler.kind, handler as ProposalKindHandler<unknown>);
  }

  get(kind: string): ProposalKindHandler<unknown> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no proposal kind ${kind}`);
    return handler;
  }

  get names(): string[] {
    return [...this.handlers.keys()];
  }
}

/**
 * Maker-checker (decision 091): a proposal changes nothing until a different operator approves
 * it; approval locks the proposal row and applies it in the same transaction, so two approvals at
 * once apply it once (the second finds it decided). Unapproved proposals expire.
 */
export class ProposalService {
  constructor(
    private readonly repository: ProposalRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    readonly kinds: ProposalKinds,
    private readonly audit: OperatorAuditService,
    private readonly expiryDays: number,
  ) {}

  /** Records a pending proposal (in the caller's audited transaction). */
  async propose(operator: OperatorInfo, kind: ProposalKind, rawPayload: unknown, reason: string | null): Promise<ProposalView> {
    const handler = this.kinds.get(kind);
    const payload = handler.parse(rawPayload);
    const { summary, before } = await handler.prepare(payload);
    const now = this.clock();
    const row = await this.repository.insert({
      kind,
      payload,
      subject: handler.subject(payload),
      summary,
      before: before ?? null,
      reason,
      status: 'pending',
      proposedBy: operator.operatorId,
      proposedAt: now,
      expiresAt: new Date(now.getTime() + this.expiryDays * DAY_MS),
    });
    if (!row) throw new AppError('PROPOSAL_DUPLICATE');
    return this.view(row);
  }

  /** Approves and applies another operator's pending proposal, once (in the caller's audited transaction). */
  async approve(operator: OperatorInfo, proposalId: number): Promise<{ before: ProposalView; after: ProposalView }> {
    return this.uow.transaction(async () => {
      const row = await this.pendingLocked(proposalId);
      if (row.proposedBy === operator.operatorId) throw new AppError('PROPOSAL_OWN');
      const handler = this.kinds.get(row.kind);
      const payload = handler.parse(row.payload);
      const now = this.clock();
      // Checked again: the world may have changed since it was proposed (the cap, the receipt).
      await handler.prepare(payload);
      const result = await handler.apply(payload, { proposalId: row.id, proposedBy: row.proposedBy, approvedBy: operator.operatorId, now });
      const decided = await this.repository.decide(row.id, { status: 'approved', decidedBy: operator.operatorId, decidedAt: now, decisionReason: null, result: result ?? null });
      return { before: await this.view(row), after: await this.view(decided) };
    });
  }

  /** Rejects a pending proposal (the proposer may withdraw their own this way). */
  async reject(operator: OperatorInfo, proposalId: number, reason: string): Promise<{ before: ProposalView; after: ProposalView }> {
    return this.uow.transaction(async () => {
      const row = await this.pendingLocked(proposalId);
      const decided = await this.repository.decide(row.id, { status: 'rejected', decidedBy: operator.operatorId, decidedAt: this.clock(), decisionReason: reason, result: null });
      return { before: await this.view(row), after: await this.view(decided) };
    });
  }

  async list(filter: { status: ProposalRow['status']; kind?: string | undefined; cursor?: string | undefined }, limit: number) {
    const beforeId = filter.cursor ? Number.parseInt(filter.cursor, 36) : undefined;
    if (beforeId !== undefined && !Number.isSafeInteger(beforeId)) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.admin.cursorInvalid' });
    const rows = await this.repository.list({ status: filter.status, kind: filter.kind, beforeId }, limit + 1);
    const page = rows.slice(0, limit);
    const names = await this.repository.operatorNames(page.flatMap((row) => [row.proposedBy, ...(row.decidedBy ? [row.decidedBy] : [])]));
    return { items: page.map((row) => toView(row, names)), nextCursor: rows.length > limit && page.length > 0 ? page.at(-1)!.id.toString(36) : null };
  }

  /** The expiry sweep (a job): pending proposals past their date expire, each with its audit row by the system. */
  async expireDue(): Promise<number> {
    return this.uow.transaction(async () => {
      const expired = await this.repository.expireDue(this.clock());
      for (const row of expired) {
        await this.audit.record({ operator: null, ip: null, userAgent: null }, 'proposal.expire', { targetType: 'proposal', targetId: row.id, before: { status: 'pending' }, after: { status: 'expired' } });
      }
      return expired.length;
    });
  }

  private async pendingLocked(proposalId: number): Promise<ProposalRow> {
    const row = await this.repository.lock(proposalId);
    if (!row) throw new AppError('PROPOSAL_NOT_FOUND');
    if (row.status !== 'pending' || row.expiresAt <= this.clock()) throw new AppError('PROPOSAL_NOT_PENDING');
    return row;
  }

  private async view(row: ProposalRow): Promise<ProposalView> {
    return toView(row, await this.repository.operatorNames([row.proposedBy, ...(row.decidedBy ? [row.decidedBy] : [])]));
  }
}

function toView(row: ProposalRow, names: OperatorNames): ProposalView {
  const ref = (id: number) => names.get(id) ?? { id, email: '', name: '' };
  return {
    id: row.id,
    kind: row.kind as ProposalKind,
    payload: row.payload,
    summary: row.summary,
    before: row.before ?? null,
    reason: row.reason,
    status: row.status,
    proposedBy: ref(row.proposedBy),
    proposedAt: row.proposedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedBy: row.decidedBy ? ref(row.decidedBy) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    result: row.result ?? null,
  };
}
