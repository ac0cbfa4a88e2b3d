import type { BorrowerDetail } from '@sen/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { reviewPath } from '../../app/paths.ts';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
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
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const appeal = useOpenAppeal();
  return (
    <Modal
      open={open}
      title={t('appeal.title', { id: userId })}
      okText={t('appeal.submit')}
      okButtonProps={{ loading: appeal.isPending }}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ reason: '' }}
        onFinish={({ reason }) => {
          setError(null);
          appeal.mutate(
            { userId, reason: reason.trim() },
            {
              onSuccess: ({ review }) => {
                void message.success(
                  <span>
                    {t('appeal.opened', { id: review.id })} <Link to={reviewPath(review.id)}>{t('reviews.openNumber', { id: review.id })}</Link>
                  </span>,
                );
                onClose();
              },
              onError: (failure) => setError(errorMessage(failure)),
            },
          );
        }}
      >
        <Typography.Paragraph type="secondary">{t('appeal.note')}</Typography.Paragraph>
        <Form.Item name="reason" label={t('appeal.reason')} rules={[reasonRule()]} validateTrigger="onSubmit">
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
