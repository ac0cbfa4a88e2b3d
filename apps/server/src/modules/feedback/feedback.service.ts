import type { FeedbackItem, FeedbackReceipt, OperatorFeedbackItem } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CleanImage } from '../../shared/uploads/image-upload.ts';
import type { FilesService } from '../files/index.ts';
import type { FeedbackRepository } from './feedback.repository.ts';

/** How many of their own feedback a borrower sees. */
const OWN_LIST_LIMIT = 50;
/** The stored-file purpose of feedback pictures (part of their storage keys). */
export const FEEDBACK_FILE_PURPOSE = 'feedback';

/** Borrowers' feedback: stored with its pictures, shown back to its author, listed for operators. */
export class FeedbackService {
  constructor(
    private readonly repository: FeedbackRepository,
    private readonly files: FilesService,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Stores the text and the (already checked) pictures in one transaction and answers the receipt. */
  async submit(userId: string, content: string, source: 'web' | 'family', images: CleanImage[] = []): Promise<FeedbackReceipt> {
    return this.uow.transaction(async () => {
      const fileIds: string[] = [];
      for (const image of images) fileIds.push((await this.files.storeImage(userId, FEEDBACK_FILE_PURPOSE, image)).id);
      const row = await this.repository.insert({ userId, content, images: fileIds, source, now: this.clock() });
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    });
  }

  /** Owner-only links to the pictures of a feedback (for its author, or handed to an operator). */
  private links(userId: string, fileIds: string[]): string[] {
    return fileIds.map((id) => this.files.linkFor({ id, userId }));
  }

  async own(userId: string): Promise<FeedbackItem[]> {
    const rows = await this.repository.listForUser(userId, OWN_LIST_LIMIT);
    return rows.map((row) => ({ id: row.id, content: row.content, images: this.links(userId, row.images), createdAt: row.createdAt.toISOString() }));
  }

  async forOperators(before: number | undefined, limit: number): Promise<OperatorFeedbackItem[]> {
    const rows = await this.repository.listAll(before, limit);
    return rows.map((row) => ({
      id: row.id,
      userId: row.publicId,
      content: row.content,
      images: this.links(row.userId, row.images),
      source: row.source,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The export section: every feedback of the user, its pictures by file id (never their bytes). */
  async exportFor(userId: string) {
    const rows = await this.repository.listForUser(userId, Number.MAX_SAFE_INTEGER);
    return rows.map((row) => ({ id: row.id, content: row.content, imageFileIds: row.images, source: row.source, createdAt: row.createdAt.toISOString() }));
  }

  /** Erasure of a closed account: the feedback rows and their pictures (rows and bytes). */
  async erase(userId: string): Promise<number> {
    const rows = await this.repository.deleteForUser(userId);
    return rows + (await this.files.eraseByPurpose(userId, FEEDBACK_FILE_PURPOSE));
  }
}
