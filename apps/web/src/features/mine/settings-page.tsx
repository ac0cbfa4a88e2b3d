import { LANGUAGES } from '@sen/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { DotSpinner } from './dot-spinner.tsx';
import { GlobeIcon } from '../../shared/ui/icons.tsx';
import { LanguagePicker } from '../../shared/ui/language-picker.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { downloadExport } from './data-export.ts';
import { MenuRow } from './menu-row.tsx';
import { ChatIcon, DocumentCheckIcon, DownloadIcon, LockIcon, UserXIcon } from './mine-icons.tsx';
import { fetchDataExport } from './mine-api.ts';
import './mine.css';

/** /mine/settings: language, password, feedback, privacy consents, the data export and closing the account. */
export function SettingsPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [languageOpen, setLanguageOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const exportData = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      downloadExport(await fetchDataExport({ skipErrorHandler: true }));
      showToast(t('settings.export.done'));
    } catch (error) {
      showToast(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('settings.title')} />
      <main className="page__content mine-settings" data-testid="settings-page">
        <ul className="menu">
          <MenuRow label={t('language.title')} icon={<GlobeIcon width={22} height={22} />} value={t(`language.${language}`)} onClick={() => setLanguageOpen(true)} testId="settings-language" />
          <MenuRow label={t('settings.password')} icon={<LockIcon />} onClick={() => void navigate(paths.changePassword)} testId="settings-password" />
          <MenuRow label={t('settings.feedback')} icon={<ChatIcon />} onClick={() => void navigate(paths.feedback)} testId="settings-feedback" />
        </ul>

        <h2 className="section-title">{t('settings.privacy.title')}</h2>
        <ul className="menu">
          <MenuRow label={t('settings.consents')} icon={<DocumentCheckIcon />} onClick={() => void navigate(paths.privacyConsents)} testId="settings-consents" />
          <li>
            <button type="button" className="menu-row" onClick={() => void exportData()} aria-busy={exporting} data-testid="settings-export">
              <span className="menu-row__icon">
                <DownloadIcon />
              </span>
              <span className="menu-row__label">
                {t('settings.export')}
                <span className="menu-row__sub">{t('settings.export.hint')}</span>
              </span>
              {exporting ? <DotSpinner label={t('common.loading')} /> : null}
            </button>
          </li>
          <MenuRow label={t('settings.closeAccount')} icon={<UserXIcon />} onClick={() => void navigate(paths.closeAccount)} testId="settings-close-account" danger />
        </ul>
      </main>
      <Modal visible={languageOpen} onClose={() => setLanguageOpen(false)} title={t('language.title')} data-testid="language-modal">
        <LanguagePicker languages={LANGUAGES} onChosen={() => setLanguageOpen(false)} />
      </Modal>
    </div>
  );
}
