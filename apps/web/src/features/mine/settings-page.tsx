import { LANGUAGES } from '@sen/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { ChevronRightIcon, GlobeIcon } from '../../shared/ui/icons.tsx';
import { LanguagePicker } from '../../shared/ui/language-picker.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** /mine/settings: language, password, feedback and close-account (the last two are honest "being prepared" pages for now). */
export function SettingsPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [languageOpen, setLanguageOpen] = useState(false);
  const rows = [
    { label: t('settings.password'), to: paths.changePassword, testId: 'settings-password' },
    { label: t('settings.feedback'), to: paths.feedback, testId: 'settings-feedback' },
    { label: t('settings.closeAccount'), to: paths.closeAccount, testId: 'settings-close-account' },
  ];
  return (
    <div className="page">
      <PageHeader title={t('settings.title')} />
      <main className="page__content" data-testid="settings-page">
        <ul className="menu">
          <li>
            <button type="button" className="menu-row" onClick={() => setLanguageOpen(true)} data-testid="settings-language">
              <span className="menu-row__icon">
                <GlobeIcon />
              </span>
              <span className="menu-row__label">{t('language.title')}</span>
              <span className="menu-row__value">{t(`language.${language}`)}</span>
              <ChevronRightIcon className="menu-row__chevron" />
            </button>
          </li>
          {rows.map((row) => (
            <li key={row.to}>
              <button type="button" className="menu-row" onClick={() => navigate(row.to)} data-testid={row.testId}>
                <span className="menu-row__label">{row.label}</span>
                <ChevronRightIcon className="menu-row__chevron" />
              </button>
            </li>
          ))}
        </ul>
      </main>
      <Modal visible={languageOpen} onClose={() => setLanguageOpen(false)} title={t('language.title')} data-testid="language-modal">
        <LanguagePicker languages={LANGUAGES} onChosen={() => setLanguageOpen(false)} />
      </Modal>
    </div>
  );
}
