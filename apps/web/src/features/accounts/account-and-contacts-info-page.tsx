import { EMERGENCY_RELATIONSHIP_LABELS, isEmergencyRelationship } from '@sen/contract';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LoadingView } from '../../shared/ui/loading-view.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { AccountCard } from './account-card.tsx';
import { useEmergencyContacts, useReceivingAccounts } from './accounts-api.ts';
import './accounts.css';

/** /authentication/info/account-and-contacts: what the BANK step saved (the default account, masked, and the contacts), with the way to correct it. */
export function AccountAndContactsInfoPage() {
  const { t, language } = useT();
  const accounts = useReceivingAccounts();
  const contacts = useEmergencyContacts();

  let body;
  if (accounts.isPending || contacts.isPending) {
    body = <LoadingView text={t('common.loading')} />;
  } else if (accounts.isError || contacts.isError) {
    body = (
      <div className="placeholder" role="alert">
        <p className="placeholder__text">{t('accounts.loadFailed')}</p>
        <Button color="primary" fill="outline" shape="rounded" onClick={() => void Promise.all([accounts.refetch(), contacts.refetch()])}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (contacts.data.contacts.length === 0) {
    body = (
      <div className="placeholder" data-testid="info-empty">
        <p className="placeholder__title">{t('accounts.info.empty')}</p>
        <Link className="link-button" to={paths.authAccountAndContacts}>
          {t('accounts.info.start')}
        </Link>
      </div>
    );
  } else {
    const main = accounts.data.find((account) => account.isDefault) ?? accounts.data[0];
    body = (
      <>
        <section className="stack" aria-labelledby="info-account-title">
          <h2 className="form-section__title" id="info-account-title">
            {t('accounts.section.account')}
          </h2>
          {main ? <AccountCard account={main} /> : null}
          <Link className="link-button" to={paths.accountsReceivable} data-testid="info-manage-accounts">
            {t('accounts.info.manage')}
          </Link>
        </section>
        <section className="stack" aria-labelledby="info-contacts-title">
          <h2 className="form-section__title" id="info-contacts-title">
            {t('accounts.section.contacts')}
          </h2>
          {contacts.data.contacts.map((contact, index) => (
            <dl key={index} className="contact-card info-list" data-testid={`info-contact-${index + 1}`}>
              <div>
                <dt>{t('accounts.contact.relationship')}</dt>
                <dd>{isEmergencyRelationship(contact.relatives) ? EMERGENCY_RELATIONSHIP_LABELS[contact.relatives][language] : String(contact.relatives)}</dd>
              </div>
              <div>
                <dt>{t('accounts.contact.name')}</dt>
                <dd>{contact.relativesName}</dd>
              </div>
              <div>
                <dt>{t('accounts.contact.phone')}</dt>
                <dd>{contact.relativesMobile}</dd>
              </div>
            </dl>
          ))}
          <Link className="link-button" to={paths.authAccountAndContacts} data-testid="info-edit-contacts">
            {t('accounts.info.edit')}
          </Link>
        </section>
      </>
    );
  }

  return (
    <div className="page">
      <PageHeader title={t('page.accountAndContacts')} />
      <main className="page__content stack" data-testid="account-and-contacts-info-page">
        {body}
      </main>
    </div>
  );
}
