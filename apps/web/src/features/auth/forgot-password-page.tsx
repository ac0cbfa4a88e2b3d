import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorText, placeServerError } from '../../shared/forms/server-field-errors.ts';
import { useZodForm } from '../../shared/forms/use-zod-form.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { resetPasswordWithCode } from './auth-api.ts';
import type { ResetPasswordForm } from './login-form-schemas.ts';
import { OtpField } from './otp-field.tsx';
import { PhoneField } from './phone-field.tsx';
import { PasswordPairFields } from './password-pair-fields.tsx';
import { completeLogin } from './session-actions.ts';

const loadSchema = () => import('./login-form-schemas.ts').then((module) => module.resetPasswordFormSchema);

/**
 * Forgotten password (reached from /login, and from /mine/settings/password when the old one is
 * forgotten): phone, a code sent to it, the new password twice; then signed in with the new one.
 * A signed-in user's phone is filled in and fixed: the code proves it is theirs.
 */
export function ForgotPasswordPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const signedInPhone = useSessionStore((state) => state.user?.phone ?? '');
  const form = useZodForm<ResetPasswordForm>(loadSchema, { phone: signedInPhone, otp: '', password: '', confirmPassword: '' });
  const phone = useWatch({ control: form.control, name: 'phone' });

  const onSubmit = form.handleSubmit(async ({ phone: phoneValue, otp, password }) => {
    try {
      const session = await resetPasswordWithCode(phoneValue, otp, password, { skipErrorHandler: true });
      showToast(t('resetPassword.done'));
      await completeLogin(session);
    } catch (error) {
      if (!placeServerError(form, error, { otp: 'otp', phone: 'phone', password: 'password' })) showToast(errorText(error));
    }
  });

  return (
    <div className="page form-screen">
      <PageHeader title={t('resetPassword.title')} onBack={() => navigate(-1)} />
      <main className="page__content form-page" data-testid="forgot-password-page">
        <h1 className="form-page__title">{t('resetPassword.title')}</h1>
        <p className="form-page__hint">{t('resetPassword.hint')}</p>
        <form {...form.formProps} noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
          <PhoneField control={form.control} name="phone" id="reset-phone" readOnly={signedInPhone !== ''} />
          <OtpField control={form.control} name="otp" id="reset-otp" phone={phone} onSent={() => form.setFocus('otp')} />
          <PasswordPairFields control={form.control} idPrefix="reset-password" testIdPrefix="reset-password" />
          <Button block color="primary" shape="rounded" size="large" type="submit" loading={form.formState.isSubmitting} data-testid="reset-password-button">
            {t('resetPassword.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
