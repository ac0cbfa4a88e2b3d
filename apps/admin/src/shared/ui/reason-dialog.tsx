import { Alert, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { reasonRule } from '../forms/reason-rule.ts';
import { useT } from '../i18n/i18n.ts';
import { errorMessage } from '../request/admin-request-error.ts';

export type ReasonedSubmit<Values> = (values: Values & { reason: string }, done: { onSuccess: () => void; onError: (failure: unknown) => void }) => void;

/**
 * An operator action asked with the reason the audit keeps: the dialog, its form, the reason field
 * (checked on submit) and the server's refusal shown in place, cleared when the dialog closes (it
 * stays mounted between targets). `children` are the fields and notes before the reason.
 * `onSubmit` gets the trimmed reason and closes the dialog on success.
 */
export function ReasonDialog<Values extends object>(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  okText: string;
  reasonLabel: string;
  danger?: boolean;
  pending: boolean;
  initialValues?: Partial<Values>;
  reasonRows?: number;
  onSubmit: ReasonedSubmit<Values>;
  children?: ReactNode;
}) {
  const { t } = useT();
  const [form] = Form.useForm<Values & { reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    props.onClose();
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, loading: props.pending }}
      cancelText={t('common.cancel')}
      onCancel={close}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {props.open && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          // An empty reason, not a missing one: submitting at once says the reason's own rule.
          initialValues={{ reason: '', ...props.initialValues }}
          onFinish={(values) => {
            setError(null);
            props.onSubmit({ ...values, reason: values.reason.trim() }, { onSuccess: close, onError: (failure) => setError(errorMessage(failure)) });
          }}
        >
          {props.children}
          <Form.Item name="reason" label={props.reasonLabel} rules={[reasonRule()]} validateTrigger="onSubmit">
            <Input.TextArea rows={props.reasonRows ?? 2} maxLength={500} showCount={props.reasonRows !== undefined} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}
