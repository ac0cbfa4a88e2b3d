import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { accountClosures } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export interface ClosureRow {
  userId: string;
  closedAt: Date;
  eraseAfter: Date;
}

/** The account_closures table: who closed, why, and when their personal data is due for erasure. */
export class AccountRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  async insertClosure(input: {
    userId: string;
    reason: number | null;
    remark: string | null;
    closedAt: Date;
    eraseAfter: Date;
    phoneCipher: string;
    phoneIndex: string;
  }): Promise<void> {
    await this.db.insert(accountClosures).values(input);
  }

  async isClosed(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ userId: accountClosures.userId }).from(accountClosures).where(eq(accountClosures.userId, userId)).limit(1);
    return row !== undefined;
  }

  /** Closures whose retention period has ended and whose data is not erased yet, oldest first, locked. */
  async lockDue(now: Date, limit: number): Promise<ClosureRow[]> {
    const db = this.uow.requireTransaction('AccountRepository.lockDue');
    return db
      .select({ userId: accountClosures.userId, closedAt: accountClosures.closedAt, eraseAfter: accountClosures.eraseAfter })
      .from(accountClosures)
      .where(and(isNull(accountClosures.erasedAt), lte(accountClosures.eraseAfter, now)))
      .orderBy(asc(accountClosures.eraseAfter))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  /** Erases what the closure itself holds of the person (the phone and the free text); the blind index stays. */
  async markErased(userId: string, now: Date): Promise<void> {
    await this.db.update(accountClosures).set({ erasedAt: now, phoneCipher: null, remark: null }).where(eq(accountClosures.userId, userId));
  }
}
