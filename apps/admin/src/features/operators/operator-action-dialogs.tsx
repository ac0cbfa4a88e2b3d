import { OPERATOR_ROLES, type OperatorRole, type OperatorView } from '@sen/contract';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useChangeRole, useDeactivateOperator } from './operator-queries.ts';

type Submit<Values> = (values: Values & { reason: string }, done: { onSuccess: () => void; onError: (failure: unknown) => void }) => void;

/**
 * A change to an operator, asked with the reason the audit keeps: the dialog, its form, the reason
 * field and the server's refusal shown in place. `children` are the fields and notes before the reason.
 */
function ReasonedOperatorDialog<Values extends object>(props: {
  operator: OperatorView | null;
  onClose: () => void;
  title: (name: string) => string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  initialValues?: Partial<Values>;
  onSubmit: Submit<Values>;
  children: ReactNode;
}) {
  const { t } = useT();
  const [form] = Form.useForm<Values & { reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const { operator, onClose } = props;
  return (
    <Modal
      open={operator !== null}
      title={operator ? props.title(operator.name || operator.email) : ''}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, loading: props.pending }}
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
          initialValues={props.initialValues}
          onFinish={(values) => {
            setError(null);
            props.onSubmit({ ...values, reason: values.reason.trim() }, { onSuccess: onClose, onError: (failure) => setError(errorMessage(failure)) });
          }}
        >
          {props.children}
          <Form.Item name="reason" label={t('operators.reason')} rules={[reasonRule()]} validateTrigger="onSubmit">
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}

/** Change an operator's role, with the reason the audit keeps; their sessions end (they sign in again). */
export function ChangeRoleDialog({ operator, onClose }: { operator: OperatorView | null; onClose: () => void }) {
  const { t } = useT();
  const change = useChangeRole();
  return (
    <ReasonedOperatorDialog<{ role: OperatorRole }>
      operator={operator}
      onClose={onClose}
      title={(name) => t('operators.changeRoleTitle', { name })}
      okText={t('operators.changeRole')}
      pending={change.isPending}
      initialValues={operator ? { role: operator.role } : undefined}
      onSubmit={({ role, reason }, done) => operator && change.mutate({ operatorId: operator.id, role, reason }, done)}
    >
      <Typography.Paragraph type="secondary">{t('operators.changeRoleNote')}</Typography.Paragraph>
      <Form.Item name="role" label={t('operators.role')}>
        <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
      </Form.Item>
    </ReasonedOperatorDialog>
  );
}

/** Deactivate an operator: their sessions and any open invitation end at once; the audit keeps their name. */
export function DeactivateDialog({ operator, onClose }: { operator: OperatorView | null; onClose: () => void }) {
  const { t } = useT();
  const deactivate = useDeactivateOperator();
  return (
    <ReasonedOperatorDialog<object>
      operator={operator}
      onClose={onClose}
      title={(name) => t('operators.deactivateTitle', { name })}
      okText={t('operators.deactivate')}
      danger
      pending={deactivate.isPending}
      onSubmit={({ reason }, done) => operator && deactivate.mutate({ operatorId: operator.id, reason }, done)}
    >
      <Alert type="warning" showIcon title={t('operators.deactivateWarning')} className="form-alert" />
    </ReasonedOperatorDialog>
  );
}
