import { and, desc, eq, lt } from 'drizzle-orm';
import { feedback, users } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

/** The feedback table; every borrower-facing read is scoped by the author's user id. */
export class FeedbackRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  async insert(input: { userId: string; content: string; images: string[]; source: string; now: Date }): Promise<{ id: number; createdAt: Date }> {
    const [row] = await this.db
      .insert(feedback)
      .values({ userId: input.userId, content: input.content, images: input.images, source: input.source, createdAt: input.now })
      .returning({ id: feedback.id, createdAt: feedback.createdAt });
    if (!row) throw new Error('feedback insert returned no row');
    return row;
  }

  async listForUser(userId: string, limit: number) {
    return this.db
      .select({ id: feedback.id, content: feedback.content, images: feedback.images, source: feedback.source, createdAt: feedback.createdAt })
      .from(feedback)
      .where(eq(feedback.userId, userId))
      .orderBy(desc(feedback.id))
      .limit(limit);
  }

  /** Operators: every borrower's feedback, newest first, with the author's public number. */
  async listAll(before: number | undefined, limit: number) {
    return this.db
      .select({
        id: feedback.id,
        content: feedback.content,
        images: feedback.images,
        source: feedback.source,
        createdAt: feedback.createdAt,
        userId: feedback.userId,
        publicId: users.publicId,
      })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(before === undefined ? undefined : and(lt(feedback.id, before)))
      .orderBy(desc(feedback.id))
      .limit(limit);
  }

  async deleteForUser(userId: string): Promise<number> {
    const rows = await this.db.delete(feedback).where(eq(feedback.userId, userId)).returning({ id: feedback.id });
    return rows.length;
  }
}
