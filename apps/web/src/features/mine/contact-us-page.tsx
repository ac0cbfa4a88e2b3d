import { useT } from '../../shared/i18n/use-translation.ts';
import { CONTACT_CALL, contactTitle, runContactAction } from '../../shared/contact/contact-actions.ts';
import { Button } from '../../shared/ui/button.tsx';
import { HeadsetIcon } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { MailIcon, PhoneIcon } from './mine-icons.tsx';
import { useCompanyAndContacts } from './mine-api.ts';
import './mine.css';

/** /mine/contact-us: every support channel of the customer configs (SPEC.md §3), with its call or copy action. */
export function ContactUsPage() {
  const { t, language } = useT();
  const index = useCompanyAndContacts();

  return (
    <div className="page">
      <PageHeader title={t('page.contactUs')} />
      <main className="page__content mine-contact" data-testid="contact-us-page">
        <section className="mine-hero">
          <span className="mine-hero__icon">
            <HeadsetIcon width={32} height={32} />
          </span>
          <p className="mine-hero__text">{t('contactUs.intro')}</p>
        </section>
        <QueryView
          query={index}
          size="section"
          retryTestId="contact-retry"
          isEmpty={(data) => data.customerConfigs.length === 0}
          empty={<p className="mine-state">{t('contactUs.empty')}</p>}
        >
          {(data) => (
            <ul className="mine-card-list">
              {data.customerConfigs.map((config) => {
                const call = config.buttonType === CONTACT_CALL;
                return (
                  <li key={`${config.title}-${config.content}`} className="mine-card mine-contact__item" data-testid="contact-channel">
                    <span className="mine-contact__icon">{call ? <PhoneIcon /> : <MailIcon />}</span>
                    <div className="mine-contact__text">
                      <p className="mine-contact__title">{contactTitle(config, language)}</p>
                      <p className="mine-contact__content">{config.content}</p>
                    </div>
                    <Button
                      size="small"
                      color="primary"
                      fill={call ? 'solid' : 'outline'}
                      shape="rounded"
                      onClick={() => void runContactAction(config)}
                      aria-label={`${call ? t('contact.call') : t('contact.copy')} ${contactTitle(config, language)}`}
                      data-testid={call ? 'contact-call' : 'contact-copy'}
                    >
                      {call ? t('contact.call') : t('contact.copy')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryView>
        <p className="mine-note">{t('contactUs.note')}</p>
      </main>
    </div>
  );
}
