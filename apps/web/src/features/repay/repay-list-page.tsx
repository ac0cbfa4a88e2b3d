import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PullToRefresh } from '../../shared/ui/pull-to-refresh.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { homeKeys } from '../home/index.ts';
import { LoanAmountsFacts, OrderStatusTag } from '../orders/index.ts';
import { useRepayableOrders } from './repay-api.ts';
import './repay.css';

export const batchRepayPath = (orderNo?: string) => (orderNo ? `${paths.orderBatchRepayList}?orderNo=${encodeURIComponent(orderNo)}` : paths.orderBatchRepayList);

/**
 * /order/repay-list, the Order tab: what is due now across the borrower's loans (decision 119: the
 * overdue instalments and those due today, never the next ones), what settles them all today, and
 * each order's due now, next instalment with its date, what settles it today and days overdue;
 * Repay one or several; the full order history one tap away.
 */
export function RepayListPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const signedIn = useSessionStore((state) => Boolean(state.token));
  const orders = useRepayableOrders();
  const refresh = () => Promise.all([orders.refetch(), client.invalidateQueries({ queryKey: homeKeys.indexes() })]);
  const total = (orders.data ?? []).reduce((sum, order) => sum + order.amounts.settleToday, 0);
  const due = (orders.data ?? []).reduce((sum, order) => sum + order.amounts.dueNow, 0);
  return (
    <div className="page">
      <PageHeader title={t('page.repayList')} showBack={false} />
      <PullToRefresh onRefresh={refresh}>
        <main className="page__content repay" data-testid="repay-list" aria-busy={orders.isPending}>
          <QueryView
            query={orders}
            errorTitle={t('repay.loadFailed')}
            errorTestId="repay-error"
            isEmpty={(list) => list.length === 0}
            empty={
              <section className="result" data-testid="repay-empty">
                <h1 className="result__title">{t('repay.empty.title')}</h1>
                <p className="result__text">{t('repay.empty.text')}</p>
                <Button color="primary" shape="rounded" onClick={() => navigate(paths.orderList)} data-testid="repay-empty-orders">
                  {t('repay.allOrders')}
                </Button>
              </section>
            }
          >
            {(list) => (
              <>
                <section className="repay-total" aria-labelledby="repay-total-title">
                  <h1 id="repay-total-title" className="repay-total__label">
                    {t('amounts.dueNow')}
                  </h1>
                  <p className="repay-total__amount" data-testid="repay-total-due">
                    {money(due, language)}
                  </p>
                  <p className="repay-total__sub">
                    {t('amounts.settleToday')}: <span data-testid="repay-total-settle">{money(total, language)}</span>
                  </p>
                  {list.length > 1 ? (
                    <Button block shape="rounded" size="large" className="repay-total__button" onClick={() => navigate(batchRepayPath())} data-testid="batch-repay">
                      {t('repay.batch')}
                    </Button>
                  ) : null}
                </section>
                <ul className="repay-list">
                  {list.map((order) => (
                    <li key={order.orderNo} className={`repay-item${order.overdueDays > 0 ? ' is-overdue' : ''}`} data-testid="repay-item" data-order-no={order.orderNo}>
                      <div className="repay-item__head">
                        <strong>{order.productName}</strong>
                        <OrderStatusTag code={order.orderStatus} label={order.statusLabel} />
                      </div>
                      <LoanAmountsFacts amounts={order.amounts} show={['dueNow', 'nextInstalment', 'settleToday']} />
                      {order.overdueDays > 0 ? <p className="repay-item__alert">{t(order.overdueDays === 1 ? 'orders.overdueOneDay' : 'orders.overdueDays', { days: order.overdueDays })}</p> : null}
                      <div className="repay-item__actions">
                        <button type="button" className="link-button" onClick={() => navigate(`${paths.orderInfo}?orderId=${order.orderId}`)}>
                          {t('repay.item.details')}
                        </button>
                        <Button size="small" color="primary" shape="rounded" onClick={() => navigate(batchRepayPath(order.orderNo))} data-testid="repay-order">
                          {t('orders.repay')}
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
                {signedIn ? (
                  <button type="button" className="link-button repay-all-orders" onClick={() => navigate(paths.orderList)} data-testid="all-orders">
                    {t('repay.allOrders')}
                  </button>
                ) : null}
              </>
            )}
          </QueryView>
        </main>
      </PullToRefresh>
    </div>
  );
}

