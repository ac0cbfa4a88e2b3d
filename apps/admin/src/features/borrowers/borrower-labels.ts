import { AUTH_STATE, findProvince, type BorrowerSearchKey } from '@sen/contract';
import type { TranslationKey } from '../../locales/en.ts';
import type { AdminLanguage } from '../../shared/i18n/language.ts';
import type { Tone } from '../../shared/ui/status-tag.tsx';

/** A certification item's state ('10' … '40', API-FAMILY.md §5.1) as a label and a tone. */
export function certificationState(state: string): { label: TranslationKey; tone: Tone } {
  switch (state) {
    case AUTH_STATE.DONE:
      return { label: 'borrowers.cert.done', tone: 'success' };
    case AUTH_STATE.IN_REVIEW:
      return { label: 'borrowers.cert.inReview', tone: 'info' };
    case AUTH_STATE.FAILED:
      return { label: 'borrowers.cert.failed', tone: 'danger' };
    case AUTH_STATE.NOT_STARTED:
      return { label: 'borrowers.cert.notStarted', tone: 'neutral' };
    default:
      return { label: 'borrowers.unknown', tone: 'neutral' };
  }
}

/** The credit account's status (0 reviewing, 1 approved, 2 rejected). */
export function creditStatus(status: number): { label: TranslationKey; tone: Tone } {
  if (status === 1) return { label: 'borrowers.credit.approved', tone: 'success' };
  if (status === 2) return { label: 'borrowers.credit.rejected', tone: 'danger' };
  if (status === 0) return { label: 'borrowers.credit.reviewing', tone: 'info' };
  return { label: 'borrowers.unknown', tone: 'neutral' };
}

const ORDER_STATES = ['pending', 'paying', 'payout_failed', 'rejected', 'closed', 'repaying', 'settled', 'written_off'] as const;
type OrderState = (typeof ORDER_STATES)[number];
const ORDER_TONES: Record<OrderState, Tone> = {
  pending: 'info',
  paying: 'info',
  payout_failed: 'danger',
  rejected: 'danger',
  closed: 'neutral',
  repaying: 'warning',
  settled: 'success',
  written_off: 'danger',
};

/** An order's state as a label and a tone (an unknown state is shown as it is). */
export function orderState(state: string): { label: TranslationKey | null; tone: Tone } {
  return (ORDER_STATES as readonly string[]).includes(state)
    ? { label: `borrowers.order.${state as OrderState}`, tone: ORDER_TONES[state as OrderState] }
    : { label: null, tone: 'neutral' };
}

/** Which key found a borrower. */
export function searchKeyLabel(key: BorrowerSearchKey): TranslationKey {
  return `borrowers.key.${key}`;
}

/** The province's name in the interface language. */
export function provinceName(provinceId: number, language: AdminLanguage): string {
  return findProvince(provinceId)?.name[language] ?? String(provinceId);
}
