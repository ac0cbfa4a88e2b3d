import { PRIVACY_POLICY_VERSION } from '@sen/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { PRODUCT_NAME, SUPPORT_EMAIL, SUPPORT_PHONE } from '../../shared/config/app-config.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { setPrivacyChoice } from '../../shared/tracking/index.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { postPrivacyConsent } from './auth-api.ts';

const SECTIONS = ['data', 'purpose', 'sharing', 'retention', 'rights', 'contact'] as const;

/** /login/privacy-policy: the policy, with Agree (records consent, goes back) and Reject (records refusal, goes home). */
export function PrivacyPolicyPage() {
  const { t } = useT();
  const navigate = useNavigate();

  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.login, { replace: true });
  };

  const agree = async () => {
    try {
      await postPrivacyConsent(true);
      setPrivacyChoice(true);
      goBack();
    } catch {
      // The toast says why; consent was not recorded, so stay.
    }
  };

  const reject = async () => {
    // A refusal takes effect here at once (no tracking), whatever the server answers.
    setPrivacyChoice(false);
    try {
      await postPrivacyConsent(false, { skipErrorHandler: true });
    } catch {
      // A refusal needs no confirmation to take effect here.
    }
    await navigate(paths.root, { replace: true });
  };

  return (
    <div className="page privacy-page">
      <PageHeader title={t('privacy.title')} />
      <main className="page__content privacy">
        <h1 className="privacy__title">{t('privacy.title')}</h1>
        <p className="privacy__version">{t('privacy.version', { version: PRIVACY_POLICY_VERSION })}</p>
        <p>{t('privacy.intro', { name: PRODUCT_NAME })}</p>
        {SECTIONS.map((section) => (
          <section key={section}>
            <h2>{t(`privacy.${section}.title`)}</h2>
            <p>{t(`privacy.${section}.body`, { email: SUPPORT_EMAIL, phone: SUPPORT_PHONE })}</p>
          </section>
        ))}
      </main>
      <footer className="privacy__actions">
        <Button block shape="rounded" size="large" onClick={reject} data-testid="privacy-reject">
          {t('privacy.reject')}
        </Button>
        <Button block color="primary" shape="rounded" size="large" onClick={agree} data-testid="privacy-agree">
          {t('privacy.agree')}
        </Button>
      </footer>
    </div>
  );
}
