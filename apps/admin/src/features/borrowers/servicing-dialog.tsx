import type { BorrowerDetail } from '@sen/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import type { TranslationKey } from '../../locales/en.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
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
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const mutations = { refund: useProposeServicing('refund'), writeOff: useProposeServicing('writeOff'), payoutCancel: useProposeServicing('payoutCancel'), payoutRetry: useProposeServicing('payoutRetry') };
  const kind = action?.kind ?? 'refund';
  const mutation = mutations[kind];
  const texts = TEXTS[kind];
  const order = action?.order;
  // The dialog stays mounted between orders: a refusal shown for one must not greet the next.
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal
      open={action !== null}
      title={order ? t(texts.title, { orderNo: order.orderNo }) : ''}
      okText={t(texts.ok)}
      okButtonProps={{ danger: texts.danger, loading: mutation.isPending }}
      cancelText={t('common.cancel')}
      onCancel={close}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {order && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={({ reason }) => {
            setError(null);
            mutation.mutate(
              { orderId: order.orderId, reason: reason.trim() },
              {
                onSuccess: ({ proposalId }) => {
                  void message.success(proposalId === null ? t('servicing.retried') : t('servicing.proposed', { id: proposalId }));
                  close();
                },
                onError: (failure) => setError(errorMessage(failure)),
              },
            );
          }}
        >
          <Typography.Paragraph type="secondary">
            {kind === 'refund' ? t('servicing.refundNote', { amount: formatVnd(order.creditHeld) }) : t(NOTES[kind])}
          </Typography.Paragraph>
          <Form.Item name="reason" label={t('servicing.reason')} rules={[reasonRule()]} validateTrigger="onSubmit">
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}
