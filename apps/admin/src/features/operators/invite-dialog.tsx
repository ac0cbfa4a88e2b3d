import { adminOperatorInviteEndpoint, ERRORS, OPERATOR_ROLES } from '@sen/contract';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { placeServerError } from '../../shared/forms/server-field-errors.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { formatDateTime } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useInviteOperator } from './operator-queries.ts';

const inviteShape = adminOperatorInviteEndpoint.request.shape;

interface InviteValues {
  email: string;
  name: string;
  role: (typeof OPERATOR_ROLES)[number];
}

/**
 * Invite an operator: e-mail, name, role; the answer is a one-time enrolment link, shown once (the
 * server keeps only its hash) for the admin to hand over by a channel of their choice.
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteOperator();
  const [error, setError] = useState<string | null>(null);
  const result = invite.data;
  const close = () => {
    invite.reset();
    setError(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={result ? t('operators.invitedTitle') : t('operators.inviteTitle')}
      onCancel={close}
      destroyOnHidden
      okText={result ? t('common.done') : t('operators.sendInvite')}
      cancelButtonProps={result ? { style: { display: 'none' } } : {}}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: invite.isPending }}
      onOk={() => (result ? close() : form.submit())}
    >
      {result ? (
        <div className="invite-result">
          <Typography.Paragraph>{t('operators.linkIntro', { email: result.operator.email })}</Typography.Paragraph>
          <Typography.Paragraph>
            <Typography.Text code copyable={{ text: result.enrolmentLink, tooltips: [t('common.copy'), t('common.copied')] }} data-testid="enrolment-link">
              {result.enrolmentLink}
            </Typography.Text>
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={t('operators.linkOnce', { time: formatDateTime(result.expiresAt) })} />
        </div>
      ) : (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ role: 'viewer' }}
          onFinish={(values) => {
            setError(null);
            invite.mutate(values, {
              onError: (failure) => {
                if (!placeServerError(form, failure, (code) => (code === ERRORS.OPERATOR_EMAIL_TAKEN.code ? 'email' : null))) setError(errorMessage(failure));
              },
            });
          }}
        >
          <Form.Item name="email" label={t('operators.email')} rules={[zodRule(inviteShape.email)]} validateTrigger="onSubmit">
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('operators.name')} rules={[zodRule(inviteShape.name)]} validateTrigger="onSubmit">
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')} rules={[zodRule(inviteShape.role)]}>
            <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}
