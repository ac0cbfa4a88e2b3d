import type { FeedbackItem, FeedbackReceipt, OperatorFeedbackItem } from '@sen/contract';
import type { Clock } from '../../shared/clock.ts';
import type { FeedbackRepository } from './feedback.repository.ts';

/** How many of their own feedback a borrower sees (and the export lists all). */
const OWN_LIST_LIMIT = 50;

/** Borrowers' feedback: stored, shown back to its author, listed for operators. */
export class FeedbackService {
  constructor(
    private readonly repository: FeedbackRepository,
    private readonly clock: Clock,
  ) {}

  async submit(userId: string, content: string, source: 'web' | 'family'): Promise<FeedbackReceipt> {
    const row = await this.repository.insert({ userId, content, images: [], source, now: this.clock() });
    return { id: row.id, createdAt: row.createdAt.toISOString() };
  }

  async own(userId: string): Promise<FeedbackItem[]> {
    const rows = await this.repository.listForUser(userId, OWN_LIST_LIMIT);
    return rows.map((row) => ({ id: row.id, content: row.content, createdAt: row.createdAt.toISOString() }));
  }

  async forOperators(before: number | undefined, limit: number): Promise<OperatorFeedbackItem[]> {
    const rows = await this.repository.listAll(before, limit);
    return rows.map((row) => ({ id: row.id, userId: row.userId, content: row.content, source: row.source, createdAt: row.createdAt.toISOString() }));
  }

  /** The export section: every feedback of the user, images listed by key (never their bytes). */
  async exportFor(userId: string) {
    const rows = await this.repository.listForUser(userId, Number.MAX_SAFE_INTEGER);
    return rows.map((row) => ({ id: row.id, content: row.content, images: row.images, source: row.source, createdAt: row.createdAt.toISOString() }));
  }

  erase(userId: string): Promise<number> {
    return this.repository.deleteForUser(userId);
  }
}
