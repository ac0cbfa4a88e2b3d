import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../locales/en.ts';

/** useTranslation with the key type of our dictionaries, so a missing key fails type checking. */
export function useT() {
  const { t, i18n } = useTranslation();
  const typed = (key: TranslationKey, params?: Record<string, string | number>): string => t(key, params ?? {});
  return { t: typed, language: i18n.language };
}
