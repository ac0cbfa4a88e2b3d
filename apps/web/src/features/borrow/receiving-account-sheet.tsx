import { useState } from 'react';
import { useAccountActions, useReceivingAccounts, type ReceivingAccountItem } from '../accounts/index.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { showToast } from '../../shared/ui/toast.ts';

/**
 * 'Change' the receiving account without leaving the application (issue 25 item 8): the
 * borrower's accounts in a sheet over the page; choosing one makes it the default (the quote is
 * asked again with the same amount and plan: the page keeps them), then the sheet closes.
 */
export function ReceivingAccountSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useT();
  const accounts = useReceivingAccounts();
  const { setDefault } = useAccountActions();
  const [choosing, setChoosing] = useState<number | null>(null);
  const choose = async (account: ReceivingAccountItem) => {
    if (account.isDefault) {
      onClose();
      return;
    }
    setChoosing(account.id);
    try {
      await setDefault.mutateAsync(account);
      onClose();
    } catch {
      showToast(t('error.requestFailed'));
    } finally {
      setChoosing(null);
    }
  };
  return (
    <Modal visible={visible} onClose={onClose} title={t('borrow.account.title')} data-testid="account-sheet">
      <ul className="account-sheet" aria-busy={accounts.isPending}>
        {(accounts.data ?? []).map((account) => (
          <li key={`${account.kind}-${account.id}`}>
            <Button
              block
              shape="rounded"
              fill={account.isDefault ? 'solid' : 'outline'}
              color={account.isDefault ? 'primary' : 'default'}
              loading={choosing === account.id}
              aria-pressed={account.isDefault}
              onClick={() => void choose(account)}
              data-testid={`choose-account-${account.id}`}
            >
              {account.name} · {account.maskedNumber}
            </Button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
