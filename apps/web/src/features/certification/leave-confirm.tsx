import { useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useAuthStatus } from '../auth/index.ts';
import { stepsBeforeBorrowing } from './steps.ts';

/**
 * Leaving a certification step in the batch: the header's Back and the phone's Back (a history
 * POP, held by the router's blocker) both ask first, saying how many steps remain before borrowing
 * (SPEC.md §2); Leave goes home in place of the step, so history never grows on a tap (issue 25:
 * Back went to /authentication/batch, which sent the borrower straight back to the step).
 * `enabled` false (review, correction outside the batch) lets Back go back as usual.
 */
export function useLeaveConfirm(enabled: boolean) {
  const [open, setOpen] = useState(false);
  const blocker = useBlocker(({ historyAction }) => enabled && historyAction === 'POP');
  const stay = () => {
    setOpen(false);
    if (blocker.state === 'blocked') blocker.reset();
  };
  return {
    /** For PageHeader's onBack (undefined when not asking: Back goes back). */
    onBack: enabled ? () => setOpen(true) : undefined,
    dialog: <LeaveConfirmDialog open={open || blocker.state === 'blocked'} onStay={stay} onLeave={() => blocker.state === 'blocked' && blocker.reset()} />,
  };
}

function LeaveConfirmDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const authStatus = useAuthStatus();
  const remaining = stepsBeforeBorrowing(authStatus?.authConfig ?? '', authStatus?.authDetail ?? null);
  const leave = () => {
    onLeave();
    void navigate(paths.root, { replace: true });
  };
  return (
    <Modal
      visible={open}
      onClose={onStay}
      title={t('certification.exit.title')}
      data-testid="exit-confirm"
      footer={
        <>
          <Button block shape="rounded" onClick={leave} data-testid="exit-confirm-leave">
            {t('certification.exit.leave')}
          </Button>
          <Button block color="primary" shape="rounded" onClick={onStay} data-testid="exit-confirm-stay">
            {t('certification.exit.stay')}
          </Button>
        </>
      }
    >
      <p>{remaining > 0 ? t('certification.exit.remaining', { count: remaining }) : t('certification.exit.almost')}</p>
    </Modal>
  );
}
