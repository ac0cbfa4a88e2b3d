import { formatVnd } from '@sen/domain';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { PRODUCT_NAME, VISITOR_PRODUCT_TERMS } from '../../shared/config/app-config.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { BoltIcon, PercentIcon, ShieldIcon, StarIcon } from '../../shared/ui/icons.tsx';

/**
 * The visitor home (/home/no-auth, and / for anyone without completed authentication): the
 * advertised product terms from configuration (not anyone's offer), Apply, the under-18 notice
 * and four selling points.
 */
export function NoAuthHome() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const terms = VISITOR_PRODUCT_TERMS;

  const points: { key: 'lowRate' | 'fast' | 'limit' | 'security'; icon: ReactNode }[] = [
    { key: 'lowRate', icon: <PercentIcon /> },
    { key: 'fast', icon: <BoltIcon /> },
    { key: 'limit', icon: <StarIcon /> },
    { key: 'security', icon: <ShieldIcon /> },
  ];

  return (
    <main className="home" data-testid="no-auth-home">
      <section className="home-hero">
        <AppImage name="banner" className="home-hero__banner" />
        <div className="home-hero__text">
          <h1>{t('home.hero.title', { name: PRODUCT_NAME })}</h1>
          <p>{t('home.hero.subtitle')}</p>
        </div>
      </section>

      <section className="loan-card" aria-labelledby="max-amount-label">
        <p className="loan-card__label" id="max-amount-label">
          {t('home.noAuth.maxAmount')}
        </p>
        <p className="loan-card__amount" data-testid="max-loan-amount">
          {formatVnd(BigInt(terms.maxAmountVnd), language, { symbol: true })}
        </p>
        <dl className="loan-card__facts">
          <div>
            <dt>{t('home.noAuth.rate')}</dt>
            <dd data-testid="annual-rate">{t('home.noAuth.rateValue', { rate: terms.annualRatePercent })}</dd>
          </div>
          <div>
            <dt>{t('home.noAuth.period')}</dt>
            <dd data-testid="loan-period">{t('home.noAuth.periodValue', { days: terms.loanTermDays })}</dd>
          </div>
        </dl>
        <Button block color="primary" shape="rounded" size="large" data-testid="apply-button" onClick={() => navigate(paths.authBatch)}>
          {t('home.noAuth.apply')}
        </Button>
        <p className="loan-card__notice" data-testid="under-18-notice">
          {t('validation.birthDate.underage')}
        </p>
      </section>

      <p className="home__fees">
        {t('home.noAuth.fees', { low: terms.dailyRateLowPercent, high: terms.dailyRateHighPercent })}
      </p>

      <section className="selling-points" aria-labelledby="selling-title">
        <h2 id="selling-title">{t('home.selling.title')}</h2>
        <ul>
          {points.map(({ key, icon }) => (
            <li key={key} className="selling-point">
              <span className="selling-point__icon">{icon}</span>
              <div>
                <h3>{t(`home.selling.${key}.title`)}</h3>
                <p>{t(`home.selling.${key}.text`, { rate: terms.dailyRateLowPercent })}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <p className="home__indicative">{t('home.noAuth.indicative')}</p>
    </main>
  );
}
