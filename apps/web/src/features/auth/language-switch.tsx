import type { Language } from '@sen/contract';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { useT } from '../../shared/i18n/use-translation.ts';

/** The visitor's language switch (SPEC.md §1): Vietnamese and English. */
const VISITOR_LANGUAGES: { language: Language; short: string }[] = [
  { language: 'vn', short: 'VI' },
  { language: 'en', short: 'EN' },
];

export function LanguageSwitch() {
  const { t, language: current } = useT();
  return (
    <div className="language-switch" role="group" aria-label={t('language.title')} data-testid="language-switch">
      {VISITOR_LANGUAGES.map(({ language, short }) => (
        <button
          key={language}
          type="button"
          className="language-switch__option"
          aria-pressed={current === language}
          aria-label={t(`language.${language}`)}
          data-testid={`language-switch-${language}`}
          onClick={() => void changeLanguage(language)}
        >
          {short}
        </button>
      ))}
    </div>
  );
}
