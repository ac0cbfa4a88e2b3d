import { passwordPairSchema, type MessageKey } from '@sen/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { setPassword } from './auth-api.ts';

interface Errors {
  password?: MessageKey;
  confirmPassword?: MessageKey;
}

/** /login/create-password: set a first password after an OTP login (passwdSign 0). */
export function CreatePasswordPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [password, setPasswordValue] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (submitting) return;
    const result = passwordPairSchema.safeParse({ password, confirmPassword });
    if (!result.success) {
      const next: Errors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] === 'confirmPassword' ? 'confirmPassword' : 'password';
        next[field] ??= issue.message as MessageKey;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const token = await setPassword(password);
      useSessionStore.getState().setToken(token);
      await navigate(paths.createPasswordSucceed, { replace: true });
    } catch {
      // Shown as a toast by the request layer.
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <div className="page">
      <PageHeader title={t('createPassword.title')} onBack={() => navigate(paths.root, { replace: true })} />
      <main className="page__content form-page">
        <AppImage name="passwordBackground" className="form-page__banner" />
        <h1 className="form-page__title">{t('createPassword.title')}</h1>
        <p className="form-page__hint">{t('createPassword.hint')}</p>
        <form noValidate onSubmit={onSubmit} className="stack">
          <TextField
            id="create-password"
            label={t('createPassword.password.label')}
            type="password"
            autoComplete="new-password"
            maxLength={20}
            placeholder={t('createPassword.password.placeholder')}
            value={password}
            onChange={(value) => {
              setPasswordValue(value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password ? t(errors.password) : null}
            data-testid="create-password-input"
          />
          <TextField
            id="create-password-confirm"
            label={t('createPassword.confirm.label')}
            type="password"
            autoComplete="new-password"
            maxLength={20}
            placeholder={t('createPassword.confirm.placeholder')}
            value={confirmPassword}
            onChange={(value) => {
              setConfirmPassword(value);
              setErrors((current) => ({ ...current, confirmPassword: undefined }));
            }}
            error={errors.confirmPassword ? t(errors.confirmPassword) : null}
            data-testid="create-password-confirm-input"
          />
          <Button block color="primary" shape="rounded" size="large" type="submit" loading={submitting} data-testid="create-password-button">
            {t('createPassword.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
