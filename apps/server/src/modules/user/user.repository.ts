import { and, desc, eq, inArray } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { privacyConsents, userDeviceFacts, userEquipment, users } from '../../db/schema.ts';

export interface UserRow {
  id: string;
  /** The number clients see as the user's id. */
  publicId: number;
  phone: string;
  passwordHash: string | null;
}

const userColumns = { id: users.id, publicId: users.publicId, phone: users.phone, passwordHash: users.passwordHash };

/** An account as the back office lists it (no credentials). */
export interface UserAccountRow {
  id: string;
  publicId: number;
  /** The normalised phone, or `closed:<id>` once the account is closed (tombstone). */
  phone: string;
  createdAt: Date;
}

const accountColumns = { id: users.id, publicId: users.publicId, phone: users.phone, createdAt: users.createdAt };

export class UserRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  async findByPhone(phone: string): Promise<UserRow | null> {
    const [row] = await this.db.select(userColumns).from(users).where(eq(users.phone, phone)).limit(1);
    return row ?? null;
  }

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** The back office's view of accounts: by the number the borrower's app shows, or by ids (one statement). */
  async accountByPublicId(publicId: number): Promise<UserAccountRow | null> {
    const [row] = await this.db.select(accountColumns).from(users).where(eq(users.publicId, publicId)).limit(1);
    return row ?? null;
  }

  async accountsByIds(ids: readonly string[]): Promise<UserAccountRow[]> {
    if (ids.length === 0) return [];
    return this.db.select(accountColumns).from(users).where(inArray(users.id, [...ids]));
  }

  /**
   * The user, its row locked until the caller's unit of work ends: 'update' for a change of the
   * credentials, 'share' for a check that must not interleave with one (logins do not block
   * each other, but wait for a password change and it waits for them).
   */
  async lockById(id: string, mode: 'update' | 'share'): Promise<UserRow | null> {
    const db = this.uow.requireTransaction('UserRepository.lockById');
    const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1).for(mode === 'update' ? 'update' : 'share');
    return row ?? null;
  }

  /** The user of `phone`, created on first sight (race-safe). */
  async findOrCreate(phone: string, now: Date): Promise<UserRow> {
    await this.db.insert(users).values({ phone, createdAt: now, updatedAt: now }).onConflictDoNothing({ target: users.phone });
    const user = await this.findByPhone(phone);
    if (!user) throw new Error('user vanished right after its creation');
    return user;
  }

  async setPasswordHash(userId: string, passwordHash: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  }

  async upsertEquipment(input: {
    userId: string;
    deviceId: string;
    appVersion: string;
    mobileType: number;
    regClient: string;
    phoneMark: string | null;
    phoneBrand: string | null;
    phoneModel: string | null;
    now: Date;
  }): Promise<void> {
    const { now, ...values } = input;
    const { userId: _userId, deviceId: _deviceId, ...changes } = values;
    await this.db
      .insert(userEquipment)
      .values({ ...values, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [userEquipment.userId, userEquipment.deviceId], set: { ...changes, updatedAt: now } });
  }

  async findEquipment(userId: string, deviceId: string) {
    const [row] = await this.db
      .select()
      .from(userEquipment)
      .where(and(eq(userEquipment.userId, userId), eq(userEquipment.deviceId, deviceId)))
      .limit(1);
    return row ?? null;
  }

  async hasDeviceFacts(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ userId: userDeviceFacts.userId }).from(userDeviceFacts).where(eq(userDeviceFacts.userId, userId)).limit(1);
    return row !== undefined;
  }

  async upsertDeviceFacts(input: { userId: string; hardware: string; system: string; network: string; now: Date }): Promise<void> {
    const { now, ...values } = input;
    const { userId: _userId, ...changes } = values;
    await this.db
      .insert(userDeviceFacts)
      .values({ ...values, updatedAt: now })
      .onConflictDoUpdate({ target: userDeviceFacts.userId, set: { ...changes, updatedAt: now } });
  }

  async insertConsent(input: { userId: string | null; deviceId: string | null; version: string; agreed: boolean; now: Date }): Promise<void> {
    await this.db.insert(privacyConsents).values({
      userId: input.userId,
      deviceId: input.deviceId,
      version: input.version,
      agreed: input.agreed,
      createdAt: input.now,
    });
  }

  // ─── Account lifecycle (issue 13) ───

  /**
   * A closed account's phone becomes a tombstone that no normalised phone can equal, so the phone
   * can register again as a new user while loans and consents still point at this row; the
   * password hash goes too.
   */
  async tombstone(userId: string, now: Date): Promise<void> {
    await this.db.update(users).set({ phone: `closed:${userId}`, passwordHash: null, updatedAt: now }).where(eq(users.id, userId));
  }

  async profileOf(userId: string) {
    const [row] = await this.db
      .select({ publicId: users.publicId, phone: users.phone, hasPassword: users.passwordHash, createdAt: users.createdAt, updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  async equipmentOf(userId: string, limit?: number) {
    const query = this.db
      .select({
        deviceId: userEquipment.deviceId,
        appVersion: userEquipment.appVersion,
        mobileType: userEquipment.mobileType,
        regClient: userEquipment.regClient,
        phoneMark: userEquipment.phoneMark,
        phoneBrand: userEquipment.phoneBrand,
        phoneModel: userEquipment.phoneModel,
        createdAt: userEquipment.createdAt,
        updatedAt: userEquipment.updatedAt,
      })
      .from(userEquipment)
      .where(eq(userEquipment.userId, userId))
      .orderBy(desc(userEquipment.updatedAt));
    return limit === undefined ? query : query.limit(limit);
  }

  async deviceFactsOf(userId: string) {
    const [row] = await this.db
      .select({ hardware: userDeviceFacts.hardware, system: userDeviceFacts.system, network: userDeviceFacts.network, updatedAt: userDeviceFacts.updatedAt })
      .from(userDeviceFacts)
      .where(eq(userDeviceFacts.userId, userId))
      .limit(1);
    return row ?? null;
  }

  async consentsOf(userId: string, limit?: number) {
    const query = this.db
      .select({ version: privacyConsents.version, agreed: privacyConsents.agreed, createdAt: privacyConsents.createdAt })
      .from(privacyConsents)
      .where(eq(privacyConsents.userId, userId))
      .orderBy(desc(privacyConsents.createdAt));
    return limit === undefined ? query : query.limit(limit);
  }

  /** Device records and facts of a closed account (consents are kept: they prove what was agreed). */
  async erasePersonalData(userId: string): Promise<number> {
    const equipment = await this.db.delete(userEquipment).where(eq(userEquipment.userId, userId)).returning({ id: userEquipment.id });
    const facts = await this.db.delete(userDeviceFacts).where(eq(userDeviceFacts.userId, userId)).returning({ id: userDeviceFacts.userId });
    return equipment.length + facts.length;
  }

  async latestPhoneModel(userId: string): Promise<string | null> {
    const [row] = await this.uow.db.select({ phoneModel: userEquipment.phoneModel }).from(userEquipment).where(eq(userEquipment.userId, userId)).orderBy(desc(userEquipment.updatedAt)).limit(1);
    return row?.phoneModel ?? null;
  }
}
