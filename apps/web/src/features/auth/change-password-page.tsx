import { Link, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { FormTextField } from '../../shared/forms/form-text-field.tsx';
import { errorText, placeServerError } from '../../shared/forms/server-field-errors.ts';
import { useZodForm } from '../../shared/forms/use-zod-form.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { changePasswordWithOld } from './auth-api.ts';
import type { ChangePasswordForm } from './login-form-schemas.ts';
import { PasswordPairFields } from './password-pair-fields.tsx';

const loadSchema = () => import('./login-form-schemas.ts').then((module) => module.changePasswordFormSchema);

/**
 * /mine/settings/password: change the password with the old one (every other session is signed
 * out by the server; this one continues with the new token), or go to the reset by code.
 */
export function ChangePasswordPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const form = useZodForm<ChangePasswordForm>(loadSchema, { oldPassword: '', password: '', confirmPassword: '' });

  const onSubmit = form.handleSubmit(async ({ oldPassword, password }) => {
    try {
      const session = await changePasswordWithOld(oldPassword, password, { skipErrorHandler: true });
      // Every other session is signed out; this one goes on with the fresh token.
      useSessionStore.getState().setToken(session.token);
      showToast(t('changePassword.done'));
      await navigate(paths.settings, { replace: true });
    } catch (error) {
      if (!placeServerError(form, error, { oldPassword: 'oldPassword', password: 'password' })) showToast(errorText(error));
    }
  });

  return (
    <div className="page form-screen">
      <PageHeader title={t('page.changePassword')} />
      <main className="page__content form-page" data-testid="change-password-page">
        <p className="form-page__hint">{t('changePassword.hint')}</p>
        <form {...form.formProps} noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
          <FormTextField
            control={form.control}
            name="oldPassword"
            id="old-password"
            label={t('changePassword.old.label')}
            type="password"
            autoComplete="current-password"
            maxLength={20}
            placeholder={t('changePassword.old.placeholder')}
            data-testid="old-password-input"
          />
          <PasswordPairFields control={form.control} idPrefix="new-password" testIdPrefix="new-password" />
          <Button block color="primary" shape="rounded" size="large" type="submit" loading={form.formState.isSubmitting} data-testid="change-password-button">
            {t('changePassword.submit')}
          </Button>
        </form>
        <Link className="link-button form-page__alt" to={paths.forgotPassword} data-testid="change-password-forgot">
          {t('changePassword.forgot')}
        </Link>
      </main>
    </div>
  );
}
