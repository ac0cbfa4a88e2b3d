import type { JobDefinition } from './job-runner.ts';

/** What the sweep needs of the account lifecycle (the account lifecycle service). */
export interface DueErasure {
  eraseDue(now: Date): Promise<Record<string, number>>;
}

/**
 * Daily erasure of the personal data of accounts closed more than ACCOUNT_RETENTION_DAYS ago
 * (docs/decisions/060): every module's registered eraser runs in the sweep's transaction, so an
 * account's erasure and its `erased_at` commit together with the run record.
 */
export function accountErasureSweep(lifecycle: DueErasure): JobDefinition {
  return {
    name: 'account-erasure',
    schedule: { daily: true },
    transactional: true,
    run: ({ now }) => lifecycle.eraseDue(now),
  };
}
