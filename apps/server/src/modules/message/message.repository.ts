import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Language } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { userLanguages, userMessages } from '../../db/schema.ts';

export interface MessageRow {
  id: number;
  template: string;
  /** The template's parameters in their stored form (message-templates.ts `normaliseParams`). */
  params: unknown;
  /** The title and text as rendered when the message was made (shown when the row can no longer be rendered). */
  theme: string;
  content: string;
  createdAt: Date;
  readAt: Date | null;
}

const messageColumns = {
  id: userMessages.id,
  template: userMessages.template,
  params: userMessages.params,
  theme: userMessages.theme,
  content: userMessages.content,
  createdAt: userMessages.createdAt,
  readAt: userMessages.readAt,
};

/** Every query of a user's messages filters by that user's id: no method reads or writes another's. */
export class MessageRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  /**
   * Inserts a message unless the user already has one with this dedupe key (one statement: a
   * concurrent insert of the same key waits for the other transaction and then does nothing).
   * Returns the new id, or null when the event was already messaged.
   */
  async insertOnce(input: {
    userId: string;
    template: string;
    params: Record<string, unknown>;
    language: Language;
    theme: string;
    content: string;
    dedupeKey: string;
    createdAt: Date;
  }): Promise<number | null> {
    const [row] = await this.db
      .insert(userMessages)
      .values(input)
      .onConflictDoNothing({ target: [userMessages.userId, userMessages.dedupeKey] })
      .returning({ id: userMessages.id });
    return row?.id ?? null;
  }

  /** Inserts a batch of messages in one statement; a (user, dedupe key) already there is kept. Returns how many were new. */
  async insertManyOnce(
    rows: { userId: string; template: string; params: Record<string, unknown>; language: Language; theme: string; content: string; dedupeKey: string; createdAt: Date }[],
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(userMessages)
      .values(rows)
      .onConflictDoNothing({ target: [userMessages.userId, userMessages.dedupeKey] })
      .returning({ id: userMessages.id });
    return inserted.length;
  }

  /** The last language of each of these users (users without one are absent). */
  async languagesOf(userIds: string[]): Promise<Map<string, Language>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.select({ userId: userLanguages.userId, language: userLanguages.language }).from(userLanguages).where(inArray(userLanguages.userId, userIds));
    return new Map(rows.map((row) => [row.userId, row.language as Language]));
  }

  async findIdByDedupeKey(userId: string, dedupeKey: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: userMessages.id })
      .from(userMessages)
      .where(and(eq(userMessages.userId, userId), eq(userMessages.dedupeKey, dedupeKey)))
      .limit(1);
    return row?.id ?? null;
  }

  /** One page of the user's messages, newest first. */
  page(userId: string, offset: number, limit: number): Promise<MessageRow[]> {
    return this.db.select(messageColumns).from(userMessages).where(eq(userMessages.userId, userId)).orderBy(desc(userMessages.id)).offset(offset).limit(limit);
  }

  async findOne(userId: string, id: number): Promise<MessageRow | null> {
    const [row] = await this.db
      .select(messageColumns)
      .from(userMessages)
      .where(and(eq(userMessages.userId, userId), eq(userMessages.id, id)))
      .limit(1);
    return row ?? null;
  }

  async counts(userId: string): Promise<{ total: number; unread: number }> {
    const [row] = await this.db
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${userMessages.readAt} is null)`.mapWith(Number) })
      .from(userMessages)
      .where(eq(userMessages.userId, userId));
    return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
  }

  async countUnread(userId: string): Promise<number> {
    return this.db.$count(userMessages, and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
  }

  /** Marks the user's unread messages among `ids` read; ids of other users match nothing. Returns how many changed. */
  async markRead(userId: string, ids: number[], now: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.db
      .update(userMessages)
      .set({ readAt: now })
      .where(and(eq(userMessages.userId, userId), inArray(userMessages.id, ids), isNull(userMessages.readAt)))
      .returning({ id: userMessages.id });
    return rows.length;
  }

  async languageOf(userId: string): Promise<Language | null> {
    const [row] = await this.db.select({ language: userLanguages.language }).from(userLanguages).where(eq(userLanguages.userId, userId)).limit(1);
    return (row?.language as Language | undefined) ?? null;
  }

  /** Keeps the user's last language; writes only when it changed. */
  async setLanguage(userId: string, language: Language, now: Date): Promise<void> {
    await this.db
      .insert(userLanguages)
      .values({ userId, language, updatedAt: now })
      .onConflictDoUpdate({ target: userLanguages.userId, set: { language, updatedAt: now }, setWhere: ne(userLanguages.language, language) });
  }

  // ─── Account lifecycle (issue 13) ───

  /** Every message of the user, newest first, for the data export. */
  allOf(userId: string) {
    return this.db
      .select({ ...messageColumns, language: userMessages.language })
      .from(userMessages)
      .where(eq(userMessages.userId, userId))
      .orderBy(desc(userMessages.id));
  }

  /** Erasure of a closed account: its messages and its remembered language. */
  async deleteForUser(userId: string): Promise<number> {
    const messages = await this.db.delete(userMessages).where(eq(userMessages.userId, userId)).returning({ id: userMessages.id });
    const languages = await this.db.delete(userLanguages).where(eq(userLanguages.userId, userId)).returning({ userId: userLanguages.userId });
    return messages.length + languages.length;
  }
}
