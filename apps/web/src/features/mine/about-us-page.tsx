import { APP_VERSION } from '@sen/contract';
import { PRODUCT_NAME } from '../../shared/config/app-config.ts';
import { callPhone, copyText } from '../../shared/contact/contact-actions.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { useCompanyAndContacts } from './mine-api.ts';
import './mine.css';

/** /mine/about-us: the product, the lender's legal name, licence and address, the hotline and e-mail (from the server's configuration). */
export function AboutUsPage() {
  const { t } = useT();
  const index = useCompanyAndContacts();

  return (
    <div className="page">
      <PageHeader title={t('page.aboutUs')} />
      <main className="page__content mine-about" data-testid="about-us-page">
        <section className="mine-hero">
          <span className="mine-hero__logo" aria-hidden="true">
            {PRODUCT_NAME.slice(0, 1)}
          </span>
          <h1 className="mine-hero__title">{PRODUCT_NAME}</h1>
          <p className="mine-hero__tagline">{t('splash.tagline')}</p>
          <p className="mine-hero__text">{t('aboutUs.intro', { name: PRODUCT_NAME })}</p>
        </section>
        <QueryView query={index} size="section" retryTestId="about-retry">
          {(data) => (
            <dl className="mine-card mine-facts" data-testid="about-facts">
              <div className="mine-facts__row">
                <dt>{t('aboutUs.company')}</dt>
                <dd data-testid="about-company">{data.companyLegalName ?? PRODUCT_NAME}</dd>
              </div>
              {data.companyLicence ? (
                <div className="mine-facts__row">
                  <dt>{t('aboutUs.licence')}</dt>
                  <dd data-testid="about-licence">{data.companyLicence}</dd>
                </div>
              ) : null}
              {data.companyAddress ? (
                <div className="mine-facts__row">
                  <dt>{t('aboutUs.address')}</dt>
                  <dd>{data.companyAddress}</dd>
                </div>
              ) : null}
              <div className="mine-facts__row mine-facts__row--action">
                <dt>{t('aboutUs.hotline')}</dt>
                <dd>
                  <span data-testid="about-hotline">{data.customerPhone}</span>
                  <Button size="mini" color="primary" shape="rounded" onClick={() => callPhone(data.customerPhone)} data-testid="about-call">
                    {t('contact.call')}
                  </Button>
                </dd>
              </div>
              <div className="mine-facts__row mine-facts__row--action">
                <dt>{t('aboutUs.email')}</dt>
                <dd>
                  <span>{data.customerEmail}</span>
                  <Button size="mini" color="primary" fill="outline" shape="rounded" onClick={() => void copyText(data.customerEmail)} data-testid="about-copy-email">
                    {t('contact.copy')}
                  </Button>
                </dd>
              </div>
              <div className="mine-facts__row">
                <dt>{t('aboutUs.version')}</dt>
                <dd>{APP_VERSION}</dd>
              </div>
            </dl>
          )}
        </QueryView>
      </main>
    </div>
  );
}
