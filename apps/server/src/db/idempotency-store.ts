import { and, eq } from 'drizzle-orm';
import { randomToken } from '../shared/crypto.ts';
import { idempotencyKeys } from './schema.ts';
import type { UnitOfWork } from './unit-of-work.ts';

export interface ClaimInput {
  userId: string;
  endpoint: string;
  key: string;
  requestHash: string;
  now: Date;
  /** A running claim made before this is abandoned (its process died) and may be taken over. */
  staleBefore: Date;
}

export type Claim =
  | { kind: 'claimed'; id: string; token: string }
  | { kind: 'replay'; status: number; data: unknown }
  | { kind: 'in-progress' }
  | { kind: 'reused' };

/** Rows of `idempotency_keys` (docs/decisions/012-idempotency.md). */
export class IdempotencyStore {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * Claims a key in a short transaction of its own, committed before the work starts, so a
   * concurrent repeat sees it 'running' instead of waiting for the work's transaction.
   */
  async claim(input: ClaimInput): Promise<Claim> {
    if (this.uow.inTransaction) throw new Error('an idempotency key must be claimed outside the unit of work it guards');
    return this.uow.transaction(async () => {
      const token = randomToken();
      const [inserted] = await this.uow.db
        .insert(idempotencyKeys)
        .values({
          userId: input.userId,
          endpoint: input.endpoint,
          key: input.key,
          requestHash: input.requestHash,
          status: 'running',
          claimToken: token,
          createdAt: input.now,
          claimedAt: input.now,
        })
        .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.endpoint, idempotencyKeys.key] })
        .returning({ id: idempotencyKeys.id });
      if (inserted) return { kind: 'claimed', id: inserted.id, token };

      const [row] = await this.uow.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.endpoint, input.endpoint), eq(idempotencyKeys.key, input.key)))
        .for('update');
      // Released (its first run failed) between our insert and this read: as busy as running.
      if (!row) return { kind: 'in-progress' };
      if (row.requestHash !== input.requestHash) return { kind: 'reused' };
      if (row.status === 'done') return { kind: 'replay', status: row.responseStatus ?? 200, data: row.responseBody === null ? null : JSON.parse(row.responseBody) };
      if (row.claimedAt.getTime() >= input.staleBefore.getTime()) return { kind: 'in-progress' };
      await this.uow.db.update(idempotencyKeys).set({ claimToken: token, claimedAt: input.now }).where(eq(idempotencyKeys.id, row.id));
      return { kind: 'claimed', id: row.id, token };
    });
  }

  /**
   * Stores the response; runs inside the unit of work of the guarded change, so the key is done
   * exactly when the change commits. Throws (rolling the change back) when the claim was taken
   * over meanwhile: then the other request does the work.
   */
  async complete(claim: { id: string; token: string }, status: number, data: unknown, now: Date): Promise<void> {
    const updated = await this.uow
      .requireTransaction('IdempotencyStore.complete')
      .update(idempotencyKeys)
      .set({ status: 'done', responseStatus: status, responseBody: JSON.stringify(data ?? null), completedAt: now })
      .where(and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.claimToken, claim.token), eq(idempotencyKeys.status, 'running')))
      .returning({ id: idempotencyKeys.id });
    if (updated.length !== 1) throw new Error('idempotency claim lost before completion');
  }

  /** Frees the key after a failed run (nothing was committed), so a retry runs the call again. */
  async release(claim: { id: string; token: string }): Promise<void> {
    await this.uow.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.claimToken, claim.token), eq(idempotencyKeys.status, 'running')));
  }
}
