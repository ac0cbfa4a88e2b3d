import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Dictionary, TranslationKey } from '../../locales/en.ts';
import { HTML_LANG, storeLanguage, storedLanguage, type AdminLanguage } from './language.ts';

/**
 * One i18next instance. Flat keys, single brace placeholders ('{count}') like the borrower app and
 * the contract's messages. Each dictionary is a chunk of its own, loaded before the first render
 * (main.tsx) or a switch: bundling both put the first load at its budget (e2e/budgets.spec.ts).
 */
export const i18n = i18next.createInstance();

const DICTIONARIES: Record<AdminLanguage, () => Promise<Dictionary>> = {
  en: () => import('../../locales/en.ts').then((module) => module.en),
  vn: () => import('../../locales/vn.ts').then((module) => module.vn),
};

void i18n.use(initReactI18next).init({
  resources: {},
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

/** Adds a language's dictionary once (its chunk is fetched the first time). */
export async function loadLanguage(language: AdminLanguage): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await DICTIONARIES[language]());
}

export async function changeLanguage(language: AdminLanguage): Promise<void> {
  await loadLanguage(language);
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
  return i18n.exists(key);
}

/** Typed translation in components; re-renders on a language change. */
export function useT() {
  const { t, i18n: instance } = useTranslation();
  return {
    t: (key: TranslationKey, params?: TranslationParams) => t(key, params ?? {}),
    language: (instance.language === 'en' ? 'en' : 'vn') as AdminLanguage,
  };
}
