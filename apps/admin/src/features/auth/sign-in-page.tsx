import { adminEndpoints, adminSignInPasswordEndpoint, ERRORS, type SignInStep } from '@sen/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { placeServerError } from '../../shared/forms/server-field-errors.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { EnrolStep } from './enrol-step.tsx';
import { SignInShell } from './sign-in-shell.tsx';
import { TotpCodeForm } from './totp-code-form.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

const { email: emailSchema, password: passwordSchema } = adminSignInPasswordEndpoint.request.shape;

/** Sign-in: e-mail and password, then the authenticator code (or, the first time, its enrolment). */
export default function SignInPage() {
  const { t } = useT();
  const [step, setStep] = useState<SignInStep | null>(null);
  const finish = useFinishSignIn();
  const expired = useSearchParams()[0].get('expired') === '1';

  if (step?.step === 'totp') {
    return (
      <SignInShell title={t('signIn.totpTitle')}>
        <Typography.Paragraph>{t('signIn.totpIntro')}</Typography.Paragraph>
        <TotpCodeForm pendingToken={step.pendingToken} onSignedIn={finish} />
        <BackToPassword onBack={() => setStep(null)} />
      </SignInShell>
    );
  }
  if (step?.step === 'enrol') {
    return (
      <SignInShell title={t('enrol.title')}>
        <EnrolStep pendingToken={step.pendingToken} onSignedIn={finish} />
        <BackToPassword onBack={() => setStep(null)} />
      </SignInShell>
    );
  }
  return (
    <SignInShell title={t('signIn.title')}>
      {expired && <Alert type="info" showIcon title={t('signIn.expired')} className="form-alert" />}
      <PasswordStep onNext={setStep} />
    </SignInShell>
  );
}

function BackToPassword({ onBack }: { onBack: () => void }) {
  const { t } = useT();
  return (
    <Button type="link" onClick={onBack} className="sign-in-shell__back">
      {t('signIn.startOver')}
    </Button>
  );
}

function PasswordStep({ onNext }: { onNext: (step: SignInStep) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ email: string; password: string }>();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (values: { email: string; password: string }) => callAdmin(adminEndpoints.signInPassword, values),
    onMutate: () => setFormError(null),
    onSuccess: onNext,
    onError: (error) => {
      // One message for a wrong e-mail or password (the server does not say which): beside the password.
      if (!placeServerError(form, error, (code) => (code === ERRORS.OPERATOR_SIGN_IN_FAILED.code ? 'password' : null))) setFormError(errorMessage(error));
    },
  });
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => submit.mutate(values)}>
      <Form.Item name="email" label={t('signIn.email')} rules={[zodRule(emailSchema)]} validateTrigger="onSubmit">
        <Input type="email" autoComplete="username" autoFocus size="large" />
      </Form.Item>
      <Form.Item name="password" label={t('signIn.password')} rules={[zodRule(passwordSchema)]} validateTrigger="onSubmit">
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      {formError && <Alert type="error" showIcon title={formError} className="form-alert" />}
      <Button type="primary" htmlType="submit" block size="large" loading={submit.isPending}>
        {t('signIn.next')}
      </Button>
    </Form>
  );
}
