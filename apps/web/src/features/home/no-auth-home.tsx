import { formatVnd } from '@sen/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { DAILY_RATES_PERCENT, PRODUCT_NAME } from '../../shared/config/app-config.ts';
import { formatApr, formatInteger, formatPercent } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';
import { BannerCarousel } from '../../shared/ui/banner-carousel.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { BoltIcon, PercentIcon, ShieldIcon, StarIcon } from '../../shared/ui/icons.tsx';
import { PullToRefresh } from '../../shared/ui/pull-to-refresh.tsx';
import { useHeldFlag } from '../../shared/ui/use-held-flag.ts';
import { CustomerService } from './contact-dialog.tsx';
import { useHomeBanners, useCommonIndex } from './home-api.ts';
import { homeKeys } from './home-keys.ts';

/** The annual rate as a number of percent: the server sends a number, or text such as '14.6%'. */
function ratePercent(index: { annualizedInterestRatePercent?: number; annualizedInterestRate: string | number }): number | null {
  if (typeof index.annualizedInterestRatePercent === 'number') return index.annualizedInterestRatePercent;
  const value = typeof index.annualizedInterestRate === 'number' ? index.annualizedInterestRate : Number.parseFloat(index.annualizedInterestRate.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/**
 * The visitor home (/home/no-auth, and / for anyone without completed authentication): the
 * product's figures from the server's configuration (common/index), the banners (activity/list),
 * Apply, the under-18 notice, four selling points, customer service and pull-to-refresh.
 */
export function NoAuthHome() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const index = useCommonIndex();
  const banners = useHomeBanners();
  const loading = useHeldFlag(index.isPending);
  const low = formatPercent(DAILY_RATES_PERCENT.low, language);
  const high = formatPercent(DAILY_RATES_PERCENT.high, language);

  const points: { key: 'lowRate' | 'fast' | 'limit' | 'security'; icon: ReactNode }[] = [
    { key: 'lowRate', icon: <PercentIcon /> },
    { key: 'fast', icon: <BoltIcon /> },
    { key: 'limit', icon: <StarIcon /> },
    { key: 'security', icon: <ShieldIcon /> },
  ];

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: homeKeys.commonIndex() }),
      queryClient.invalidateQueries({ queryKey: homeKeys.activities() }),
    ]);

  const figures = index.data;
  const rate = figures ? ratePercent(figures) : null;

  return (
    <PullToRefresh onRefresh={refresh}>
      <main className="home" data-testid="no-auth-home">
        <section className="home-hero">
          <AppImage name="banner" className="home-hero__banner" fetchPriority="high" />
          <div className="home-hero__text">
            <h1>{t('home.hero.title', { name: PRODUCT_NAME })}</h1>
            <p>{t('home.hero.subtitle')}</p>
          </div>
          <CustomerService configs={figures?.customerConfigs ?? []} />
        </section>

        <section className="loan-card" aria-labelledby="max-amount-label" aria-busy={loading}>
          <p className="loan-card__label" id="max-amount-label">
            {t('home.noAuth.maxAmount')}
          </p>
          <p className="loan-card__amount" data-testid="max-loan-amount">
            {figures ? formatVnd(BigInt(figures.maxAmount), language, { symbol: true }) : loading ? <span className="skeleton skeleton--amount" aria-label={t('common.loading')} /> : '—'}
          </p>
          {index.isError ? (
            <p className="loan-card__error" role="alert">
              {t('home.loadFailed')}{' '}
              <button type="button" className="link-button" onClick={() => void index.refetch()}>
                {t('common.retry')}
              </button>
            </p>
          ) : null}
          <dl className="loan-card__facts">
            <div>
              <dt>{t('home.noAuth.rate')}</dt>
              <dd data-testid="annual-rate">{rate !== null ? t('home.noAuth.rateValue', { rate: formatPercent(rate, language) }) : '—'}</dd>
            </div>
            {figures?.aprRangePercent ? (
              <div>
                {/* Decision 119: the interest rate alone hides the fees; the APR range of what is offered (the server's, by the domain's APR). */}
                <dt>{t('home.noAuth.apr')}</dt>
                <dd data-testid="apr-range">
                  {t('home.noAuth.aprValue', { min: `${formatApr(figures.aprRangePercent.min, language)}%`, max: `${formatApr(figures.aprRangePercent.max, language)}%` })}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('home.noAuth.period')}</dt>
              <dd data-testid="loan-period">{figures ? t('home.noAuth.periodValue', { days: formatInteger(Number(figures.loanTerm), language) }) : '—'}</dd>
            </div>
          </dl>
          <Button block color="primary" shape="rounded" size="large" data-testid="apply-button" onClick={() => navigate(paths.authBatch)}>
            {t('home.noAuth.apply')}
          </Button>
          <p className="loan-card__notice" data-testid="under-18-notice">
            {t('validation.birthDate.underage')}
          </p>
        </section>

        {banners.length > 0 ? <BannerCarousel banners={banners} /> : null}

        <p className="home__fees">{t('home.noAuth.fees', { low, high })}</p>

        <section className="selling-points" aria-labelledby="selling-title">
          <h2 id="selling-title">{t('home.selling.title')}</h2>
          <ul>
            {points.map(({ key, icon }) => (
              <li key={key} className="selling-point">
                <span className="selling-point__icon">{icon}</span>
                <div>
                  <h3>{t(`home.selling.${key}.title`)}</h3>
                  <p>{t(`home.selling.${key}.text`, { rate: low })}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <p className="home__indicative">{t('home.noAuth.indicative')}</p>
      </main>
    </PullToRefresh>
  );
}
