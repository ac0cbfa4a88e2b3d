import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { userAuthState } from '../../db/schema.ts';

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
}
