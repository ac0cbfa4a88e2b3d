import { BORROWER_ERRORS } from '@sen/contract';
import { Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { AccountFields } from './account-fields.tsx';
import { accountFormResolver, addPayload, emptyAccountForm, type AccountFormValues } from './account-form.ts';
import { useAddAccount } from './accounts-api.ts';
import './accounts.css';

/** How other pages open /authentication/account: from the list the new account is not made the default unless ticked. */
export interface AccountPageState {
  makeDefault?: boolean;
}

/**
 * /authentication/account: adds a receiving account (bank card or e-wallet) with bank/addBank.
 * Also the 'Modify bank card' page after a failed payout: there the new account becomes the
 * default (the box is ticked).
 */
export function AccountPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const addAccount = useAddAccount();
  const [makeDefault, setMakeDefault] = useState((location.state as AccountPageState | null)?.makeDefault ?? true);
  const form = useForm<AccountFormValues>({ resolver: accountFormResolver('add', null), defaultValues: emptyAccountForm([]), mode: 'onSubmit', reValidateMode: 'onChange' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await addAccount.mutateAsync(addPayload(values, makeDefault));
      showToast(t('accounts.added'));
      await navigate(paths.accountsReceivable, { replace: true });
    } catch (error) {
      if (isRequestError(error) && error.code === BORROWER_ERRORS.BANK_ACCOUNT_DUPLICATE.code) {
        form.setError(values.payWay === 'CARD' ? 'bankNo' : 'accountCode', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        showToast(errorText(error));
      }
    }
  });

  return (
    <div className="page form-screen">
      <PageHeader title={t('page.receivingAccount')} />
      <main className="page__content form-page" data-testid="account-page">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="stack accounts-form" data-testid="account-form">
          <AccountFields control={form.control} />
          <Checkbox checked={makeDefault} onChange={setMakeDefault} data-testid="make-default">
            {t('accounts.makeDefault')}
          </Checkbox>
          <Button block color="primary" shape="rounded" size="large" type="submit" loading={form.formState.isSubmitting} data-testid="account-submit">
            {t('accounts.add.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
