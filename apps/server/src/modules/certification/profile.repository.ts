import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { nameSearchKey, operatorChecks, personalData, workInfo } from '../../db/schema.ts';

export type PersonalDataRow = typeof personalData.$inferSelect;
export type PersonalDataValues = Omit<typeof personalData.$inferInsert, 'publicId' | 'createdAt' | 'updatedAt'>;
export type WorkInfoRow = typeof workInfo.$inferSelect;
export type WorkInfoValues = Omit<typeof workInfo.$inferInsert, 'publicId' | 'createdAt' | 'updatedAt'>;
export type OperatorCheckRow = typeof operatorChecks.$inferSelect;

/** Personal data, supplementary information and operator checks; every query filters by the user's id. */
export class ProfileRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  async personalData(userId: string): Promise<PersonalDataRow | null> {
    const [row] = await this.db.select().from(personalData).where(eq(personalData.userId, userId)).limit(1);
    return row ?? null;
  }

  /** Whether another user holds this ID number (by its blind index). */
  async idNumberHeldByOther(userId: string, idNumberIndex: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: personalData.userId })
      .from(personalData)
      .where(and(eq(personalData.idNumberIndex, idNumberIndex), ne(personalData.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  /** The back office: who holds this ID number (by its blind index; unique). */
  async holderOfIdNumber(idNumberIndex: string): Promise<string | null> {
    const [row] = await this.db.select({ userId: personalData.userId }).from(personalData).where(eq(personalData.idNumberIndex, idNumberIndex)).limit(1);
    return row?.userId ?? null;
  }

  /**
   * The back office: users whose name starts with `prefix`, compared by nameSearchKey on both sides
   * (decision 097). The prefix is a range of the name index: [key, key || U+10FFFF) in byte order.
   */
  async userIdsByNamePrefix(prefix: string, limit: number): Promise<string[]> {
    const key = nameSearchKey(sql`${prefix}::text`);
    const column = nameSearchKey(sql`${personalData.fullName}`);
    const rows = await this.db
      .select({ userId: personalData.userId })
      .from(personalData)
      .where(and(gte(column, key), lt(column, sql`${key} || chr(1114111)`)))
      .orderBy(asc(column), asc(personalData.userId))
      .limit(limit);
    return rows.map((row) => row.userId);
  }

  /** The back office: name and the ID number's last four digits of several users (search results). */
  async summariesOf(userIds: readonly string[]): Promise<Array<{ userId: string; fullName: string; idNumberLast4: string }>> {
    if (userIds.length === 0) return [];
    return this.db
      .select({ userId: personalData.userId, fullName: personalData.fullName, idNumberLast4: personalData.idNumberLast4 })
      .from(personalData)
      .where(inArray(personalData.userId, [...userIds]));
  }

  /** Creates or replaces the user's personal data in one statement. */
  async upsertPersonalData(values: PersonalDataValues): Promise<void> {
    const { userId: _owner, ...rest } = values;
    await this.db
      .insert(personalData)
      .values(values)
      .onConflictDoUpdate({ target: personalData.userId, set: { ...rest, updatedAt: sql`now()` } });
  }

  async workInfo(userId: string): Promise<WorkInfoRow | null> {
    const [row] = await this.db.select().from(workInfo).where(eq(workInfo.userId, userId)).limit(1);
    return row ?? null;
  }

  async upsertWorkInfo(values: WorkInfoValues): Promise<void> {
    const { userId: _owner, ...rest } = values;
    await this.db
      .insert(workInfo)
      .values(values)
      .onConflictDoUpdate({ target: workInfo.userId, set: { ...rest, updatedAt: sql`now()` } });
  }

  async operatorCheck(userId: string): Promise<OperatorCheckRow | null> {
    const [row] = await this.db.select().from(operatorChecks).where(eq(operatorChecks.userId, userId)).limit(1);
    return row ?? null;
  }

  /** Locks the user's operator-check row (inside a transaction), so two finishing calls cannot both pass. */
  async lockOperatorCheck(userId: string): Promise<OperatorCheckRow | null> {
    const [row] = await this.db.select().from(operatorChecks).where(eq(operatorChecks.userId, userId)).for('update').limit(1);
    return row ?? null;
  }

  /** Starts or advances an attempt: the operator and the code now awaited; the last verified operator is kept. */
  async setOperatorStage(input: { userId: string; company: string; stage: 'first' | 'second'; phone: string; provider: string }): Promise<void> {
    await this.db
      .insert(operatorChecks)
      .values(input)
      .onConflictDoUpdate({
        target: operatorChecks.userId,
        set: { company: input.company, stage: input.stage, phone: input.phone, provider: input.provider, updatedAt: sql`now()` },
      });
  }

  async markOperatorVerified(input: { userId: string; company: string; phone: string; now: Date }): Promise<void> {
    await this.db
      .update(operatorChecks)
      .set({ stage: 'verified', verifiedCompany: input.company, verifiedPhone: input.phone, verifiedAt: input.now, updatedAt: sql`now()` })
      .where(eq(operatorChecks.userId, input.userId));
  }
}
