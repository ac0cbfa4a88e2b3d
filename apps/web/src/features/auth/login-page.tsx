import { useState, type FocusEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { PRODUCT_NAME } from '../../shared/config/app-config.ts';
import { FormTextField } from '../../shared/forms/form-text-field.tsx';
import { errorText, placeServerError } from '../../shared/forms/server-field-errors.ts';
import { useZodForm } from '../../shared/forms/use-zod-form.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { loginWithOtp, loginWithPassword } from './auth-api.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { LoginTabs } from './login-tabs.tsx';
import type { LoginForm } from './login-form-schemas.ts';
import { OtpField } from './otp-field.tsx';
import { PhoneField } from './phone-field.tsx';
import { completeLogin } from './session-actions.ts';

type LoginTab = 'otp' | 'password';
const loadLoginSchema = () => import('./login-form-schemas.ts').then((module) => module.loginFormSchema);

/** /login (SPEC.md §2): OTP or password login; field errors (the contract's rules and the server's) beside the field. */
export function LoginPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const form = useZodForm<LoginForm>(loadLoginSchema, { mode: 'otp', phone: '', otp: '', password: '' });
  const tab: LoginTab = useWatch({ control: form.control, name: 'mode' });
  const phone = useWatch({ control: form.control, name: 'phone' });

  const onSubmit = form.handleSubmit(async ({ phone: phoneValue, otp, password }) => {
    try {
      const options = { skipErrorHandler: true };
      const response = tab === 'otp' ? await loginWithOtp(phoneValue, otp, options) : await loginWithPassword(phoneValue, password, options);
      await completeLogin(response);
    } catch (error) {
      if (!placeServerError(form, error, { otp: 'otp', password: 'password', phone: 'phone' })) showToast(errorText(error));
    }
  });

  // The hero shrinks once a text field takes focus (the keyboard opens) and stays small while the
  // page is open: were it tied to focus, tapping Log in or a tab after typing would move the button
  // away between the press and the release, and the tap would be lost.
  const [compact, setCompact] = useState(false);
  const onFocusCapture = (event: FocusEvent<HTMLFormElement>) => {
    form.formProps.onFocusCapture();
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) setCompact(true);
  };

  const switchTab = (key: string) => {
    form.setValue('mode', key === 'password' ? 'password' : 'otp');
    form.clearErrors();
  };

  return (
    <div className={`page login-page${compact ? ' login-page--compact' : ''}`}>
      <div className="login-hero">
        <AppImage name={tab === 'otp' ? 'otpBackground' : 'passwordBackground'} className="login-hero__image" fetchPriority="high" />
        <PageHeader transparent onBack={() => navigate(paths.root, { replace: true })} right={<LanguageSwitch />} />
        <div className="login-hero__text">
          <h1>{t('login.welcome', { name: PRODUCT_NAME })}</h1>
          <p>{t('login.subtitle')}</p>
        </div>
      </div>

      <main className="login-card">
        <LoginTabs active={tab} onChange={switchTab} />

        <div id="login-form" role="tabpanel" aria-labelledby={`login-tab-${tab}`}>
        <form onFocusCapture={onFocusCapture} className="login-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <PhoneField control={form.control} name="phone" id="login-phone" />

          {tab === 'otp' ? (
            <OtpField control={form.control} name="otp" id="login-otp" phone={phone} onSent={() => form.setFocus('otp')} />
          ) : (
            <FormTextField
              control={form.control}
              name="password"
              id="login-password"
              label={t('login.password.label')}
              type="password"
              autoComplete="current-password"
              maxLength={20}
              placeholder={t('login.password.placeholder')}
              data-testid="password-input"
            />
          )}

          {tab === 'password' ? (
            <Link className="link-button login-forgot" data-testid="forgot-password" to={paths.forgotPassword}>
              {t('login.forgot')}
            </Link>
          ) : null}

          <Button block color="primary" shape="rounded" size="large" type="submit" loading={form.formState.isSubmitting} data-testid="login-button">
            {t('login.submit')}
          </Button>
        </form>
        </div>

        <p className="login-agreement">
          {t('login.agreement.prefix')}{' '}
          <Link to={paths.privacyPolicy} className="inline-link" data-testid="privacy-policy-link">
            {t('login.agreement.link')}
          </Link>
        </p>
      </main>
    </div>
  );
}
