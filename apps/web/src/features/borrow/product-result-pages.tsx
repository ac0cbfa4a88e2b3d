import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import type { BorrowOutcome } from './product-info-page.tsx';
import './borrow.css';

function useOutcome(): BorrowOutcome | null {
  return (useLocation().state as BorrowOutcome | null) ?? null;
}

/** /product/succeed: the order (single) or each product's result (batch), and what happens next. */
export function ProductSucceedPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const outcome = useOutcome();
  const goHome = () => navigate(paths.root, { replace: true });
  return (
    <div className="page">
      <PageHeader title={t('page.productSucceed')} onBack={goHome} />
      <main className="page__content result" data-testid="product-succeed">
        <div className="result__icon result__icon--success">
          <CheckIcon width={40} height={40} />
        </div>
        <h1 className="result__title">{t('borrow.succeed.title')}</h1>
        <p className="result__text">{t('borrow.succeed.text')}</p>
        {outcome?.type === 'single' ? (
          <dl className="result-facts" data-testid="succeed-order">
            <div>
              <dt>{t('orders.orderNo')}</dt>
              <dd>{outcome.order.orderNo}</dd>
            </div>
            <div>
              <dt>{t('orders.loanAmount')}</dt>
              <dd>{money(outcome.order.loanAmount, language)}</dd>
            </div>
            <div>
              <dt>{t('orders.status')}</dt>
              <dd>{outcome.order.statusLabel}</dd>
            </div>
          </dl>
        ) : outcome?.type === 'batch' ? (
          <ul className="result-list" data-testid="succeed-batch">
            {outcome.results.map((result) => (
              <li key={result.productId} className={result.pushStatus === 200 ? 'is-ok' : 'is-failed'}>
                <strong>{result.productName}</strong>
                <span>{result.pushStatus === 200 ? `${money(result.loanAmount, language)} · ${result.orderNo}` : result.pushMessage}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(paths.orderList, { replace: true })} data-testid="view-orders">
          {t('borrow.succeed.orders')}
        </Button>
        <Button block fill="none" shape="rounded" onClick={goHome}>
          {t('common.goHome')}
        </Button>
      </main>
    </div>
  );
}

/** /product/failed: 'Submission Failed' with the server's reason, and a way back. */
export function ProductFailedPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const outcome = useOutcome();
  const goHome = () => navigate(paths.root, { replace: true });
  return (
    <div className="page">
      <PageHeader title={t('page.productFailed')} onBack={goHome} />
      <main className="page__content result" data-testid="product-failed">
        <div className="result__icon result__icon--failed" aria-hidden="true">
          !
        </div>
        <h1 className="result__title">{t('borrow.failed.title')}</h1>
        <p className="result__text" data-testid="failed-reason">
          {outcome?.type === 'failed' ? outcome.message : t('borrow.failed.text')}
        </p>
        <Button block color="primary" shape="rounded" size="large" onClick={goHome} data-testid="failed-home">
          {t('borrow.failed.again')}
        </Button>
      </main>
    </div>
  );
}
