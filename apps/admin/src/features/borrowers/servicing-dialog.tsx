import type { BorrowerDetail } from '@sen/contract';
import { App, Typography } from 'antd';
import { formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import type { TranslationKey } from '../../locales/en.ts';
import { ReasonDialog } from '../../shared/ui/reason-dialog.tsx';
import { useProposeServicing, type ServicingKind } from './borrower-queries.ts';

type Order = BorrowerDetail['orders'][number];

const NOTES: Record<Exclude<ServicingKind, 'refund'>, TranslationKey> = {
  writeOff: 'servicing.writeOffNote',
  payoutCancel: 'servicing.payoutCancelNote',
  payoutRetry: 'servicing.payoutRetryNote',
};

const TEXTS: Record<ServicingKind, { title: TranslationKey; ok: TranslationKey; danger: boolean }> = {
  refund: { title: 'servicing.refundTitle', ok: 'servicing.proposeRefund', danger: false },
  writeOff: { title: 'servicing.writeOffTitle', ok: 'servicing.proposeWriteOff', danger: true },
  payoutCancel: { title: 'servicing.payoutCancelTitle', ok: 'servicing.proposePayoutCancel', danger: true },
  payoutRetry: { title: 'servicing.payoutRetryTitle', ok: 'servicing.retryPayout', danger: false },
};

/**
 * Propose a refund of an order's overpayment, its write-off or the cancel of its payout, with the
 * reason kept with the proposal (decisions 100, 114): nothing moves until another operator approves
 * it on the approvals page. A payout retry (one operator) has the job send the waiting payout now.
 */
export function ServicingDialog({ action, onClose }: { action: { kind: ServicingKind; order: Order } | null; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const mutations = { refund: useProposeServicing('refund'), writeOff: useProposeServicing('writeOff'), payoutCancel: useProposeServicing('payoutCancel'), payoutRetry: useProposeServicing('payoutRetry') };
  const kind = action?.kind ?? 'refund';
  const mutation = mutations[kind];
  const texts = TEXTS[kind];
  const order = action?.order;
  return (
    <ReasonDialog<object>
      open={order !== undefined}
      onClose={onClose}
      title={order ? t(texts.title, { orderNo: order.orderNo }) : ''}
      okText={t(texts.ok)}
      reasonLabel={t('servicing.reason')}
      danger={texts.danger}
      pending={mutation.isPending}
      onSubmit={({ reason }, done) =>
        order &&
        mutation.mutate(
          { orderId: order.orderId, reason },
          {
            onSuccess: ({ proposalId }) => {
              void message.success(proposalId === null ? t('servicing.retried') : t('servicing.proposed', { id: proposalId }));
              done.onSuccess();
            },
            onError: done.onError,
          },
        )
      }
    >
      {order && <Typography.Paragraph type="secondary">{kind === 'refund' ? t('servicing.refundNote', { amount: formatVnd(order.creditHeld) }) : t(NOTES[kind])}</Typography.Paragraph>}
    </ReasonDialog>
  );
}
