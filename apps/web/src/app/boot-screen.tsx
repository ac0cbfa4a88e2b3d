import { SpinLoading } from 'antd-mobile';
import { PRODUCT_NAME } from '../shared/config/app-config.ts';
import { useT } from '../shared/i18n/use-translation.ts';

/** The splash and start-up loading view (SPEC.md §1). */
export function BootScreen() {
  const { t } = useT();
  return (
    <div className="splash" data-testid="splash" role="status" aria-live="polite">
      <div className="splash__logo" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          <path d="M32 10c7 8 9 16 0 30-9-14-7-22 0-30z" fill="#fff" />
          <path d="M32 40c-10-2-17-9-19-18 10 0 16 6 19 18zm0 0c10-2 17-9 19-18-10 0-16 6-19 18z" fill="#d8f3ee" />
          <path d="M14 46h36" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </div>
      <h1 className="splash__title">{t('splash.welcome', { name: PRODUCT_NAME })}</h1>
      <p className="splash__tagline">{t('splash.tagline')}</p>
      <SpinLoading color="white" className="splash__spinner" aria-label={t('common.loading')} />
    </div>
  );
}
