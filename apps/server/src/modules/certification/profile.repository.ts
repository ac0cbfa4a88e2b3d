import { and, eq, ne, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { operatorChecks, personalData, workInfo } from '../../db/schema.ts';

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
