import type { BorrowerDetail } from '@sen/contract';
import { App, Typography } from 'antd';
import { Link } from 'react-router';
import { reviewPath } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { ReasonDialog } from '../../shared/ui/reason-dialog.tsx';
import { useOpenAppeal } from './borrower-queries.ts';

type CreditAccount = NonNullable<BorrowerDetail['credit']['account']>;

/**
 * Whether an appeal may be opened: the borrower was rejected or is in a calm period, and no review
 * is under way (the server's rule, APPEAL_NOT_ALLOWED; checked here only to offer the button).
 */
export function mayAppeal(account: CreditAccount | null): boolean {
  if (!account || account.reviewPending) return false;
  return account.status === 2 || account.calmUntilDate !== null;
}

/**
 * A borrower's appeal, opened by an operator on their behalf (by the hotline or feedback) with the
 * reason stated: the case joins the credit review queue, where another operator decides it.
 */
export function AppealDialog({ userId, open, onClose }: { userId: number; open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const appeal = useOpenAppeal();
  return (
    <ReasonDialog<object>
      open={open}
      onClose={onClose}
      title={t('appeal.title', { id: userId })}
      okText={t('appeal.submit')}
      reasonLabel={t('appeal.reason')}
      reasonRows={3}
      pending={appeal.isPending}
      onSubmit={({ reason }, done) =>
        appeal.mutate(
          { userId, reason },
          {
            onSuccess: ({ review }) => {
              void message.success(
                <span>
                  {t('appeal.opened', { id: review.id })} <Link to={reviewPath(review.id)}>{t('reviews.openNumber', { id: review.id })}</Link>
                </span>,
              );
              done.onSuccess();
            },
            onError: done.onError,
          },
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('appeal.note')}</Typography.Paragraph>
    </ReasonDialog>
  );
}
