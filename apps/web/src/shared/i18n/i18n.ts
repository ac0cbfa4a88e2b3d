import type { Language } from '@sen/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type TranslationKey } from '../../locales/en.ts';
import { vn } from '../../locales/vn.ts';
import { zh } from '../../locales/zh.ts';
import { HTML_LANG, storeLanguage, storedLanguage } from './language.ts';

/**
 * One i18next instance with the three bundled dictionaries. Keys are flat ('login.tab.otp') and
 * placeholders use single braces ('{seconds}') like the contract's messages.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, vn: { translation: vn }, zh: { translation: zh } },
  lng: storedLanguage(),
  fallbackLng: 'vn',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  initAsync: false,
});

function applyDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}
applyDocumentLanguage(storedLanguage());

/** Switches the interface language and persists it; the `lang` header follows from storage. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

/** Typed translation outside React (request layer, toasts). */
export function translate(key: TranslationKey, params?: Record<string, string | number>): string {
  return i18n.t(key, params ?? {});
}
