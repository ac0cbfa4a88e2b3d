import { and, desc, eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { storedFiles } from '../../db/schema.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export class FilesRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  async insert(row: typeof storedFiles.$inferInsert): Promise<StoredFileRow> {
    const [inserted] = await this.db.insert(storedFiles).values(row).returning();
    return inserted!;
  }

  async findById(fileId: string): Promise<StoredFileRow | null> {
    const [row] = await this.db.select().from(storedFiles).where(eq(storedFiles.id, fileId)).limit(1);
    return row ?? null;
  }

  /** The file when `userId` owns it, else null (another user's file looks the same as none). */
  async findOwned(userId: string, fileId: string): Promise<StoredFileRow | null> {
    const [row] = await this.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.id, fileId), eq(storedFiles.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  // ─── Account lifecycle (issue 13) ───

  /** The user's files, newest first (the data export lists them without their bytes). */
  async listForUser(userId: string): Promise<StoredFileRow[]> {
    return this.db.select().from(storedFiles).where(eq(storedFiles.userId, userId)).orderBy(desc(storedFiles.createdAt));
  }

  /** Deletes the rows of the user's files of one purpose, answering their storage keys. */
  async deleteByPurpose(userId: string, purpose: string): Promise<string[]> {
    const rows = await this.db
      .delete(storedFiles)
      .where(and(eq(storedFiles.userId, userId), eq(storedFiles.purpose, purpose)))
      .returning({ storageKey: storedFiles.storageKey });
    return rows.map((row) => row.storageKey);
  }
}
