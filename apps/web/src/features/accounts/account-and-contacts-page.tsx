import { BORROWER_ERRORS } from '@sen/contract';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LoadingView } from '../../shared/ui/loading-view.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { AccountFields, ContactFields } from './account-fields.tsx';
import { accountFormResolver, bindPayload, emptyAccountForm, emptyContact, type AccountFormValues, type ContactFormValues } from './account-form.ts';
import { useBindAccountAndContacts, useEmergencyContacts } from './accounts-api.ts';
import './accounts.css';

/** How other pages open the step: where to go once it is saved (e.g. the loan application); home by default. */
export interface AccountAndContactsPageState {
  next?: string;
}

function BindForm({ contacts }: { contacts: ContactFormValues[] }) {
  const { t } = useT();
  const navigate = useNavigate();
  const next = (useLocation().state as AccountAndContactsPageState | null)?.next;
  const bind = useBindAccountAndContacts();
  const borrowerPhone = useSessionStore((state) => state.user?.phone ?? null);
  const form = useForm<AccountFormValues>({
    resolver: accountFormResolver('bind', borrowerPhone),
    defaultValues: emptyAccountForm(contacts),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await bind.mutateAsync(bindPayload(values));
      showToast(t('accounts.saved'));
      await navigate(next?.startsWith('/') ? next : paths.root, { replace: true });
    } catch (error) {
      if (isRequestError(error) && error.code === BORROWER_ERRORS.BANK_ACCOUNT_DUPLICATE.code) {
        form.setError(values.payWay === 'CARD' ? 'bankNo' : 'accountCode', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        showToast(errorText(error));
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="stack accounts-form" data-testid="account-and-contacts-form">
      <AccountFields control={form.control} />
      <ContactFields control={form.control} />
      <p className="form-page__hint">{t('accounts.privacy')}</p>
      <Button block color="primary" shape="rounded" size="large" type="submit" loading={form.formState.isSubmitting} data-testid="account-and-contacts-submit">
        {t('accounts.submit')}
      </Button>
    </form>
  );
}

/**
 * /authentication/account-and-contacts: the BANK step — the receiving account (bank card or
 * e-wallet) and two emergency contacts, sent together (bank/bind/v2). Contacts entered before are
 * filled in for correction; the account number is always typed again (it is never shown in full).
 */
export function AccountAndContactsPage() {
  const { t } = useT();
  const contacts = useEmergencyContacts();
  const known = contacts.data?.contacts ?? [];
  const initial: ContactFormValues[] = [0, 1].map((index) => {
    const contact = known[index];
    return contact ? { relatives: String(contact.relatives), relativesName: contact.relativesName, relativesMobile: contact.relativesMobile } : emptyContact();
  });
  return (
    <div className="page form-screen">
      <PageHeader title={t('page.accountAndContacts')} />
      <main className="page__content form-page" data-testid="account-and-contacts-page">
        <p className="form-page__hint">{t('accounts.bind.hint')}</p>
        {contacts.isPending ? <LoadingView text={t('common.loading')} /> : <BindForm contacts={initial} />}
      </main>
    </div>
  );
}
