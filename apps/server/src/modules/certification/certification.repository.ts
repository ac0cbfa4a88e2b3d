import { eq, sql } from 'drizzle-orm';
import type { AuthItem } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { userAuthState, users } from '../../db/schema.ts';

const STATE_PROPERTIES = {
  ID: 'idState',
  WORK: 'workInfoState',
  BANK: 'bankCardState',
  KYC: 'kycState',
  TELECOM: 'telecomPermissionState',
} as const satisfies Record<AuthItem, keyof typeof userAuthState.$inferInsert>;

export class CertificationRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  async findStates(userId: string) {
    const [row] = await this.db
      .select({
        idState: userAuthState.idState,
        workInfoState: userAuthState.workInfoState,
        bankCardState: userAuthState.bankCardState,
        kycState: userAuthState.kycState,
        telecomPermissionState: userAuthState.telecomPermissionState,
        userAuthState: userAuthState.userAuthState,
      })
      .from(userAuthState)
      .where(eq(userAuthState.userId, userId))
      .limit(1);
    return row ?? null;
  }

  /** Sets one item's state, creating the user's row on first use (one statement, race-free). */
  async setItemState(userId: string, item: AuthItem, state: string): Promise<void> {
    const property = STATE_PROPERTIES[item];
    await this.db
      .insert(userAuthState)
      .values({ userId, [property]: state })
      .onConflictDoUpdate({ target: userAuthState.userId, set: { [property]: state, updatedAt: sql`now()` } });
  }

  /** The overall state ('30' once every required item is done); kept beside the item states. */
  async setOverallState(userId: string, state: string): Promise<void> {
    await this.db
      .insert(userAuthState)
      .values({ userId, userAuthState: state })
      .onConflictDoUpdate({ target: userAuthState.userId, set: { userAuthState: state, updatedAt: sql`now()` } });
  }

  /** The user's registered phone (normalised), or null for an unknown user. */
  async findPhone(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.phone ?? null;
  }
}
