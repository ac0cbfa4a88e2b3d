import { LANG_HEADER } from '@sen/contract';

/** The back office speaks Vietnamese (the default, like the borrower app) and English. */
export const ADMIN_LANGUAGES = ['vn', 'en'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export const DEFAULT_ADMIN_LANGUAGE: AdminLanguage = 'vn';

/** Its own key: an operator's choice on a shared desk must not switch a borrower's app on the same origin, nor the reverse. */
export const ADMIN_LANGUAGE_KEY = 'sen-admin-language';

export const HTML_LANG: Record<AdminLanguage, string> = { vn: 'vi', en: 'en' };

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return typeof value === 'string' && (ADMIN_LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): AdminLanguage {
  try {
    const stored = localStorage.getItem(ADMIN_LANGUAGE_KEY);
    return isAdminLanguage(stored) ? stored : DEFAULT_ADMIN_LANGUAGE;
  } catch {
    return DEFAULT_ADMIN_LANGUAGE;
  }
}

export function storeLanguage(language: AdminLanguage): void {
  try {
    localStorage.setItem(ADMIN_LANGUAGE_KEY, language);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
}

/** The `lang` header the server localises its messages by. */
export function langHeader(): string {
  return LANG_HEADER[storedLanguage()];
}
