import { AUTH_ITEMS, AUTH_STATE, parseAuthConfig, type AuthDetail, type AuthItem } from '@sen/contract';
import { paths } from '../../app/paths.ts';

/** Where each certification item is filled in (SPEC.md §2). */
export const STEP_ROUTES: Record<AuthItem, string> = {
  KYC: paths.authBatchKyc,
  ID: paths.authBatchPersonalData,
  TELECOM: paths.authBatchOperatorInformation,
  WORK: paths.authAdditionalInformation,
  BANK: paths.authAccountAndContacts,
};

/** Where a done item is reviewed and corrected. */
export const INFO_ROUTES: Record<AuthItem, string> = {
  KYC: paths.authInfoKyc,
  ID: paths.authInfoPersonalData,
  TELECOM: paths.authInfoOperatorInformation,
  WORK: paths.authAdditionalInformation,
  BANK: paths.authInfoAccountAndContacts,
};

export function isDone(detail: AuthDetail | null, item: AuthItem): boolean {
  return detail?.[AUTH_ITEMS[item]] === AUTH_STATE.DONE;
}

/**
 * The steps /authentication/batch walks, in the configured order. BANK is asked at the first loan
 * (SPEC.md §4 Apply), so the batch ends before it.
 */
export function batchItems(authConfig: string): AuthItem[] {
  return parseAuthConfig(authConfig).filter((item) => item !== 'BANK');
}

/** The first batch step not done yet (where the borrower left off), or null when the batch is complete. */
export function nextBatchItem(authConfig: string, detail: AuthDetail | null): AuthItem | null {
  return batchItems(authConfig).find((item) => !isDone(detail, item)) ?? null;
}

/** Steps still to do before the borrower can borrow: the batch's, plus the receiving account when configured. */
export function stepsBeforeBorrowing(authConfig: string, detail: AuthDetail | null): number {
  return parseAuthConfig(authConfig).filter((item) => !isDone(detail, item)).length;
}

export type ItemStatus = 'done' | 'todo' | 'locked';

/**
 * An item's state in the certification centre: done; to do when every batch step before it is
 * done; otherwise 'Not unlocked'. BANK unlocks once the batch is complete.
 */
export function itemStatus(authConfig: string, detail: AuthDetail | null, item: AuthItem): ItemStatus {
  if (isDone(detail, item)) return 'done';
  const batch = batchItems(authConfig);
  const before = item === 'BANK' ? batch : batch.slice(0, Math.max(0, batch.indexOf(item)));
  return before.every((earlier) => isDone(detail, earlier)) ? 'todo' : 'locked';
}

/** The items the certification centre lists: the configured ones in order. */
export function centreItems(authConfig: string): AuthItem[] {
  return parseAuthConfig(authConfig);
}
