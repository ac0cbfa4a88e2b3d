import { adminAcceptInvitationEndpoint, adminEndpoints, ERRORS, OPERATOR_PASSWORD_MIN_LENGTH, type SignInStep } from '@sen/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { placeServerError } from '../../shared/forms/server-field-errors.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { EnrolStep } from './enrol-step.tsx';
import { SignInShell } from './sign-in-shell.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

const { password: passwordSchema, token: tokenSchema } = adminAcceptInvitationEndpoint.request.shape;

interface InvitationValues {
  name?: string;
  password: string;
  confirm: string;
}

/**
 * The invitation link (`/admin/enrol?token=…`): the invited operator chooses a password, then
 * enrols the authenticator, and is signed in.
 */
export default function InvitationPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [step, setStep] = useState<SignInStep | null>(null);
  const finish = useFinishSignIn();

  if (!tokenSchema.safeParse(token).success) {
    return (
      <SignInShell title={t('invitation.title')}>
        <Result status="warning" title={t('invitation.badLink')} extra={<Link to={paths.signIn}>{t('invitation.toSignIn')}</Link>} />
      </SignInShell>
    );
  }
  if (step) {
    return (
      <SignInShell title={t('enrol.title')}>
        <EnrolStep pendingToken={step.pendingToken} onSignedIn={finish} />
      </SignInShell>
    );
  }
  return (
    <SignInShell title={t('invitation.title')}>
      <Typography.Paragraph>{t('invitation.intro', { min: OPERATOR_PASSWORD_MIN_LENGTH })}</Typography.Paragraph>
      <PasswordForm token={token} onNext={setStep} />
      <Link to={paths.signIn}>{t('invitation.toSignIn')}</Link>
    </SignInShell>
  );
}

function PasswordForm({ token, onNext }: { token: string; onNext: (step: SignInStep) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<InvitationValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: ({ name, password }: InvitationValues) => callAdmin(adminEndpoints.acceptInvitation, { token, password, ...(name?.trim() ? { name: name.trim() } : {}) }),
    onMutate: () => setFormError(null),
    onSuccess: onNext,
    onError: (error) => {
      if (!placeServerError(form, error, (code) => (code === ERRORS.VALIDATION_FAILED.code ? 'password' : null))) setFormError(errorMessage(error));
    },
  });
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => submit.mutate(values)}>
      <Form.Item name="name" label={t('invitation.name')} extra={t('invitation.nameHelp')}>
        <Input autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item name="password" label={t('invitation.password')} rules={[zodRule(passwordSchema)]} validateTrigger="onSubmit">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('invitation.confirm')}
        dependencies={['password']}
        validateTrigger="onSubmit"
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value !== getFieldValue('password')) throw new Error(t('invitation.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {formError && <Alert type="error" showIcon title={formError} className="form-alert" />}
      <Button type="primary" htmlType="submit" block loading={submit.isPending}>
        {t('invitation.submit')}
      </Button>
    </Form>
  );
}
