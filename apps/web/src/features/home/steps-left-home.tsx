import { AUTH_DONE, AUTH_ITEMS, type AuthItem } from '@sen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useAuthStatus } from '../auth/index.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { PRODUCT_NAME } from '../../shared/config/app-config.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';
import { BannerCarousel } from '../../shared/ui/banner-carousel.tsx';
import { PullToRefresh } from '../../shared/ui/pull-to-refresh.tsx';
import { CustomerService } from './contact-dialog.tsx';
import { useHomeBanners, useCommonIndex } from './home-api.ts';
import { homeKeys } from './home-keys.ts';
import './has-auth-home.css';
import { stepsLeft } from './home-rules.ts';

/**
 * The home of a signed-in borrower not yet certified: how many steps are left before a credit
 * limit ('4 steps to your credit limit'), each step's state, and Continue where they stopped.
 */
export function StepsLeftCard() {
  const { t } = useT();
  const navigate = useNavigate();
  const authStatus = useAuthStatus();
  const authConfig = authStatus?.authConfig ?? null;
  const authDetail = authStatus?.authDetail ?? null;
  const left = stepsLeft(authConfig, authDetail, AUTH_ITEMS);
  const items = (authConfig ?? '')
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter((item): item is AuthItem => item in AUTH_ITEMS && item !== 'BANK');
  return (
    <section className="steps-card" aria-labelledby="steps-title" data-testid="steps-left">
      <h2 id="steps-title" className="steps-card__title">
        {t('home.steps.title', { count: left.length })}
      </h2>
      <p className="steps-card__text">{t('home.steps.text')}</p>
      <ol className="steps-card__list">
        {items.map((item) => {
          const done = authDetail?.[AUTH_ITEMS[item]] === AUTH_DONE;
          return (
            <li key={item} className={done ? 'is-done' : undefined}>
              <span className="steps-card__mark" aria-hidden="true">
                {done ? <CheckIcon /> : null}
              </span>
              <span className="steps-card__name">{t(`home.steps.item.${item}`)}</span>
              <span className="steps-card__state">{done ? t('home.steps.done') : t('home.steps.todo')}</span>
            </li>
          );
        })}
      </ol>
      <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(paths.authBatch)} data-testid="continue-certification">
        {t('home.steps.continue')}
      </Button>
    </section>
  );
}

/** `/` and /home/no-auth for a signed-in borrower not yet certified. */
export function StepsLeftHome() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const banners = useHomeBanners();
  const commonIndex = useCommonIndex();
  return (
    <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: homeKeys.activities() })}>
      <main className="home" data-testid="steps-left-home">
        <section className="home-hero">
          <AppImage name="banner" className="home-hero__banner" fetchPriority="high" />
          <div className="home-hero__text">
            <h1>{t('home.hero.title', { name: PRODUCT_NAME })}</h1>
            <p>{t('home.hero.subtitle')}</p>
          </div>
          <CustomerService configs={commonIndex.data?.customerConfigs ?? []} />
        </section>
        <StepsLeftCard />
        {banners.length > 0 ? <BannerCarousel banners={banners} /> : null}
      </main>
    </PullToRefresh>
  );
}
