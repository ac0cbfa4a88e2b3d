import { OverdueBanner } from './overdue-banner.tsx';
import { AUTH_DONE, REVIEW_RETRY_MS, detectRegClient, type ProductCard } from '@sen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import type { AccountAndContactsPageState } from '../accounts/index.ts';
import { useAuthStatus } from '../auth/index.ts';
import { currentUserAgent } from '../../shared/device/user-agent.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { localStore } from '../../shared/storage/local-store.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';
import { BannerCarousel } from '../../shared/ui/banner-carousel.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { PullToRefresh } from '../../shared/ui/pull-to-refresh.tsx';
import { useHeldFlag } from '../../shared/ui/use-held-flag.ts';
import { CustomerService } from './contact-dialog.tsx';
import { useHomeBanners, useCommonIndex, useHomeIndex } from './home-api.ts';
import { homeKeys } from './home-keys.ts';
import { displayDate, money } from '../../shared/i18n/format.ts';
import { CongratulationPopup, NewProductsPopup, PreCreditPopup } from './home-popups.tsx';
import { applyAction, congratulationAction, isWithdrawDisabled, newProducts, selectHomeMode, type ApplyAction } from './home-rules.ts';
import { LoanTicker } from './loan-ticker.tsx';
import { ProductCardView } from './product-card.tsx';
import './has-auth-home.css';

/** Cached flags (kept across logins, unlike the app cache): the congratulation shows once per user. */
const congratulatedKey = (userId: number | string) => `home-congratulated:${userId}`;
const seenNewProductsKey = (userId: number | string) => `home-new-products-seen:${userId}`;

/** Seconds left before Refresh may be pressed again (SPEC.md §9: review retry wait 1 minute). */
function useRetryWait(): [number, () => void] {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  const left = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return [
    left,
    () => {
      setNow(Date.now());
      setUntil(Date.now() + REVIEW_RETRY_MS);
    },
  ];
}

/**
 * The logged-in home with completed authentication (/home/has-auth), in SPEC.md §4's modes from
 * index/v3: PreAuditRejected, CalmPeriod, PreAuditLoading (Refresh, retry after a minute, locked
 * cards), Normal (credit, withdraw, products, first-time congratulation and new-products popups),
 * NoProducts; any other status goes to not-found. Bank-error banner, banners, pull-to-refresh.
 */
export function HasAuthHome() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSessionStore((state) => state.user?.id ?? 'anonymous');
  const index = useHomeIndex(userId);
  const banners = useHomeBanners();
  const commonIndex = useCommonIndex();
  const bankCardState = useAuthStatus()?.authDetail.bankCardState ?? null;
  const loading = useHeldFlag(index.isPending);
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const [preCredit, setPreCredit] = useState<{ kind: 'pending' } | { kind: 'failed'; date: string } | null>(null);
  // Bumped after a popup's cached flag is written, so the popups below are derived again.
  const [, setFlagsVersion] = useState(0);
  const [retryLeft, startRetryWait] = useRetryWait();

  const data = index.data;
  const mode = data ? selectHomeMode(data) : null;
  const fresh = data ? newProducts(data) : [];
  const freshIds = fresh.map((card) => card.productId).sort((a, b) => a - b).join(',');

  // The popups of Normal mode, from cached flags: the congratulation once per user, then the new
  // products once per set of new products.
  const congratulated = localStore.get(congratulatedKey(userId)) !== null;
  const newProductsSeen = !freshIds || localStore.get(seenNewProductsKey(userId)) === freshIds;
  const popup = mode !== 'Normal' ? null : !congratulated ? 'congratulation' : !newProductsSeen ? 'new-products' : null;

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: homeKeys.indexes() }), queryClient.invalidateQueries({ queryKey: homeKeys.activities() })]);

  const closeCongratulation = () => {
    localStore.set(congratulatedKey(userId), '1');
    setFlagsVersion((version) => version + 1);
  };
  const closeNewProducts = () => {
    localStore.set(seenNewProductsKey(userId), freshIds);
    setFlagsVersion((version) => version + 1);
  };

  const isIos = detectRegClient(currentUserAgent()) === 'IOS';
  const act = (action: ApplyAction) => {
    switch (action.kind) {
      case 'download':
        window.location.assign(action.url);
        return;
      case 'pending':
        setPreCredit({ kind: 'pending' });
        return;
      case 'failed':
        setPreCredit({ kind: 'failed', date: displayDate(action.date ?? data?.enableLoanDate, action.text || data?.enableLoanStr || '', language) });
        return;
      case 'add-information':
        navigate(paths.authAdditionalInformation);
        return;
      case 'bind-card': {
        // After the first account is saved, back to the product tapped (issue 25 item 8), not home.
        const next = `${paths.productInfo}?${new URLSearchParams({ productId: String(action.productId), amount: String(action.amount) })}`;
        navigate(paths.authAccountAndContacts, { state: { next } satisfies AccountAndContactsPageState });
        return;
      }
      case 'product-info':
        navigate(`${paths.productInfo}?${new URLSearchParams({ productId: String(action.productId), amount: String(action.amount) })}`);
    }
  };
  const apply = (card: ProductCard) => act(applyAction(card, { isIos, bankCardState }));
  const withdraw = () => {
    if (!data) return;
    const productIds = data.showProducts.map((card) => card.productId).join(',');
    const next = `${paths.productInfo}?${new URLSearchParams({ productIds, amount: String(data.canApplyAmount), mode: 'batch' })}`;
    if (bankCardState !== AUTH_DONE) {
      navigate(paths.authAccountAndContacts, { state: { next } satisfies AccountAndContactsPageState });
      return;
    }
    navigate(next);
  };

  if (mode === 'NotFound') return <Navigate to={paths.notFoundAlias} replace />;

  const cards = data ? [...data.showProducts, ...data.canNotApplyProducts] : [];
  const nextDate = data ? displayDate(data.enableLoanDate, data.enableLoanStr, language) : '';
  const showCards = mode === 'Normal' || mode === 'PreAuditLoading' || mode === 'PreAuditRejected';

  return (
    <PullToRefresh onRefresh={refresh}>
      <main className="home has-auth-home" data-testid="has-auth-home" data-mode={mode ?? 'loading'} aria-busy={loading}>
        {data?.bankErrorFlag && !bannerDismissed ? (
          <section className="bank-error" role="alert" data-testid="bank-error-banner">
            <div>
              <strong>{t('home.bankError.title')}</strong>
              <p>{t('home.bankError.text')}</p>
            </div>
            <div className="bank-error__actions">
              <Button size="small" color="danger" shape="rounded" onClick={() => navigate(paths.authAccount)}>
                {t('home.bankError.modify')}
              </Button>
              <button type="button" className="link-button" onClick={() => setBannerDismissed(true)}>
                {t('home.bankError.dismiss')}
              </button>
            </div>
          </section>
        ) : null}

        {data ? <OverdueBanner home={data} /> : null}

        <section className="credit-hero" aria-labelledby="credit-title">
          <h1 id="credit-title" className="credit-hero__title">
            {t('home.hasAuth.title')}
          </h1>
          <CustomerService configs={commonIndex.data?.customerConfigs ?? []} />
          {!data ? (
            index.isError ? (
              <p className="credit-hero__text" role="alert">
                {t('home.loadFailed')}{' '}
                <button type="button" className="link-button link-button--light" onClick={() => void index.refetch()}>
                  {t('common.retry')}
                </button>
              </p>
            ) : (
              <span className="skeleton skeleton--amount" aria-label={t('common.loading')} />
            )
          ) : mode === 'PreAuditRejected' ? (
            <div data-testid="mode-rejected">
              <AppImage name="failed" className="credit-hero__image" width={72} height={72} />
              <p className="credit-hero__status">{t('home.rejected.title')}</p>
              <p className="credit-hero__text" data-testid="retry-date">
                {t('home.rejected.text', { date: nextDate })}
              </p>
            </div>
          ) : mode === 'CalmPeriod' ? (
            <div data-testid="mode-calm">
              <AppImage name="pending" className="credit-hero__image" width={72} height={72} />
              <p className="credit-hero__status">{t('home.calm.title')}</p>
              <p className="credit-hero__text">{t('home.calm.text', { date: nextDate })}</p>
            </div>
          ) : mode === 'PreAuditLoading' ? (
            <div data-testid="mode-reviewing">
              <AppImage name="pending" className="credit-hero__image" width={72} height={72} />
              <p className="credit-hero__status">{t('home.review.title')}</p>
              <p className="credit-hero__text">{t('home.review.text')}</p>
              <Button
                color="default"
                shape="rounded"
                className="credit-hero__button"
                disabled={retryLeft > 0}
                loading={index.isFetching}
                onClick={async () => {
                  startRetryWait();
                  await index.refetch();
                }}
                data-testid="review-refresh"
              >
                {retryLeft > 0 ? t('home.review.retryIn', { seconds: retryLeft }) : t('home.review.refresh')}
              </Button>
            </div>
          ) : (
            <div data-testid={mode === 'Normal' ? 'mode-normal' : 'mode-no-products'}>
              <p className="credit-hero__label">{t('home.credit.available')}</p>
              <p className="credit-hero__amount" data-testid="available-credit">
                {money(data.userCreditAmount, language)}
              </p>
              <dl className="credit-hero__facts">
                <div>
                  <dt>{t('home.credit.total')}</dt>
                  <dd>{money(data.totalCreditAmount, language)}</dd>
                </div>
                <div>
                  <dt>{t('home.credit.used')}</dt>
                  <dd>{money(data.usedAmount, language)}</dd>
                </div>
              </dl>
              {mode === 'Normal' ? (
                <Button block shape="rounded" size="large" className="credit-hero__button" disabled={isWithdrawDisabled(data)} onClick={withdraw} data-testid="withdraw">
                  {t('home.withdraw')}
                </Button>
              ) : null}
            </div>
          )}
        </section>

        {banners.length > 0 && mode !== 'CalmPeriod' ? <BannerCarousel banners={banners} /> : null}
        {mode !== 'CalmPeriod' ? <LoanTicker /> : null}

        {mode === 'NoProducts' ? (
          <section className="home-empty" data-testid="no-products">
            <AppImage name="question" className="home-empty__image" width={88} height={88} />
            <h2>{t('home.noProducts.title')}</h2>
            <p>{t('home.noProducts.text')}</p>
          </section>
        ) : null}

        {showCards && cards.length > 0 ? (
          <section className="products" aria-labelledby="products-title">
            <h2 id="products-title" className="products__title">
              {t('home.products.title')}
            </h2>
            <ul className="products__list">
              {cards.map((card) => (
                <ProductCardView key={card.productId} card={card} onApply={apply} onAddInformation={() => navigate(paths.authAdditionalInformation)} />
              ))}
            </ul>
          </section>
        ) : null}

        <CongratulationPopup
          visible={popup === 'congratulation'}
          min={data?.minLoanAmount ?? 0}
          max={data?.maxLoanAmount ?? 0}
          onClose={closeCongratulation}
          onBorrow={() => {
            closeCongratulation();
            // A borrower who has a receiving account goes to a product, never to an empty account form (issue 25 item 8).
            const action = data ? congratulationAction(data, { isIos, bankCardState }) : { kind: 'account-and-contacts' as const };
            if (action.kind === 'account-and-contacts') navigate(paths.authAccountAndContacts);
            else act(action);
          }}
        />
        <NewProductsPopup
          visible={popup === 'new-products'}
          products={fresh}
          onClose={closeNewProducts}
          onBorrow={() => {
            closeNewProducts();
            const first = fresh.find((card) => data?.showProducts.includes(card)) ?? fresh[0];
            if (first) apply(first);
          }}
        />
        <PreCreditPopup state={preCredit} onClose={() => setPreCredit(null)} />
      </main>
    </PullToRefresh>
  );
}
