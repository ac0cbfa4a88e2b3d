import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { errorText, placeServerError } from '../../shared/forms/server-field-errors.ts';
import { useZodForm } from '../../shared/forms/use-zod-form.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { setPassword } from './auth-api.ts';
import type { CreatePasswordForm } from './login-form-schemas.ts';
import { PasswordPairFields } from './password-pair-fields.tsx';

const loadSchema = () => import('./login-form-schemas.ts').then((module) => module.createPasswordFormSchema);

/** /login/create-password: set a first password after an OTP login (passwdSign 0). */
export function CreatePasswordPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const form = useZodForm<CreatePasswordForm>(loadSchema, { password: '', confirmPassword: '' });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const token = await setPassword(password, { skipErrorHandler: true });
      useSessionStore.getState().setToken(token);
      await navigate(paths.createPasswordSucceed, { replace: true });
    } catch (error) {
      if (!placeServerError(form, error, { password: 'password' })) showToast(errorText(error));
    }
  });

  return (
    <div className="page form-screen">
      <PageHeader title={t('createPassword.title')} onBack={() => navigate(paths.root, { replace: true })} />
      <main className="page__content form-page">
        <AppImage name="passwordBackground" className="form-page__banner" />
        <h1 className="form-page__title">{t('createPassword.title')}</h1>
        <p className="form-page__hint">{t('createPassword.hint')}</p>
        <form {...form.formProps} noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
          <PasswordPairFields control={form.control} idPrefix="create-password" testIdPrefix="create-password" />
          <Button block color="primary" shape="rounded" size="large" type="submit" loading={form.formState.isSubmitting} data-testid="create-password-button">
            {t('createPassword.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
