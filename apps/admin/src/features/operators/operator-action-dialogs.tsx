import { OPERATOR_ROLES, type OperatorRole, type OperatorView } from '@sen/contract';
import { Alert, Form, Select, Typography } from 'antd';
import { useT } from '../../shared/i18n/i18n.ts';
import { ReasonDialog } from '../../shared/ui/reason-dialog.tsx';
import { useChangeRole, useDeactivateOperator } from './operator-queries.ts';

/** Change an operator's role, with the reason the audit keeps; their sessions end (they sign in again). */
export function ChangeRoleDialog({ operator, onClose }: { operator: OperatorView | null; onClose: () => void }) {
  const { t } = useT();
  const change = useChangeRole();
  return (
    <ReasonDialog<{ role: OperatorRole }>
      open={operator !== null}
      onClose={onClose}
      title={operator ? t('operators.changeRoleTitle', { name: operator.name || operator.email }) : ''}
      reasonLabel={t('operators.reason')}
      okText={t('operators.changeRole')}
      pending={change.isPending}
      initialValues={operator ? { role: operator.role } : undefined}
      onSubmit={({ role, reason }, done) => operator && change.mutate({ operatorId: operator.id, role, reason }, done)}
    >
      <Typography.Paragraph type="secondary">{t('operators.changeRoleNote')}</Typography.Paragraph>
      <Form.Item name="role" label={t('operators.role')}>
        <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
      </Form.Item>
    </ReasonDialog>
  );
}

/** Deactivate an operator: their sessions and any open invitation end at once; the audit keeps their name. */
export function DeactivateDialog({ operator, onClose }: { operator: OperatorView | null; onClose: () => void }) {
  const { t } = useT();
  const deactivate = useDeactivateOperator();
  return (
    <ReasonDialog<object>
      open={operator !== null}
      onClose={onClose}
      title={operator ? t('operators.deactivateTitle', { name: operator.name || operator.email }) : ''}
      reasonLabel={t('operators.reason')}
      okText={t('operators.deactivate')}
      danger
      pending={deactivate.isPending}
      onSubmit={({ reason }, done) => operator && deactivate.mutate({ operatorId: operator.id, reason }, done)}
    >
      <Alert type="warning" showIcon title={t('operators.deactivateWarning')} className="form-alert" />
    </ReasonDialog>
  );
}
