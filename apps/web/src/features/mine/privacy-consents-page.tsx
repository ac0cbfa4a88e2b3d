import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { INTL_LOCALE } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { useConsentHistory } from './mine-api.ts';
import './mine.css';

/** /mine/settings/privacy-consents: every privacy-policy version the borrower agreed to (or rejected), and when. */
export function PrivacyConsentsPage() {
  const { t, language } = useT();
  const history = useConsentHistory();
  const formatTime = (iso: string) => new Date(iso).toLocaleString(INTL_LOCALE[language], { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="page">
      <PageHeader title={t('page.privacyConsents')} />
      <main className="page__content" data-testid="privacy-consents-page">
        <p className="form-page__hint">{t('consents.hint')}</p>
        <QueryView
          query={history}
          size="section"
          isEmpty={(records) => records.length === 0}
          empty={
            <p className="mine-state" data-testid="consents-empty">
              {t('consents.empty')}
            </p>
          }
        >
          {(records) => (
            <ul className="mine-card-list" data-testid="consents-list">
              {records.map((record) => (
                <li key={`${record.version}-${record.createdAt}`} className="mine-card mine-consent">
                  <div>
                    <p className="mine-consent__version">{t('consents.version', { version: record.version })}</p>
                    <p className="mine-consent__time">
                      <time dateTime={record.createdAt}>{formatTime(record.createdAt)}</time>
                    </p>
                  </div>
                  <span className={`mine-tag ${record.agreed ? 'mine-tag--ok' : 'mine-tag--no'}`}>{record.agreed ? t('consents.agreed') : t('consents.rejected')}</span>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <Link className="link-button mine-link" to={paths.privacyPolicy} data-testid="consents-policy-link">
          {t('consents.readPolicy')}
        </Link>
      </main>
    </div>
  );
}
