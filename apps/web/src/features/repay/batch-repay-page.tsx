import { PLAN_STATUS, type OrderInstalment, type RepayableOrder, type RepayQuote } from '@sen/contract';
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

type OpenInstalment = Pick<OrderInstalment, 'planPart' | 'actualNeedRepayAmount' | 'dueDate'>;

/**
 * Part of one loan to pay (decision 119): what is due now, when something is and it does not settle
 * the loan; else the next instalment paid early (what it owes today), when it is not the last one
 * open; else none (settling is the choice).
 */
export function partOfOneLoan(order: RepayableOrder | null, open: readonly OpenInstalment[]): { kind: 'due' | 'early'; planParts: number[]; amount: number; dueDate: string } | null {
  if (!order) return null;
  const { amounts } = order;
  if (amounts.dueNow > 0) return amounts.dueNow < amounts.settleToday ? { kind: 'due', planParts: amounts.duePlanParts, amount: amounts.dueNow, dueDate: '' } : null;
  const next = open.length > 1 ? open[0] : undefined;
  return next && amounts.nextInstalment?.planPart === next.planPart ? { kind: 'early', planParts: [next.planPart], amount: next.actualNeedRepayAmount, dueDate: next.dueDate } : null;
}

/**
 * /order/batch-repay-list (?orderNo= preselects one): the orders to repay, chosen with checkboxes,
 * each with what settles it today; for one instalment loan, what is due now (when something is),
 * or paying the next instalment early (its amount today, beside the next instalment as the repay
 * list shows it), or settling it today (decision 119: the same labels and figures as everywhere);
 * then the transfer (VietQR code, account and content to copy) and its live status until the bank
 * confirms it.
 */
export function BatchRepayPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preselected = params.get('orderNo');
  const orders = useRepayableOrders();
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [scope, setScope] = useState<'part' | 'all'>('all');
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
  // Part of one loan (decision 119): what is due now when something is and it does not settle the loan; else paying the next instalment early.
  const part = partOfOneLoan(single, open);
  const total = single && part && scope === 'part' ? part.amount : chosen.reduce((sum, order) => sum + order.amounts.settleToday, 0);

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
          single && part && scope === 'part' ? { kind: 'instalments', orderNo: single.orderNo, planParts: part.planParts } : { kind: 'orders', orderNos: chosen.map((order) => order.orderNo) },
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
                          {order.orderNo} · {t('amounts.settleToday')}
                          {order.overdueDays > 0 ? ` · ${t(order.overdueDays === 1 ? 'orders.overdueOneDay' : 'orders.overdueDays', { days: order.overdueDays })}` : ''}
                        </small>
                      </span>
                      <span className="repay-choice__amount">{money(order.amounts.settleToday, language)}</span>
                    </label>
                  ))}
                </fieldset>
                {single && part ? (
                  <fieldset className="repay-scope">
                    <legend className="repay-choose__legend">{t('repay.scope.title')}</legend>
                    <label className="repay-choice">
                      <input type="radio" name="scope" checked={scope === 'part'} onChange={() => setScope('part')} data-testid="scope-part" />
                      {part.kind === 'due' ? (
                        <span className="repay-choice__text">
                          <strong>{t('amounts.dueNow')}</strong>
                        </span>
                      ) : (
                        <span className="repay-choice__text">
                          <strong>{t('amounts.prepay', { part: part.planParts[0]! })}</strong>
                          {single.amounts.nextInstalment ? (
                            <small data-testid="scope-next-instalment">
                              {t('amounts.nextInstalment.on', { date: displayDate(single.amounts.nextInstalment.dueDate, single.amounts.nextInstalment.dueDate, language) })}: {money(single.amounts.nextInstalment.amount, language)}
                            </small>
                          ) : null}
                          <small>{t('amounts.prepay.hint', { date: displayDate(part.dueDate, part.dueDate, language) })}</small>
                        </span>
                      )}
                      <span className="repay-choice__amount" data-testid="scope-part-amount">
                        {money(part.amount, language)}
                      </span>
                    </label>
                    <label className="repay-choice">
                      <input type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} data-testid="scope-all" />
                      <span className="repay-choice__text">
                        <strong>{t('amounts.settleToday')}</strong>
                        <small>{t('amounts.settleToday.hint')}</small>
                      </span>
                      <span className="repay-choice__amount">{money(single.amounts.settleToday, language)}</span>
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
