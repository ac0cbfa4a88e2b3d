import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { displayDate, money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PullToRefresh } from '../../shared/ui/pull-to-refresh.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { OrderStatusTag } from './order-status.tsx';
import { useOrders } from './orders-api.ts';
import './orders.css';

export const orderInfoPath = (orderId: number) => `${paths.orderInfo}?orderId=${orderId}`;

/** /order/list: every order of the borrower, newest first, with its status; empty and error states. */
export function OrderListPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const orders = useOrders();
  return (
    <div className="page">
      <PageHeader title={t('page.orderList')} />
      <PullToRefresh onRefresh={() => orders.refetch()}>
        <main className="page__content orders" data-testid="order-list" aria-busy={orders.isPending}>
          <QueryView
            query={orders}
            errorTitle={t('orders.loadFailed')}
            errorTestId="orders-error"
            isEmpty={(list) => list.length === 0}
            empty={
              <section className="result" data-testid="orders-empty">
                <h1 className="result__title">{t('orders.empty.title')}</h1>
                <p className="result__text">{t('orders.empty.text')}</p>
                <Button color="primary" shape="rounded" onClick={() => navigate(paths.root)} data-testid="orders-borrow">
                  {t('orders.empty.borrow')}
                </Button>
              </section>
            }
          >
            {(list) => (
              <ul className="order-list">
                {list.map((order) => (
                  <li key={order.orderId}>
                    <button type="button" className="order-item" onClick={() => navigate(orderInfoPath(order.orderId))} data-testid="order-item" data-order-no={order.orderNo}>
                      <span className="order-item__head">
                        <strong>{order.productName}</strong>
                        <OrderStatusTag code={order.status} label={order.statusLabel} />
                      </span>
                      <span className="order-item__amount">{money(order.loanAmount, language)}</span>
                      <span className="order-item__meta">
                        <span>{order.orderNo}</span>
                        <span>{displayDate(order.applyDate, order.createTime.slice(0, 10), language)}</span>
                      </span>
                      {order.overdueDays > 0 ? <span className="order-item__alert">{t(order.overdueDays === 1 ? 'orders.overdueOneDay' : 'orders.overdueDays', { days: order.overdueDays })}</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </main>
      </PullToRefresh>
    </div>
  );
}
