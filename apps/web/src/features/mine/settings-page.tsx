import { LANGUAGES } from '@sen/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { LanguagePicker } from '../../shared/ui/language-picker.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** /mine/settings: links to password, feedback and close-account, and the language choice (all three). */
export function SettingsPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const rows = [
    { label: t('settings.password'), to: paths.changePassword },
    { label: t('settings.feedback'), to: paths.feedback },
    { label: t('settings.closeAccount'), to: paths.closeAccount },
  ];
  return (
    <div className="page">
      <PageHeader title={t('settings.title')} />
      <main className="page__content">
        <ul className="menu">
          {rows.map((row) => (
            <li key={row.to}>
              <button type="button" className="menu-row" onClick={() => navigate(row.to)}>
                <span className="menu-row__label">{row.label}</span>
                <ChevronRightIcon className="menu-row__chevron" />
              </button>
            </li>
          ))}
        </ul>
        <h2 className="section-title">{t('language.title')}</h2>
        <LanguagePicker languages={LANGUAGES} />
      </main>
    </div>
  );
}
