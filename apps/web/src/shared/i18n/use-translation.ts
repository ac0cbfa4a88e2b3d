import { DEFAULT_LANGUAGE, type Language } from '@sen/contract';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../locales/en.ts';
import { isLanguage } from './language.ts';

/** useTranslation with the key type of our dictionaries, so a missing key fails type checking. */
export function useT() {
  const { t, i18n } = useTranslation();
  const typed = (key: TranslationKey, params?: Record<string, string | number>): string => t(key, params ?? {});
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return { t: typed, language };
}
