import { PLAN_STATUS, type RepayQuote } from '@sen/contract';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { displayDate, money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { track } from '../../shared/tracking/index.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { useOrderDetail } from '../orders/index.ts';
import { useCreateRepayment, useRepayableOrders, useRepayStatus } from './repay-api.ts';
import { TransferView } from './transfer-view.tsx';
import './repay.css';

/**
 * /order/batch-repay-list (?orderNo= preselects one): the orders to repay, chosen with checkboxes,
 * with the total; for one instalment loan, the next instalment or everything; then the transfer
 * (VietQR code, account and content to copy) and its live status until the bank confirms it.
 */
export function BatchRepayPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preselected = params.get('orderNo');
  const orders = useRepayableOrders();
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [scope, setScope] = useState<'next' | 'all'>('all');
  const [quote, setQuote] = useState<RepayQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const createRepayment = useCreateRepayment();
  const status = useRepayStatus(quote?.requestId ?? null);

  // Until the borrower changes it: the order named, else every order.
  const effective = useMemo(() => {
    if (selected) return selected;
    const names = (orders.data ?? []).map((order) => order.orderNo);
    return new Set(preselected && names.includes(preselected) ? [preselected] : names);
  }, [selected, orders.data, preselected]);
  const chosen = useMemo(() => (orders.data ?? []).filter((order) => effective.has(order.orderNo)), [orders.data, effective]);
  const single = chosen.length === 1 ? chosen[0]! : null;
  const detail = useOrderDetail(single?.orderId ?? 0);
  const open = (detail.data?.installmentRepaymentPlanDTOList ?? []).filter((row) => row.planStatus !== PLAN_STATUS.SETTLED);
  const next = single && open.length > 1 ? open[0] : undefined;
  const total = single && next && scope === 'next' ? next.actualNeedRepayAmount : chosen.reduce((sum, order) => sum + order.actualRepayAmount, 0);

  useEffect(() => {
    if (status.data?.status !== 'paid') return;
    track('repay_success', { amount: status.data.paidAmount, orders: status.data.orders.length });
  }, [status.data?.status, status.data?.paidAmount, status.data?.orders.length]);

  const toggle = (orderNo: string) => {
    const set = new Set(effective);
    if (set.has(orderNo)) set.delete(orderNo);
    else set.add(orderNo);
    setSelected(set);
  };

  const pay = async () => {
    setError(null);
    if (chosen.length === 0) {
      setError(t('validation.repayment.required'));
      return;
    }
    try {
      setQuote(
        await createRepayment.mutateAsync(
          single && next && scope === 'next' ? { kind: 'instalments', orderNo: single.orderNo, planParts: [next.planPart] } : { kind: 'orders', orderNos: chosen.map((order) => order.orderNo) },
        ),
      );
    } catch (failure) {
      const message = isRequestError(failure) && failure.kind === 'envelope' ? failure.message : t('error.requestFailed');
      setError(message);
      showToast(message);
    }
  };

  const paid = status.data?.status === 'paid';
  return (
    <div className="page">
      <PageHeader title={t('page.batchRepayList')} onBack={quote && !paid ? () => setQuote(null) : undefined} />
      <main className="page__content repay" data-testid="batch-repay" aria-busy={orders.isPending}>
        {quote ? (
          <>
            <TransferView quote={quote} status={status.data} />
            {paid ? (
              <div className="repay-done" data-testid="repay-done">
                <p>{status.data!.orders.map((order) => `${order.orderNo}: ${order.statusLabel}`).join(' · ')}</p>
                <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(single ? `${paths.orderInfo}?orderId=${single.orderId}` : paths.orderList, { replace: true })} data-testid="repay-done-order">
                  {t('repay.done.view')}
                </Button>
                <Button block fill="none" shape="rounded" onClick={() => navigate(paths.root, { replace: true })}>
                  {t('common.goHome')}
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <QueryView
            query={orders}
            errorTitle={t('repay.loadFailed')}
            isEmpty={(list) => list.length === 0}
            empty={
              <section className="result" data-testid="repay-empty">
                <h1 className="result__title">{t('repay.empty.title')}</h1>
                <p className="result__text">{t('repay.empty.text')}</p>
              </section>
            }
          >
            {(list) => (
              <>
                <fieldset className="repay-choose">
                  <legend className="repay-choose__legend">{t('repay.choose')}</legend>
                  {list.map((order) => (
                    <label key={order.orderNo} className={`repay-choice${order.overdueDays > 0 ? ' is-overdue' : ''}`} data-testid="repay-choice">
                      <input type="checkbox" checked={effective.has(order.orderNo)} onChange={() => toggle(order.orderNo)} data-order-no={order.orderNo} />
                      <span className="repay-choice__text">
                        <strong>{order.productName}</strong>
                        <small>
                          {order.orderNo} · {t('repay.item.due', { date: displayDate(order.dueDate, order.dueDate, language) })}
                          {order.overdueDays > 0 ? ` · ${t(order.overdueDays === 1 ? 'orders.overdueOneDay' : 'orders.overdueDays', { days: order.overdueDays })}` : ''}
                        </small>
                      </span>
                      <span className="repay-choice__amount">{money(order.actualRepayAmount, language)}</span>
                    </label>
                  ))}
                </fieldset>
                {next ? (
                  <fieldset className="repay-scope">
                    <legend className="repay-choose__legend">{t('repay.scope.title')}</legend>
                    <label className="repay-choice">
                      <input type="radio" name="scope" checked={scope === 'next'} onChange={() => setScope('next')} data-testid="scope-next" />
                      <span className="repay-choice__text">
                        <strong>{t('repay.scope.next', { part: next.planPart })}</strong>
                        <small>{displayDate(next.dueDate, next.dueDate, language)}</small>
                      </span>
                      <span className="repay-choice__amount">{money(next.actualNeedRepayAmount, language)}</span>
                    </label>
                    <label className="repay-choice">
                      <input type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} data-testid="scope-all" />
                      <span className="repay-choice__text">
                        <strong>{t('repay.scope.all')}</strong>
                        <small>{t('repay.scope.allHint')}</small>
                      </span>
                      <span className="repay-choice__amount">{money(single!.actualRepayAmount, language)}</span>
                    </label>
                  </fieldset>
                ) : null}
                <div className="repay-footer">
                  <p className="repay-footer__total">
                    <span>{t('repay.selectedTotal')}</span>
                    <strong data-testid="selected-total">{money(total, language)}</strong>
                  </p>
                  {error ? (
                    <p className="field__error" role="alert" data-testid="repay-error-text">
                      {error}
                    </p>
                  ) : null}
                  <Button block color="primary" shape="rounded" size="large" onClick={pay} data-testid="repay-submit">
                    {t('repay.submit')}
                  </Button>
                </div>
              </>
            )}
          </QueryView>
        )}
      </main>
    </div>
  );
}
