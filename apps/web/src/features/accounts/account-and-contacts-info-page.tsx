import { EMERGENCY_RELATIONSHIP_LABELS, isEmergencyRelationship, type EmergencyContactsResponse } from '@sen/contract';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { allQueries, QueryView } from '../../shared/ui/query-view.tsx';
import { AccountCard } from './account-card.tsx';
import { useEmergencyContacts, useReceivingAccounts, type ReceivingAccountItem } from './accounts-api.ts';
import './accounts.css';

/** /authentication/info/account-and-contacts: what the BANK step saved (the default account, masked, and the contacts), with the way to correct it. */
export function AccountAndContactsInfoPage() {
  const { t } = useT();
  const saved = allQueries(useReceivingAccounts(), useEmergencyContacts());
  return (
    <div className="page">
      <PageHeader title={t('page.accountAndContacts')} />
      <main className="page__content stack" data-testid="account-and-contacts-info-page">
        <QueryView
          query={saved}
          errorTitle={t('accounts.loadFailed')}
          isEmpty={([, contacts]) => contacts.contacts.length === 0}
          empty={
            <div className="placeholder" data-testid="info-empty">
              <p className="placeholder__title">{t('accounts.info.empty')}</p>
              <Link className="link-button" to={paths.authAccountAndContacts}>
                {t('accounts.info.start')}
              </Link>
            </div>
          }
        >
          {([accounts, contacts]) => <SavedAccountAndContacts accounts={accounts} contacts={contacts.contacts} />}
        </QueryView>
      </main>
    </div>
  );
}

function SavedAccountAndContacts({ accounts, contacts }: { accounts: ReceivingAccountItem[]; contacts: EmergencyContactsResponse['contacts'] }) {
  const { t, language } = useT();
  const main = accounts.find((account) => account.isDefault) ?? accounts[0];
  return (
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
        {contacts.map((contact, index) => (
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
