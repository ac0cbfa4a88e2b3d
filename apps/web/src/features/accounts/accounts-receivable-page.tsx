import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { AccountCard } from './account-card.tsx';
import type { AccountPageState } from './account-page.tsx';
import { useAccountActions, useReceivingAccounts, type ReceivingAccountItem } from './accounts-api.ts';
import './accounts.css';

/** /mine/accounts-receivable: the receiving accounts, default first; add, set the default, unbind (after a confirmation). */
export function AccountsReceivablePage() {
  const { t } = useT();
  const navigate = useNavigate();
  const accounts = useReceivingAccounts();
  const { setDefault, unbind } = useAccountActions();
  const [unbinding, setUnbinding] = useState<ReceivingAccountItem | null>(null);

  const add = () => navigate(paths.authAccount, { state: { makeDefault: false } satisfies AccountPageState });

  const makeDefault = async (account: ReceivingAccountItem) => {
    try {
      await setDefault.mutateAsync(account);
      showToast(t('accounts.defaultSet'));
    } catch (error) {
      showToast(errorText(error));
    }
  };

  const confirmUnbind = async () => {
    if (!unbinding) return;
    try {
      await unbind.mutateAsync(unbinding);
      showToast(t('accounts.unbound'));
    } catch {
      // The request layer has shown the server's reason (only account, payout in progress).
    } finally {
      setUnbinding(null);
    }
  };

  const body = (
    <QueryView
      query={accounts}
      errorTitle={t('accounts.loadFailed')}
      errorTestId="accounts-error"
      isEmpty={(list) => list.length === 0}
      empty={
        <div className="placeholder" data-testid="accounts-empty">
          <p className="placeholder__title">{t('accounts.empty.title')}</p>
          <p className="placeholder__text">{t('accounts.empty.text')}</p>
        </div>
      }
    >
      {(list) => (
        <ul className="stack account-list" aria-label={t('page.accountsReceivable')}>
          {list.map((account) => (
            <li key={`${account.kind}-${account.id}`}>
              <AccountCard account={account}>
                {account.isDefault ? null : (
                  <Button size="small" shape="rounded" fill="outline" color="primary" onClick={() => makeDefault(account)} data-testid={`set-default-${account.id}`}>
                    {t('accounts.setDefault')}
                  </Button>
                )}
                <Button size="small" shape="rounded" fill="none" onClick={() => setUnbinding(account)} data-testid={`unbind-${account.id}`}>
                  {t('accounts.unbind')}
                </Button>
              </AccountCard>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );

  return (
    <div className="page">
      <PageHeader title={t('page.accountsReceivable')} />
      <main className="page__content stack" data-testid="accounts-receivable-page">
        {body}
        <Button block color="primary" shape="rounded" size="large" onClick={add} data-testid="add-account">
          {t('accounts.add')}
        </Button>
      </main>
      <Modal
        visible={unbinding !== null}
        onClose={() => setUnbinding(null)}
        title={t('accounts.unbind.title')}
        data-testid="unbind-dialog"
        footer={
          <>
            <Button block shape="rounded" onClick={() => setUnbinding(null)} data-testid="unbind-cancel">
              {t('common.cancel')}
            </Button>
            <Button block color="danger" shape="rounded" onClick={confirmUnbind} data-testid="unbind-confirm">
              {t('accounts.unbind')}
            </Button>
          </>
        }
      >
        <p>{unbinding ? t('accounts.unbind.text', { name: unbinding.name, number: unbinding.maskedNumber }) : null}</p>
      </Modal>
    </div>
  );
}
