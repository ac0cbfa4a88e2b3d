import { ERRORS, OTP_RESEND_SECONDS, checkField, otpSchema, passwordSchema, phoneSchema, type MessageKey } from '@sen/contract';
import { Tabs } from 'antd-mobile';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { PRODUCT_NAME } from '../../shared/config/app-config.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { loginWithOtp, loginWithPassword, sendOtp } from './auth-api.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { completeLogin } from './session-actions.ts';
import { useCountdown } from './use-countdown.ts';

type LoginTab = 'otp' | 'password';
interface FieldErrors {
  phone?: MessageKey | null;
  otp?: MessageKey | null;
  password?: MessageKey | null;
}

function retryAfterSeconds(data: unknown): number {
  const value = (data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? value : OTP_RESEND_SECONDS;
}

/** /login (SPEC.md §2): OTP or password login with the contract's validation rules. */
export function LoginPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [tab, setTab] = useState<LoginTab>('otp');
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const countdown = useCountdown();

  const phoneValid = checkField(phoneSchema, phone) === null;
  const getDisabled = !phone.trim() || !phoneValid || countdown.counting || sending;

  const message = (key: MessageKey | null | undefined) => (key ? t(key) : null);

  const onGetOtp = async () => {
    if (getDisabled) return;
    setSending(true);
    try {
      await sendOtp(phone);
      countdown.start(OTP_RESEND_SECONDS);
      showToast(t('login.otp.sent'));
    } catch (error) {
      // The request layer showed the server's message; a too-early resend still starts the countdown.
      if (isRequestError(error) && error.code === ERRORS.OTP_TOO_SOON.code) countdown.start(retryAfterSeconds(error.data));
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    if (submittingRef.current) return;
    const next: FieldErrors = {
      phone: checkField(phoneSchema, phone),
      ...(tab === 'otp' ? { otp: checkField(otpSchema, otp) } : { password: checkField(passwordSchema, password) }),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const response = tab === 'otp' ? await loginWithOtp(phone, otp) : await loginWithPassword(phone, password);
      await completeLogin(response);
    } catch {
      // Shown as a toast by the request layer.
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const switchTab = (key: string) => {
    setTab(key === 'password' ? 'password' : 'otp');
    setErrors({});
  };

  return (
    <div className="page login-page">
      <div className="login-hero">
        <AppImage name={tab === 'otp' ? 'otpBackground' : 'passwordBackground'} className="login-hero__image" />
        <PageHeader transparent onBack={() => navigate(paths.root, { replace: true })} right={<LanguageSwitch />} />
        <div className="login-hero__text">
          <h1>{t('login.welcome', { name: PRODUCT_NAME })}</h1>
          <p>{t('login.subtitle')}</p>
        </div>
      </div>

      <main className="login-card">
        <Tabs activeKey={tab} onChange={switchTab} className="login-tabs" stretch>
          <Tabs.Tab key="otp" title={<span data-testid="login-tab-otp">{t('login.tab.otp')}</span>} />
          <Tabs.Tab key="password" title={<span data-testid="login-tab-password">{t('login.tab.password')}</span>} />
        </Tabs>

        <form className="login-form" noValidate onSubmit={onFormSubmit}>
          <TextField
            id="login-phone"
            label={t('login.phone.label')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            placeholder={t('login.phone.placeholder')}
            value={phone}
            onChange={(value) => {
              setPhone(value.replace(/[^\d]/g, ''));
              setErrors((current) => ({ ...current, phone: null }));
            }}
            error={message(errors.phone)}
            data-testid="phone-input"
          />

          {tab === 'otp' ? (
            <TextField
              id="login-otp"
              label={t('login.otp.label')}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              placeholder={t('login.otp.placeholder')}
              value={otp}
              onChange={(value) => {
                setOtp(value.replace(/[^\d]/g, ''));
                setErrors((current) => ({ ...current, otp: null }));
              }}
              error={message(errors.otp)}
              data-testid="otp-input"
              suffix={
                <Button
                  size="small"
                  color="primary"
                  fill="none"
                  className="otp-get-button"
                  disabled={getDisabled}
                  loading={sending}
                  onClick={onGetOtp}
                  data-testid="get-otp-button"
                  type="button"
                >
                  {countdown.counting ? t('login.otp.countdown', { seconds: countdown.remaining }) : t('login.otp.get')}
                </Button>
              }
            />
          ) : (
            <TextField
              id="login-password"
              label={t('login.password.label')}
              type="password"
              autoComplete="current-password"
              maxLength={20}
              placeholder={t('login.password.placeholder')}
              value={password}
              onChange={(value) => {
                setPassword(value);
                setErrors((current) => ({ ...current, password: null }));
              }}
              error={message(errors.password)}
              data-testid="password-input"
            />
          )}

          {tab === 'password' ? (
            <button type="button" className="link-button login-forgot" data-testid="forgot-password" onClick={() => switchTab('otp')}>
              {t('login.forgot')}
            </button>
          ) : null}

          <Button block color="primary" shape="rounded" size="large" type="submit" loading={submitting} data-testid="login-button">
            {t('login.submit')}
          </Button>
        </form>

        <p className="login-agreement">
          {t('login.agreement.prefix')}{' '}
          <Link to={paths.privacyPolicy} data-testid="privacy-policy-link">
            {t('login.agreement.link')}
          </Link>
        </p>
      </main>
    </div>
  );
}
