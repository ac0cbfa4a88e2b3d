import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en, type TranslationKey } from '../../locales/en.ts';
import { vn } from '../../locales/vn.ts';
import { HTML_LANG, storeLanguage, storedLanguage, type AdminLanguage } from './language.ts';

/**
 * One i18next instance with both dictionaries bundled (the back office is a desktop app with no
 * first-route budget; two small dictionaries cost less than a second request). Flat keys, single
 * brace placeholders ('{count}') like the borrower app and the contract's messages.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, vn: { translation: vn } },
  lng: storedLanguage(),
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  initAsync: false,
});

function applyDocumentLanguage(language: AdminLanguage) {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}
applyDocumentLanguage(storedLanguage());

export async function changeLanguage(language: AdminLanguage): Promise<void> {
  storeLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

export type TranslationParams = Record<string, string | number>;

/** Typed translation outside React (request layer, notifications). */
export function translate(key: TranslationKey, params?: TranslationParams): string {
  return i18n.t(key, params ?? {});
}

/** A key built at run time (e.g. from a server's step key) that the dictionaries have. */
export function isTranslationKey(key: string): key is TranslationKey {
  return Object.hasOwn(en, key);
}

/** Typed translation in components; re-renders on a language change. */
export function useT() {
  const { t, i18n: instance } = useTranslation();
  return {
    t: (key: TranslationKey, params?: TranslationParams) => t(key, params ?? {}),
    language: (instance.language === 'en' ? 'en' : 'vn') as AdminLanguage,
  };
}
