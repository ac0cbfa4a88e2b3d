import type { Language } from '@sen/contract';
import { changeLanguage } from '../i18n/i18n.ts';
import { useT } from '../i18n/use-translation.ts';
import { CheckIcon } from './icons.tsx';

/** A list of interface languages, each in its own name; the current one is checked. */
export function LanguagePicker({ languages, onChosen }: { languages: readonly Language[]; onChosen?: (language: Language) => void }) {
  const { t, language: current } = useT();
  return (
    <ul className="language-picker" role="radiogroup" aria-label={t('language.title')}>
      {languages.map((language) => (
        <li key={language}>
          <button
            type="button"
            role="radio"
            aria-checked={current === language}
            className="language-picker__option"
            data-testid={`language-option-${language}`}
            onClick={async () => {
              await changeLanguage(language);
              onChosen?.(language);
            }}
          >
            <span>{t(`language.${language}`)}</span>
            {current === language ? <CheckIcon className="language-picker__check" /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
