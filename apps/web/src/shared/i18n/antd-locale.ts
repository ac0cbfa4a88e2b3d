import type { Language } from '@sen/contract';
import type { Locale } from 'antd-mobile/es/locales/base';
import { useEffect, useState } from 'react';

/** antd-mobile's own texts (picker buttons, pull-to-refresh, …) per interface language, each its own chunk like our dictionaries. */
const ANTD_LOCALES: Record<Language, () => Promise<Locale>> = {
  en: () => import('antd-mobile/es/locales/en-US').then((module) => module.default),
  vn: () => import('antd-mobile/es/locales/vi-VN').then((module) => module.default),
  zh: () => import('antd-mobile/es/locales/zh-CN').then((module) => module.default),
};

const loaded = new Map<Language, Locale>();

/** Fetches antd-mobile's locale of a language once (the boot waits for the interface language's). */
export async function loadAntdLocale(language: Language): Promise<Locale> {
  const known = loaded.get(language);
  if (known) return known;
  const locale = await ANTD_LOCALES[language]();
  loaded.set(language, locale);
  return locale ?? loaded.get(language);
}

/** antd-mobile's locale of the language; the previous language's until the new one has loaded. */
export function useAntdLocale(language: Language): Locale | undefined {
  const [locale, setLocale] = useState<Locale | undefined>(() => loaded.get(language));
  useEffect(() => {
    let active = true;
    void loadAntdLocale(language).then((next) => {
      if (active) setLocale(next);
    });
    return () => {
      active = false;
    };
  }, [language]);
  return locale ?? loaded.get(language);
}
