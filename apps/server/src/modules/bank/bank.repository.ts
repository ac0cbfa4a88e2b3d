import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { emergencyContacts, receivingAccounts } from '../../db/schema.ts';

export type AccountRow = typeof receivingAccounts.$inferSelect;
export type NewAccount = Omit<typeof receivingAccounts.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'unboundAt'>;
export interface ContactRow {
  slot: number;
  relationship: number;
  name: string;
  phone: string;
}

const active = (userId: string) => and(eq(receivingAccounts.userId, userId), isNull(receivingAccounts.unboundAt));

/** Every query names the owner: an account id alone never reads or changes a row. */
export class BankRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  /**
   * Serialises every change of a user's accounts: an advisory lock on the user (covers the first
   * insert, when there is no row to lock yet), then the user's active rows FOR UPDATE.
   */
  async lockUserAccounts(userId: string): Promise<void> {
    await this.uow.advisoryLock(`receiving-accounts:${userId}`);
    await this.uow.lockRows(receivingAccounts, active(userId));
  }

  /** Active accounts, default first, then newest first. */
  async listActive(userId: string, kind?: 'CARD' | 'WALLET'): Promise<AccountRow[]> {
    return this.db
      .select()
      .from(receivingAccounts)
      .where(kind ? and(active(userId), eq(receivingAccounts.kind, kind)) : active(userId))
      .orderBy(desc(receivingAccounts.isDefault), desc(receivingAccounts.createdAt), desc(receivingAccounts.id));
  }

  async findActive(userId: string, accountId: number): Promise<AccountRow | null> {
    const [row] = await this.db
      .select()
      .from(receivingAccounts)
      .where(and(active(userId), eq(receivingAccounts.id, accountId)))
      .limit(1);
    return row ?? null;
  }

  /** An account of the user, unbound or not (loans name the account they were paid to). */
  async findAny(userId: string, accountId: number): Promise<AccountRow | null> {
    const [row] = await this.db
      .select()
      .from(receivingAccounts)
      .where(and(eq(receivingAccounts.userId, userId), eq(receivingAccounts.id, accountId)))
      .limit(1);
    return row ?? null;
  }

  async findByNumberIndex(userId: string, numberIndex: string): Promise<AccountRow | null> {
    const [row] = await this.db
      .select()
      .from(receivingAccounts)
      .where(and(active(userId), eq(receivingAccounts.numberIndex, numberIndex)))
      .limit(1);
    return row ?? null;
  }

  async findDefault(userId: string): Promise<AccountRow | null> {
    const [row] = await this.db
      .select()
      .from(receivingAccounts)
      .where(and(active(userId), eq(receivingAccounts.isDefault, true)))
      .limit(1);
    return row ?? null;
  }

  async insert(account: NewAccount, now: Date): Promise<AccountRow> {
    const [row] = await this.db
      .insert(receivingAccounts)
      .values({ ...account, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  async updateHolderName(userId: string, accountId: number, holderName: string, now: Date): Promise<void> {
    await this.db
      .update(receivingAccounts)
      .set({ holderName, updatedAt: now })
      .where(and(active(userId), eq(receivingAccounts.id, accountId)));
  }

  /** Clears the user's default and sets `accountId` (call under lockUserAccounts): the old default is cleared first, so the partial unique index never sees two. */
  async setDefault(userId: string, accountId: number, now: Date): Promise<void> {
    await this.db
      .update(receivingAccounts)
      .set({ isDefault: false, updatedAt: now })
      .where(and(active(userId), eq(receivingAccounts.isDefault, true), sql`${receivingAccounts.id} <> ${accountId}`));
    await this.db
      .update(receivingAccounts)
      .set({ isDefault: true, updatedAt: now })
      .where(and(active(userId), eq(receivingAccounts.id, accountId)));
  }

  async unbind(userId: string, accountId: number, now: Date): Promise<void> {
    await this.db
      .update(receivingAccounts)
      .set({ isDefault: false, unboundAt: now, updatedAt: now })
      .where(and(active(userId), eq(receivingAccounts.id, accountId)));
  }

  async replaceContacts(userId: string, contacts: readonly Omit<ContactRow, 'slot'>[], now: Date): Promise<void> {
    await this.db.delete(emergencyContacts).where(eq(emergencyContacts.userId, userId));
    await this.db.insert(emergencyContacts).values(contacts.map((contact, index) => ({ userId, slot: index + 1, ...contact, updatedAt: now })));
  }

  async listContacts(userId: string): Promise<ContactRow[]> {
    return this.db
      .select({ slot: emergencyContacts.slot, relationship: emergencyContacts.relationship, name: emergencyContacts.name, phone: emergencyContacts.phone })
      .from(emergencyContacts)
      .where(eq(emergencyContacts.userId, userId))
      .orderBy(asc(emergencyContacts.slot));
  }
}
