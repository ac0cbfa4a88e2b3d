import { OPERATOR_ROLES, type OperatorRole, type OperatorView } from '@sen/contract';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useChangeRole, useDeactivateOperator } from './operator-queries.ts';

/** Change an operator's role, with the reason the audit keeps; their sessions end (they sign in again). */
export function ChangeRoleDialog({ operator, onClose }: { operator: OperatorView | null; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ role: OperatorRole; reason: string }>();
  const change = useChangeRole();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open={operator !== null}
      title={operator ? t('operators.changeRoleTitle', { name: operator.name || operator.email }) : ''}
      okText={t('operators.changeRole')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: change.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {operator && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ role: operator.role }}
          onFinish={({ role, reason }) => {
            setError(null);
            change.mutate({ operatorId: operator.id, role, reason: reason.trim() }, { onSuccess: onClose, onError: (failure) => setError(errorMessage(failure)) });
          }}
        >
          <Typography.Paragraph type="secondary">{t('operators.changeRoleNote')}</Typography.Paragraph>
          <Form.Item name="role" label={t('operators.role')}>
            <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
          </Form.Item>
          <Form.Item name="reason" label={t('operators.reason')} rules={[reasonRule()]} validateTrigger="onSubmit">
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}

/** Deactivate an operator: their sessions and any open invitation end at once; the audit keeps their name. */
export function DeactivateDialog({ operator, onClose }: { operator: OperatorView | null; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ reason: string }>();
  const deactivate = useDeactivateOperator();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open={operator !== null}
      title={operator ? t('operators.deactivateTitle', { name: operator.name || operator.email }) : ''}
      okText={t('operators.deactivate')}
      okButtonProps={{ danger: true, loading: deactivate.isPending }}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {operator && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={({ reason }) => {
            setError(null);
            deactivate.mutate({ operatorId: operator.id, reason: reason.trim() }, { onSuccess: onClose, onError: (failure) => setError(errorMessage(failure)) });
          }}
        >
          <Alert type="warning" showIcon title={t('operators.deactivateWarning')} className="form-alert" />
          <Form.Item name="reason" label={t('operators.reason')} rules={[reasonRule()]} validateTrigger="onSubmit">
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}
