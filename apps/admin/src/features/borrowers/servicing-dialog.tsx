import type { BorrowerDetail } from '@sen/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useProposeServicing } from './borrower-queries.ts';

type Order = BorrowerDetail['orders'][number];

/**
 * Propose a refund of an order's overpayment, or its write-off, with the reason kept with the
 * proposal (decision 100): nothing moves until another operator approves it on the approvals page.
 */
export function ServicingDialog({ action, onClose }: { action: { kind: 'refund' | 'writeOff'; order: Order } | null; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const refund = useProposeServicing('refund');
  const writeOff = useProposeServicing('writeOff');
  const mutation = action?.kind === 'writeOff' ? writeOff : refund;
  const order = action?.order;
  // The dialog stays mounted between orders: a refusal shown for one must not greet the next.
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal
      open={action !== null}
      title={order ? t(action!.kind === 'refund' ? 'servicing.refundTitle' : 'servicing.writeOffTitle', { orderNo: order.orderNo }) : ''}
      okText={t(action?.kind === 'writeOff' ? 'servicing.proposeWriteOff' : 'servicing.proposeRefund')}
      okButtonProps={{ danger: action?.kind === 'writeOff', loading: mutation.isPending }}
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
                onSuccess: ({ proposal }) => {
                  void message.success(t('servicing.proposed', { id: proposal.id }));
                  close();
                },
                onError: (failure) => setError(errorMessage(failure)),
              },
            );
          }}
        >
          <Typography.Paragraph type="secondary">
            {action!.kind === 'refund' ? t('servicing.refundNote', { amount: formatVnd(order.creditHeld) }) : t('servicing.writeOffNote')}
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
