import type { MessageKey, ParsedDeleteUserRequest } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { FieldCipher } from '../../shared/field-cipher.ts';
import type { AccountRepository } from './account.repository.ts';

/** Why a guard refuses to close an account: the message the borrower reads. */
export interface CloseRefusal {
  messageKey: MessageKey;
}

/**
 * Asked, inside the closing transaction with the user's row locked, whether the account may close
 * (the loan module refuses while any loan is not settled). null allows it.
 */
export type CloseGuard = (userId: string) => Promise<CloseRefusal | null>;

/** Told, inside the closing transaction, that an account closed: revoke, stop sending, tombstone. */
export type ClosedListener = (userId: string, closedAt: Date) => Promise<void>;

/**
 * Erases (deletes or anonymises) a module's personal data of a closed account once its retention
 * period has ended; keeps what a law requires (loan records). Returns the rows it touched.
 */
export type Eraser = (userId: string) => Promise<number>;

/** What closing needs of the user module (its public service), resolved at call time. */
export interface ClosingUsers {
  lockById(userId: string, mode: 'update' | 'share'): Promise<{ id: string; publicId: number; phone: string } | null>;
}

/** The blind-index purpose of the phones of closed accounts. */
const CLOSED_PHONE_INDEX = 'closed-account-phone';
/** Closures erased per sweep run: the run is one transaction (decision 011), so it stays bounded. */
const ERASURE_BATCH = 1000;

/**
 * The account lifecycle (docs/decisions/060): registries other modules fill — close guards,
 * closed listeners, erasers — and the two operations that use them, closing an account and
 * erasing the personal data of accounts whose retention period has ended.
 */
export class AccountLifecycle {
  private readonly guards: CloseGuard[] = [];
  private readonly listeners: { name: string; listener: ClosedListener }[] = [];
  private readonly erasers: { name: string; eraser: Eraser }[] = [];

  constructor(
    private readonly repository: AccountRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly cipher: FieldCipher,
    private readonly retentionDays: number,
    private readonly users: () => ClosingUsers,
  ) {}

  /** A check that may refuse closing (e.g. an unsettled loan). */
  addCloseGuard(guard: CloseGuard): void {
    this.guards.push(guard);
  }

  /** Work done in the closing transaction (revoke sessions, stop messages and reminders). */
  onClosed(name: string, listener: ClosedListener): void {
    this.listeners.push({ name, listener });
  }

  /** A module's erasure of its personal data, run by the erasure sweep after the retention period. */
  addEraser(name: string, eraser: Eraser): void {
    if (this.erasers.some((entry) => entry.name === name)) throw new Error(`eraser ${name} registered twice`);
    this.erasers.push({ name, eraser });
  }

  isClosed(userId: string): Promise<boolean> {
    return this.repository.isClosed(userId);
  }

  /**
   * Closes the caller's account in one transaction with the user's row locked: every guard is
   * asked first (the first refusal is the answer), then the closure is recorded and every closed
   * listener runs. Nothing is half done: a refusal or a failure rolls it all back.
   */
  async close(userId: string, input: ParsedDeleteUserRequest): Promise<{ closedAt: Date; eraseAfter: Date }> {
    return this.uow.transaction(async () => {
      const user = await this.users().lockById(userId, 'update');
      if (!user) throw new AppError('SESSION_EXPIRED');
      if (input.rid !== undefined && input.rid !== user.publicId) throw new AppError('ACCOUNT_WRONG_USER');
      for (const guard of this.guards) {
        const refusal = await guard(userId);
        if (refusal) throw new AppError('ACCOUNT_CLOSE_REFUSED', { messageKey: refusal.messageKey });
      }
      const closedAt = this.clock();
      const eraseAfter = new Date(closedAt.getTime() + this.retentionDays * 24 * 60 * 60 * 1000);
      await this.repository.insertClosure({
        userId,
        reason: input.reason ?? null,
        remark: input.reason === 4 ? (input.remark ?? null) : null,
        closedAt,
        eraseAfter,
        phoneCipher: this.cipher.encrypt(user.phone),
        phoneIndex: this.cipher.blindIndex(CLOSED_PHONE_INDEX, user.phone),
      });
      for (const { listener } of this.listeners) await listener(userId, closedAt);
      return { closedAt, eraseAfter };
    });
  }

  /**
   * Erases the personal data of closed accounts whose retention period has ended: every
   * registered eraser, then the closure's own copy of the phone. Runs in the caller's transaction
   * (the sweep's); a batch per run, the rest on the next run. Returns row counts per eraser.
   */
  async eraseDue(now: Date): Promise<Record<string, number>> {
    const due = await this.repository.lockDue(now, ERASURE_BATCH);
    const counts: Record<string, number> = { accounts: due.length };
    for (const { name } of this.erasers) counts[name] = 0;
    for (const closure of due) {
      for (const { name, eraser } of this.erasers) counts[name] = (counts[name] ?? 0) + (await eraser(closure.userId));
      await this.repository.markErased(closure.userId, now);
    }
    return counts;
  }
}
