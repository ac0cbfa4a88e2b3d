import type { CustomerConfig, Language } from '@sen/contract';
import { translate } from '../i18n/i18n.ts';
import { showToast } from '../ui/toast.ts';

/** buttonType 2 calls the number; anything else copies the content (API-FAMILY.md §4.2). */
export const CONTACT_CALL = 2;

/** A contact channel's title in the interface language (title, vernacularTitle, enTitle of SPEC.md §3). */
export function contactTitle(config: CustomerConfig, language: Language): string {
  if (language === 'vn') return config.vernacularTitle || config.title;
  if (language === 'en') return config.enTitle || config.title;
  return config.title;
}

/** `1900 6868` → `tel:19006868`. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** How long a clipboard write may take before it counts as failed (a browser may never answer). */
const COPY_TIMEOUT_MS = 3000;

/** Copies a text and says so ('copy success' / 'copy failed' of SPEC.md §1). */
export async function copyText(text: string): Promise<void> {
  try {
    await Promise.race([
      navigator.clipboard.writeText(text),
      new Promise((_, reject) => setTimeout(() => reject(new Error('clipboard timeout')), COPY_TIMEOUT_MS)),
    ]);
    showToast(translate('contact.copySuccess'));
  } catch {
    showToast(translate('contact.copyFailed'));
  }
}

/** Starts a call ('Calling'); 'operation failed' when the browser refuses to open the dialler. */
export function callPhone(phone: string): void {
  try {
    showToast(translate('contact.calling'));
    window.location.assign(telHref(phone));
  } catch {
    showToast(translate('contact.operationFailed'));
  }
}

/** The action of a contact channel: call for buttonType 2, copy otherwise. */
export async function runContactAction(config: CustomerConfig): Promise<void> {
  try {
    if (config.buttonType === CONTACT_CALL) callPhone(config.content);
    else await copyText(config.content);
  } catch {
    showToast(translate('contact.operationFailed'));
  }
}
