import { DEFAULT_LANGUAGE, LANG_HEADER, LANGUAGES, STORAGE_KEYS, type Language } from '@sen/contract';
import { localStore } from '../storage/local-store.ts';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored interface language (STORAGE_KEYS.language), else the default vn. */
export function storedLanguage(): Language {
  const stored = localStore.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  localStore.set(STORAGE_KEYS.language, language);
}

/** Value of the `lang` request header for the stored language. */
export function langHeader(): string {
  return LANG_HEADER[storedLanguage()];
}

/** The html lang attribute of each interface language. */
export const HTML_LANG: Record<Language, string> = { en: 'en', vn: 'vi', zh: 'zh-CN' };
