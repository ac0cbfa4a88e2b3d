import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { BrakeRow, LoginBrakeRepository } from './login-brake.repository.ts';

export interface LoginBrakeOptions {
  /** Wrong passwords within the window that lock the phone. */
  failuresBeforeLock: number;
  windowMinutes: number;
  /** The first lock; each further lock doubles, up to maxLockSeconds. */
  lockSeconds: number;
  maxLockSeconds: number;
  /** Wrong passwords since the last success after which only a login code signs in. */
  failuresBeforeCode: number;
}

/** What a reservation tells the caller besides "go ahead". */
export interface BrakeReservation {
  /** This attempt started a lock (for the audit log); a wrong password now waits lockSeconds. */
  lockedForSeconds: number | null;
  /** This attempt reached the code-required limit. */
  codeRequiredNow: boolean;
}

type Decision =
  | { refused: 'locked'; retryAfterSeconds: number }
  | { refused: 'code' }
  | ({ refused: null } & BrakeReservation);

const MINUTE_MS = 60_000;
const QUIET_DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The per-phone brake on password guessing (docs/decisions/033). Every password check first
 * reserves an attempt here — counted as a failure until it succeeds — so a locked phone is refused
 * before any argon2 work (no CPU to burn) and parallel guesses are counted one by one.
 */
export class LoginBrakeService {
  constructor(
    private readonly repository: LoginBrakeRepository,
    private readonly clock: Clock,
    private readonly options: LoginBrakeOptions,
  ) {}

  /**
   * Reserves one password attempt for the phone, or throws LOGIN_LOCKED (retryAfterSeconds in
   * data) or LOGIN_CODE_REQUIRED. Call succeeded() when the password was right.
   */
  async reserve(phoneKey: string): Promise<BrakeReservation> {
    const now = this.clock();
    const options = this.options;
    const outcome = await this.repository.update<Decision>(phoneKey, now, (current) => {
      const row: BrakeRow = { ...current };
      if (row.lastFailureAt && now.getTime() - row.lastFailureAt.getTime() > QUIET_DAY_MS) {
        // A quiet day forgives old failures (the lock ladder too): a slow attacker still meets the window limit.
        Object.assign(row, { totalFailures: 0, lockouts: 0, windowFailures: 0, windowStartedAt: now });
      }
      // Past the code limit waiting does not help, so that is what the borrower is told.
      if (row.totalFailures >= options.failuresBeforeCode) return { row: current, result: { refused: 'code' } };
      if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) {
        return { row: current, result: { refused: 'locked', retryAfterSeconds: Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000) } };
      }
      if (now.getTime() - row.windowStartedAt.getTime() > options.windowMinutes * MINUTE_MS) {
        row.windowStartedAt = now;
        row.windowFailures = 0;
      }
      row.windowFailures += 1;
      row.totalFailures += 1;
      row.lastFailureAt = now;
      let lockedForSeconds: number | null = null;
      if (row.windowFailures >= options.failuresBeforeLock) {
        lockedForSeconds = Math.min(options.maxLockSeconds, options.lockSeconds * 2 ** Math.min(row.lockouts, 20));
        row.lockedUntil = new Date(now.getTime() + lockedForSeconds * 1000);
        row.lockouts += 1;
        row.windowFailures = 0;
        row.windowStartedAt = now;
      }
      const codeRequiredNow = row.totalFailures >= options.failuresBeforeCode;
      return { row, result: { refused: null, lockedForSeconds, codeRequiredNow } };
    });
    if (outcome.refused === 'locked') {
      const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
      throw new AppError('LOGIN_LOCKED', { params: { minutes }, data: { retryAfterSeconds: outcome.retryAfterSeconds } });
    }
    if (outcome.refused === 'code') throw new AppError('LOGIN_CODE_REQUIRED');
    return { lockedForSeconds: outcome.lockedForSeconds, codeRequiredNow: outcome.codeRequiredNow };
  }

  /** The password was right, or a login code proved the phone: its failures are forgotten. */
  succeeded(phoneKey: string): Promise<void> {
    return this.repository.clear(phoneKey);
  }
}
