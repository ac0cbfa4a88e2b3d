import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { userAuthState } from '../../db/schema.ts';

export class CertificationRepository {
  constructor(private readonly db: Db) {}

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
