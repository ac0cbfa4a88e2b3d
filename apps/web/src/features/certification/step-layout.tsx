import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useAuthStatus } from '../auth/index.ts';
import { stepsBeforeBorrowing } from './steps.ts';

/**
 * A certification step's page. In the batch, Back asks first: an exit-confirmation dialog says how
 * many steps remain before borrowing (SPEC.md §2). Outside the batch (review, correction) Back
 * just goes back.
 */
export function StepLayout({ title, batch, testId, children }: { title: string; batch: boolean; testId: string; children: ReactNode }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const authStatus = useAuthStatus();
  const remaining = stepsBeforeBorrowing(authStatus?.authConfig ?? '', authStatus?.authDetail ?? null);
  return (
    <div className="page form-screen">
      <PageHeader title={title} {...(batch ? { onBack: () => setConfirmOpen(true) } : {})} />
      <main className="page__content form-page" data-testid={testId}>
        {children}
      </main>
      <Modal
        visible={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={t('certification.exit.title')}
        data-testid="exit-confirm"
        footer={
          <>
            <Button block shape="rounded" onClick={() => void navigate(paths.root, { replace: true })} data-testid="exit-confirm-leave">
              {t('certification.exit.leave')}
            </Button>
            <Button block color="primary" shape="rounded" onClick={() => setConfirmOpen(false)} data-testid="exit-confirm-stay">
              {t('certification.exit.stay')}
            </Button>
          </>
        }
      >
        <p>{remaining > 0 ? t('certification.exit.remaining', { count: remaining }) : t('certification.exit.almost')}</p>
      </Modal>
    </div>
  );
}
