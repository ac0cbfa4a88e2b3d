import { adminEndpoints, adminSignInTotpEndpoint, ERRORS, type OperatorView } from '@sen/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { placeServerError } from '../../shared/forms/server-field-errors.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { errorMessage, isAdminRequestError } from '../../shared/request/admin-request-error.ts';

const codeSchema = adminSignInTotpEndpoint.request.shape.code;
const CODE_ERRORS = new Set<number>([ERRORS.OPERATOR_TOTP_INCORRECT.code, ERRORS.OPERATOR_TOTP_REPLAYED.code]);

/** The six-digit authenticator code that finishes a sign-in (after the password or the enrolment). */
export function TotpCodeForm({ pendingToken, onSignedIn }: { pendingToken: string; onSignedIn: (operator: OperatorView) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ code: string }>();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (code: string) => callAdmin(adminEndpoints.signInTotp, { pendingToken, code }),
    onMutate: () => setFormError(null),
    onSuccess: (data) => onSignedIn(data.operator),
    onError: (error) => {
      // A wrong or replayed code is cleared so the next one is typed fresh; it is shown beside the field.
      if (isAdminRequestError(error) && error.code !== null && CODE_ERRORS.has(error.code)) form.setFieldValue('code', '');
      if (!placeServerError(form, error, (code) => (CODE_ERRORS.has(code) ? 'code' : null))) setFormError(errorMessage(error));
    },
  });
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={({ code }) => submit.mutate(code.trim())}>
      <Form.Item name="code" label={t('signIn.code')} extra={t('signIn.codeHelp')} rules={[zodRule(codeSchema)]} validateTrigger="onSubmit">
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus size="large" className="totp-input" />
      </Form.Item>
      {formError && <Alert type="error" showIcon title={formError} className="form-alert" />}
      <Button type="primary" htmlType="submit" block size="large" loading={submit.isPending}>
        {t('signIn.verify')}
      </Button>
    </Form>
  );
}
