import { LANGUAGES, type Language } from '@sen/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Dictionary, TranslationKey } from '../../locales/en.ts';
import { queryClient } from '../query/query-client.ts';
import { HTML_LANG, storeLanguage, storedLanguage } from './language.ts';

/**
 * One i18next instance. The three dictionaries are bundled with the app, each in its own chunk:
 * only the interface language is fetched at start (the boot waits for it), another one when the
 * user switches. Keys are flat ('login.tab.otp') and placeholders use single braces ('{seconds}')
 * like the contract's messages.
 */
export const i18n = i18next.createInstance();

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

const DICTIONARIES: Record<Language, () => Promise<Dictionary>> = {
  en: () => import('../../locales/en.ts').then((module) => module.en),
  vn: () => import('../../locales/vn.ts').then((module) => module.vn),
  zh: () => import('../../locales/zh.ts').then((module) => module.zh),
};

const loading = new Map<Language, Promise<void>>();

/** Fetches a dictionary once and adds it to i18next; later calls share the first load. */
export function loadLanguage(language: Language): Promise<void> {
  let load = loading.get(language);
  if (!load) {
    load = DICTIONARIES[language]().then((dictionary) => {
      i18n.addResourceBundle(language, 'translation', dictionary, true, true);
    });
    load.catch(() => loading.delete(language));
    loading.set(language, load);
  }
  return load;
}

/** Every dictionary (tests, and anything that must not wait later). */
export function loadAllLanguages(): Promise<void> {
  return Promise.all(LANGUAGES.map(loadLanguage)).then(() => undefined);
}

function applyDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}
applyDocumentLanguage(storedLanguage());

/** Loads the stored language's dictionary and makes it current (the boot waits for this). */
export async function loadStoredLanguage(): Promise<void> {
  const language = storedLanguage();
  await loadLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/**
 * Switches the interface language and persists it; the `lang` header follows from storage. What
 * the server wrote in the old language (product names and tags, banners, messages: decision 113)
 * is fetched again: every query is marked stale and the ones on screen refetch.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  const changed = storedLanguage() !== language;
  storeLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
  if (changed) void queryClient.invalidateQueries();
}

/** Typed translation outside React (request layer, toasts). */
export function translate(key: TranslationKey, params?: Record<string, string | number>): string {
  return i18n.t(key, params ?? {});
}
